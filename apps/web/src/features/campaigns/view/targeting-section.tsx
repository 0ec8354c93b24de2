// The campaign's targeting, with names instead of ids where a lookup is cheap: countries and
// languages by the browser (Intl), states, cities, carriers and device makers by id from
// /api/meta-data, OS versions, browsers and app taxonomy from their lists, IAB categories by core's
// list; deals by their ids. An empty list reads "Any" (deals: the open auction; categories: none).
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import type { CampaignDetail } from '@console/core/api/campaigns';
import { iabCategoryLabel } from '@console/core/api/iab-category-list';
import { parseGeoFenceList } from '@console/core/validation/geo-fence';
import { Code, Stack, Text } from '@mantine/core';
import { DetailList, DetailSection } from '../../../components/detail-list.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useBrowsers } from '../api/list-browsers.ts';
import { useOperatingSystems } from '../api/list-operating-systems.ts';
import { useSmartAppCategories } from '../api/list-smart-app-categories.ts';
import { useLookupByIds } from '../api/reference-lookups.ts';
import { ChipList } from './chip-list.tsx';
import { describeOsTargets, languageName, regionName, taxonomyNames } from './view-model.ts';

type Targeting = CampaignDetail['targeting'];

/** What a chip needs of a looked-up item. */
type NamedItem = { id: string | number; name: string };

const categoryChips = (ids: readonly string[]) =>
  ids.map((id) => ({ key: id, label: iabCategoryLabel(id), title: id }));

const namedChips = (ids: readonly (string | number)[], items: readonly NamedItem[] | undefined) => {
  const names = new Map((items ?? []).map((item) => [String(item.id), item.name]));
  return ids.map((id) => ({
    key: String(id),
    label: names.get(String(id)) ?? String(id),
    title: String(id),
  }));
};

