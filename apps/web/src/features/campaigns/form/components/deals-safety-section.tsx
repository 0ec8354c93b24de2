// Step 3's deals and brand safety: the private-marketplace deals of the campaign's exchanges (as
// /api/deals lists them for its advertiser) and whether it buys only through them, the IAB
// categories of its ads (bid.cat, held against the exchanges' block lists), the content categories
// it keeps away from, and the lowest viewability the exchange must predict for an impression.
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import type { Targeting } from '@console/core/api/campaigns';
import type { Deal } from '@console/core/api/deals';
import { formatMicros } from '@console/core/format/money';
import { Checkbox, MultiSelect, NumberInput, SimpleGrid, Stack, Title } from '@mantine/core';
import { IabCategorySelect } from '../../../../components/iab-category-select.tsx';
import { localeOf } from '../../../../lib/format/date-time.ts';
import { useTranslation } from '../../../../lib/i18n/locale-store.ts';
import { useDeals } from '../../api/list-deals.ts';
import type { StepProps } from './step-props.ts';

/** One option per deal id (a deal id on several exchanges reads as one choice, naming them all). */
const dealOptions = (
  deals: readonly Deal[],
  chosen: readonly string[],
  floorLabel: (floor: string) => string,
  locale: string,
) => {
  const byId = new Map<string, Deal[]>();
  for (const deal of deals) byId.set(deal.deal_id, [...(byId.get(deal.deal_id) ?? []), deal]);
  const options = [...byId].map(([dealId, list]) => ({
    value: dealId,
    label: `${list[0]!.name} · ${dealId} · ${list.map((deal) => deal.exchange_name).join(', ')} · ${floorLabel(
      formatMicros(Math.max(...list.map((deal) => deal.floor_micros)), locale),
    )}`,
  }));
  for (const id of chosen) if (!byId.has(id)) options.push({ value: id, label: id });
  return options;
};

export const DealsSafetySection = ({ values, errorOf, change }: StepProps) => {
  const { t, i18n } = useTranslation('campaign-form');
  const targeting = values.targeting;
  const setTargeting = (patch: Partial<Targeting>) => change({ targeting: { ...targeting, ...patch } });
  const deals = useDeals(values.exchange_ids);
  const hasExchanges = values.exchange_ids.length > 0;

  return (
    <Stack
      gap="sm"
      component="section"
      aria-label={t('sections.dealsSafety')}
      data-testid="targeting-deals-safety"
    >
      <Title order={3} fz="h5">
        {t('sections.dealsSafety')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="xs">
          <MultiSelect
            label={t('fields.deals')}
            description={hasExchanges ? t('hints.deals') : t('hints.dealsNeedExchange')}
            data={dealOptions(
              deals.data ?? [],
              targeting.deal_ids,
              (floor) => t('hints.dealFloor', { floor }),
              localeOf(i18n.language),
            )}
            value={targeting.deal_ids}
            onChange={(ids) => setTargeting({ deal_ids: ids })}
            disabled={!hasExchanges && targeting.deal_ids.length === 0}
            searchable
            clearable
            nothingFoundMessage={deals.isLoading ? t('picker.searching') : t('empty.noDeals')}
            error={errorOf('targeting.deal_ids') ?? (deals.isError ? t('picker.loadFailed') : undefined)}
            data-testid="targeting-deals"
          />
          {targeting.deal_ids.length > 0 && (
            <Checkbox
              label={t('fields.dealsOnly')}
              description={t('hints.dealsOnly')}
              checked={targeting.deals_only}
              onChange={(event) => setTargeting({ deals_only: event.currentTarget.checked })}
              data-testid="targeting-deals-only"
            />
          )}
        </Stack>
        <NumberInput
          label={t('fields.minViewability')}
          description={t('hints.minViewability')}
          value={targeting.min_viewability_pct ?? ''}
          onChange={(value) =>
            setTargeting({ min_viewability_pct: typeof value === 'number' ? value : null })
          }
          min={1}
          max={100}
          step={5}
          allowDecimal={false}
          allowNegative={false}
          suffix="%"
          w={{ base: '100%', xs: 220 }}
          error={errorOf('targeting.min_viewability_pct')}
          data-testid="targeting-min-viewability"
        />
        <IabCategorySelect
          label={t('fields.adCategories')}
          description={t('hints.adCategories')}
          value={targeting.ad_categories}
          onChange={(ids) => setTargeting({ ad_categories: ids })}
          error={errorOf('targeting.ad_categories')}
          nothingFound={t('empty.noMatch')}
          testId="targeting-ad-categories"
        />
        <IabCategorySelect
          label={t('fields.excludedContent')}
          description={t('hints.excludedContent')}
          value={targeting.excluded_content_categories}
          onChange={(ids) => setTargeting({ excluded_content_categories: ids })}
          error={errorOf('targeting.excluded_content_categories')}
          nothingFound={t('empty.noMatch')}
          testId="targeting-excluded-content"
        />
      </SimpleGrid>
    </Stack>
  );
};
