// The filters of the queue and the bulk page, bound to the list's URL state: exchange, advertiser
// (server-searched, role-aware) and, on the queue, the approval state.
import '@mantine/core/styles/Input.css';
import { NativeSelect } from '@mantine/core';
import { AdvertiserPicker } from '../../../components/advertiser-picker.tsx';
import type { ListParamsControl } from '../../../components/data-table/use-list-params.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useExchanges } from '../api/list-exchanges.ts';
import { readStateFilter, STATE_FILTERS } from '../approval-model.ts';

type ApprovalFiltersProps = {
  list: ListParamsControl;
  /** Show the state filter (the bulk page works on pending rows only). */
  withState?: boolean;
  /** A name for the advertiser in the URL, when a row of the page knows it. */
  advertiserName?: string;
};

export const ApprovalFilters = ({ list, withState = false, advertiserName }: ApprovalFiltersProps) => {
  const { t } = useTranslation('exchange-approval');
  const exchanges = useExchanges();
  const { filters } = list.params;
  const exchangeId = filters.exchange_id ?? '';
  const known = exchanges.data?.items ?? [];
  const exchangeOptions = [
    { value: '', label: t('filters.allExchanges') },
    ...known.map((exchange) => ({ value: String(exchange.id), label: exchange.name })),
  ];
  // An id from the URL that is not among the first exchanges still shows as chosen.
  if (exchangeId && !known.some((exchange) => String(exchange.id) === exchangeId))
    exchangeOptions.push({ value: exchangeId, label: `#${exchangeId}` });
  const advertiserId = Number(filters.advertiser_id);

  return (
    <>
      {withState ? (
        <NativeSelect
          label={t('filters.state')}
          value={readStateFilter(filters.state)}
          onChange={(event) =>
            // Pending is the default: it leaves the URL clean.
            list.setFilter(
              'state',
              event.currentTarget.value === 'PENDING' ? null : event.currentTarget.value,
            )
          }
          data={STATE_FILTERS.map((state) => ({ value: state, label: t(`filters.states.${state}`) }))}
          data-testid="approval-state-filter"
        />
      ) : null}
      <NativeSelect
        label={t('filters.exchange')}
        value={exchangeId}
        onChange={(event) => list.setFilter('exchange_id', event.currentTarget.value || null)}
        data={exchangeOptions}
        data-testid="approval-exchange-filter"
      />
      <AdvertiserPicker
        label={t('filters.advertiser')}
        placeholder={t('filters.allAdvertisers')}
        value={Number.isSafeInteger(advertiserId) && advertiserId > 0 ? advertiserId : null}
        selectedName={advertiserName}
        onChange={(choice) => list.setFilter('advertiser_id', choice ? String(choice.id) : null)}
        testId="approval-advertiser-filter"
        w={260}
      />
    </>
  );
};