export const TargetingSection = ({ targeting }: { targeting: Targeting }) => {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  const states = useLookupByIds('state', targeting.states);
  const cities = useLookupByIds('city', targeting.cities.map(String));
  const carriers = useLookupByIds('carrier', targeting.carriers);
  const makers = useLookupByIds('manufacturer', targeting.device_makers);
  const systems = useOperatingSystems(targeting.os.length > 0);
  const browsers = useBrowsers(targeting.browsers.length > 0);
  const hasApps =
    targeting.app_categories.length + targeting.app_genres.length + targeting.app_subgenres.length > 0;
  const taxonomy = useSmartAppCategories(hasApps);
  const appNames = taxonomyNames(taxonomy.data);
  const fence = parseGeoFenceList(targeting.geo_fence);
  const fenceEntries = fence.success ? fence.entries : [];

  /** Codes named by the browser (Intl), the code as the chip's title. */
  const codeChips = (codes: readonly string[], nameOf: (code: string, language: string) => string) =>
    codes.map((code) => ({ key: code, label: nameOf(code, language), title: code }));
  const taxonomyChips = (ids: readonly number[], names: Map<number, string>) =>
    ids.map((id) => ({ key: String(id), label: names.get(id) ?? `#${id}`, title: `#${id}` }));

  return (
    <DetailSection title={t('view.sections.targeting')} testId="campaign-targeting">
      <DetailList
        rows={[
          {
            label: t('targeting.countries'),
            value: (
              <ChipList testId="targeting-countries" items={codeChips(targeting.countries, regionName)} />
            ),
          },
          {
            label: t('targeting.states'),
            value: <ChipList items={namedChips(targeting.states, states.data)} />,
          },
          {
            label: t('targeting.cities'),
            value: <ChipList items={namedChips(targeting.cities, cities.data)} />,
          },
          {
            label: t('targeting.geoFence'),
            value:
              fenceEntries.length === 0 ? (
                <Text span size="sm" c="dimmed">
                  {t('targeting.noGeoFence')}
                </Text>
              ) : (
                <Stack gap={4}>
                  <Text span size="sm" data-testid="targeting-geo-fence-count">
                    {t('targeting.geoFenceCount', { count: fenceEntries.length })}
                  </Text>
                  <Code block style={{ maxHeight: 120, overflow: 'auto' }}>
                    {fenceEntries
                      .slice(0, 50)
                      .map((entry) =>
                        t('targeting.geoFenceEntry', {
                          lat: entry.latitude,
                          lon: entry.longitude,
                          radius: entry.radius,
                        }),
                      )
                      .join('\n')}
                    {fenceEntries.length > 50
                      ? `\n${t('view.andMore', { count: fenceEntries.length - 50 })}`
                      : ''}
                  </Code>
                </Stack>
              ),
          },
          {
            label: t('targeting.os'),
            value: (
              <ChipList
                testId="targeting-os"
                items={describeOsTargets(targeting.os, systems.data).map((target, index) => ({
                  key: targeting.os[index]?.os ?? String(index),
                  label:
                    target.versions.length > 0
                      ? `${target.os} ${target.versions.join(', ')}`
                      : t('targeting.allVersions', { os: target.os }),
                }))}
              />
            ),
          },
          {
            label: t('targeting.browsers'),
            value: (
              <ChipList
                items={namedChips(
                  targeting.browsers,
                  browsers.data?.map((browser) => ({ id: browser.id, name: browser.name })),
                )}
              />
            ),
          },
          {
            label: t('targeting.deviceTypes'),
            value: (
              <ChipList
                items={targeting.device_types.map((type) => ({ key: type, label: t(`deviceType.${type}`) }))}
              />
            ),
          },
          {
            label: t('targeting.deviceMakers'),
            value: <ChipList items={namedChips(targeting.device_makers, makers.data)} />,
          },
          {
            label: t('targeting.carriers'),
            value: <ChipList items={namedChips(targeting.carriers, carriers.data)} />,
          },
          {
            label: t('targeting.languages'),
            value: (
              <ChipList testId="targeting-languages" items={codeChips(targeting.languages, languageName)} />
            ),
          },
          {
            label: t('targeting.traffic'),
            value: (
              <ChipList
                items={targeting.traffic_types.map((type) => ({
                  key: type,
                  label: t(`trafficType.${type}`),
                }))}
              />
            ),
          },
          {
            label: t('targeting.appCategories'),
            value: <ChipList items={taxonomyChips(targeting.app_categories, appNames.categories)} />,
          },
          {
            label: t('targeting.appGenres'),
            value: <ChipList items={taxonomyChips(targeting.app_genres, appNames.genres)} />,
          },
          {
            label: t('targeting.appSubgenres'),
            value: <ChipList items={taxonomyChips(targeting.app_subgenres, appNames.subgenres)} />,
          },
          {
            label: t('targeting.deals'),
            value: (
              <Stack gap={4}>
                <ChipList
                  testId="targeting-deals"
                  emptyText={t('targeting.openAuction')}
                  items={targeting.deal_ids.map((id) => ({ key: id, label: id }))}
                />
                {targeting.deal_ids.length > 0 && (
                  <Text span size="sm" c="dimmed" data-testid="targeting-deals-only">
                    {targeting.deals_only ? t('targeting.dealsOnly') : t('targeting.dealsAndOpen')}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            label: t('targeting.adCategories'),
            value: (
              <ChipList
                testId="targeting-ad-categories"
                emptyText={t('targeting.none')}
                items={categoryChips(targeting.ad_categories)}
              />
            ),
          },
          {
            label: t('targeting.excludedContent'),
            value: (
              <ChipList
                testId="targeting-excluded-content"
                emptyText={t('targeting.none')}
                items={categoryChips(targeting.excluded_content_categories)}
              />
            ),
          },
          {
            label: t('targeting.minViewability'),
            value: (
              <Text span size="sm" data-testid="targeting-min-viewability">
                {targeting.min_viewability_pct === null
                  ? t('view.any')
                  : t('targeting.minViewabilityValue', { pct: targeting.min_viewability_pct })}
              </Text>
            ),
          },
        ]}
      />
    </DetailSection>
  );
};
