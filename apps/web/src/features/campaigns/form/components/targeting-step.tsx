// Step 3: where and to whom the campaign serves, on the reference data of /api/meta-data: exchanges
// (the advertiser's supported ones), countries -> states -> cities, the geo-fence list, operating
// systems and versions, browsers, device types and makers, carriers of the chosen countries,
// languages, traffic type, smart-app categories -> genres -> subgenres, deals and brand safety
// (deals-safety-section.tsx), and the advertiser's
// inventory lists (allow/block) and audiences (include/exclude). Lists load when the step opens.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import type { Targeting } from '@console/core/api/campaigns';
import { DEVICE_TYPES, TRAFFIC_TYPES } from '@console/core/api/campaigns-constants';
import type { Carrier, City, Manufacturer, State } from '@console/core/api/reference';
import { isSubmittedStatus } from '@console/core/campaign-submit';
import { GEO_FENCE_MAX_ENTRIES } from '@console/core/constants';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ExchangeChecklist } from '../../../../components/exchange-checklist.tsx';
import { useTranslation } from '../../../../lib/i18n/locale-store.ts';
import { useBrowsers } from '../../api/list-browsers.ts';
import { useCountries } from '../../api/list-countries.ts';
import { useLanguages } from '../../api/list-languages.ts';
import { useOperatingSystems } from '../../api/list-operating-systems.ts';
import { useSmartAppCategories } from '../../api/list-smart-app-categories.ts';
import { useRelationOptions } from '../../api/relation-options.ts';
import { useSmartAppListOptions } from '../../api/smart-app-list-options.ts';
import { DealsSafetySection } from './deals-safety-section.tsx';
import { SearchMultiSelect } from './search-multi-select.tsx';
import type { StepProps } from './step-props.ts';

const stateId = (state: State) => state.id;
const stateLabel = (state: State) => `${state.name} (${state.country_id})`;
const cityId = (city: City) => String(city.id);
const cityLabel = (city: City) => `${city.name}, ${city.state_name} (${city.country_id})`;
const carrierId = (carrier: Carrier) => carrier.id;
const carrierLabel = (carrier: Carrier) =>
  `${carrier.name} · ${carrier.country_ids.join(', ')} · ${carrier.mcc_mnc.slice(0, 3).join(', ')}`;
const makerId = (maker: Manufacturer) => maker.id;
const makerLabel = (maker: Manufacturer) => maker.name;

const Section = ({ title, children, testId }: { title: string; children: ReactNode; testId: string }) => (
  <Stack gap="sm" component="section" aria-label={title} data-testid={testId}>
    <Title order={3} fz="h5">
      {title}
    </Title>
    {children}
  </Stack>
);

export const TargetingStep = (props: StepProps) => {
  const { values, errorOf, change, validateField } = props;
  const { t } = useTranslation('campaign-form');
  const targeting = values.targeting;
  const setTargeting = (patch: Partial<Targeting>) => change({ targeting: { ...targeting, ...patch } });

  // What the pickers have seen of cities and carriers, to drop those of a country taken away.
  const cityPlaces = useRef(new Map<string, { country: string; state: string }>());
  const carrierCountries = useRef(new Map<string, string[]>());
  const rememberCities = useCallback((items: City[]) => {
    for (const city of items)
      cityPlaces.current.set(String(city.id), { country: city.country_id, state: city.state_id });
  }, []);
  const rememberCarriers = useCallback((items: Carrier[]) => {
    for (const carrier of items) carrierCountries.current.set(carrier.id, carrier.country_ids);
  }, []);

  const countries = useCountries();
  const countryOptions = useMemo(
    () => (countries.data ?? []).map((country) => ({ value: country.id, label: country.name })),
    [countries.data],
  );

  const changeCountries = (ids: string[]) => {
    const chosen = new Set(ids);
    setTargeting({
      countries: ids,
      states: targeting.states.filter((id) => chosen.has(id.slice(0, 2))),
      cities: targeting.cities.filter((id) => {
        const place = cityPlaces.current.get(String(id));
        return place ? chosen.has(place.country) : chosen.size > 0;
      }),
      carriers: targeting.carriers.filter((id) => {
        const known = carrierCountries.current.get(id);
        return known ? known.some((country) => chosen.has(country)) : chosen.size > 0;
      }),
    });
  };
  const changeStates = (ids: string[]) => {
    const chosen = new Set(ids);
    setTargeting({
      states: ids,
      cities:
        chosen.size === 0
          ? targeting.cities
          : targeting.cities.filter((id) => {
              const place = cityPlaces.current.get(String(id));
              return !place || chosen.has(place.state);
            }),
    });
  };
  const hasCountries = targeting.countries.length > 0;
  const cityFilters: Record<string, string[]> =
    targeting.states.length > 0 ? { state_ids: targeting.states } : { country_ids: targeting.countries };

  const geoEntries = targeting.geo_fence.trim() ? targeting.geo_fence.split('|').length : 0;

  return (
    <Stack gap="xl">
      <ExchangesSection {...props} />

      <Section title={t('sections.geography')} testId="targeting-geography">
        <MultiSelect
          label={t('fields.countries')}
          description={t('hints.any')}
          placeholder={targeting.countries.length === 0 ? t('picker.search') : undefined}
          data={countryOptions}
          value={targeting.countries}
          onChange={changeCountries}
          searchable
          clearable
          maxDropdownHeight={300}
          nothingFoundMessage={countries.isLoading ? t('picker.searching') : t('empty.noMatch')}
          error={errorOf('targeting.countries') ?? (countries.isError ? t('picker.loadFailed') : undefined)}
          data-testid="targeting-countries"
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <SearchMultiSelect
            kind="state"
            label={t('fields.states')}
            description={hasCountries ? t('hints.statesOf') : t('hints.needsCountry')}
            value={targeting.states}
            onChange={changeStates}
            filters={{ country_ids: targeting.countries }}
            disabled={!hasCountries}
            error={errorOf('targeting.states')}
            idOf={stateId}
            labelOf={stateLabel}
            testId="targeting-states"
          />
          <SearchMultiSelect
            kind="city"
            label={t('fields.cities')}
            description={hasCountries ? t('hints.citiesOf') : t('hints.needsCountry')}
            value={targeting.cities.map(String)}
            onChange={(ids) => setTargeting({ cities: ids.map(Number) })}
            filters={cityFilters}
            disabled={!hasCountries}
            error={errorOf('targeting.cities')}
            idOf={cityId}
            labelOf={cityLabel}
            onKnown={rememberCities}
            testId="targeting-cities"
          />
        </SimpleGrid>
        <Textarea
          label={t('fields.geoFence')}
          description={t('hints.geoFence', { max: GEO_FENCE_MAX_ENTRIES.toLocaleString() })}
          placeholder="52.52,13.405,5|48.8566,2.3522,2.5"
          autosize
          minRows={2}
          maxRows={8}
          spellCheck={false}
          value={targeting.geo_fence}
          onChange={(event) => setTargeting({ geo_fence: event.currentTarget.value })}
          onBlur={() => validateField('targeting.geo_fence')}
          error={errorOf('targeting.geo_fence')}
          data-testid="targeting-geo-fence"
        />
        {geoEntries > 0 ? (
          <Text size="xs" c="dimmed" mt={-8} data-testid="targeting-geo-fence-count">
            {t('hints.geoFenceCount', { count: geoEntries })}
          </Text>
        ) : null}
      </Section>

      <DevicesSection {...props} hasCountries={hasCountries} rememberCarriers={rememberCarriers} />
      <ContentSection {...props} />
      <DealsSafetySection {...props} />
      <RelationsSection {...props} />
    </Stack>
  );
};

const ExchangesSection = ({
  values,
  errorOf,
  change,
  advertiserId,
  hasAdvertiser,
  status,
  known,
}: StepProps) => {
  const { t } = useTranslation('campaign-form');
  const submitted = status !== null && isSubmittedStatus(status);

  return (
    <Section title={t('sections.exchanges')} testId="targeting-exchanges">
      {submitted ? (
        <Text size="sm" c="dimmed" data-testid="exchanges-submitted-note">
          {t('notes.submittedExchanges')}
        </Text>
      ) : null}
      <ExchangeChecklist
        advertiserId={advertiserId}
        enabled={hasAdvertiser}
        label={t('fields.exchanges')}
        description={t('hints.exchanges')}
        value={values.exchange_ids}
        onChange={(ids) => change({ exchange_ids: ids })}
        error={errorOf('exchange_ids')}
        knownNames={known.exchanges}
        testId="targeting-exchange"
      />
    </Section>
  );
};

const DevicesSection = ({
  values,
  errorOf,
  change,
  hasCountries,
  rememberCarriers,
}: StepProps & { hasCountries: boolean; rememberCarriers: (items: Carrier[]) => void }) => {
  const { t } = useTranslation('campaign-form');
  const targeting = values.targeting;
  const setTargeting = (patch: Partial<Targeting>) => change({ targeting: { ...targeting, ...patch } });
  const systems = useOperatingSystems();
  const browsers = useBrowsers();
  const systemById = useMemo(
    () => new Map((systems.data ?? []).map((system) => [system.id, system])),
    [systems.data],
  );

  return (
    <Section title={t('sections.devices')} testId="targeting-devices">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <MultiSelect
          label={t('fields.os')}
          description={t('hints.any')}
          placeholder={targeting.os.length === 0 ? t('picker.search') : undefined}
          data={(systems.data ?? []).map((system) => ({ value: system.id, label: system.name }))}
          value={targeting.os.map((entry) => entry.os)}
          onChange={(ids) =>
            setTargeting({
              os: ids.map((id) => targeting.os.find((entry) => entry.os === id) ?? { os: id, versions: [] }),
            })
          }
          searchable
          clearable
          nothingFoundMessage={systems.isLoading ? t('picker.searching') : t('empty.noMatch')}
          error={errorOf('targeting.os') ?? (systems.isError ? t('picker.loadFailed') : undefined)}
          data-testid="targeting-os"
        />
        <MultiSelect
          label={t('fields.browsers')}
          description={t('hints.any')}
          placeholder={targeting.browsers.length === 0 ? t('picker.search') : undefined}
          data={(browsers.data ?? []).map((browser) => ({ value: browser.id, label: browser.name }))}
          value={targeting.browsers}
          onChange={(ids) => setTargeting({ browsers: ids })}
          searchable
          clearable
          limit={100}
          nothingFoundMessage={browsers.isLoading ? t('picker.searching') : t('empty.noMatch')}
          error={errorOf('targeting.browsers') ?? (browsers.isError ? t('picker.loadFailed') : undefined)}
          data-testid="targeting-browsers"
        />
      </SimpleGrid>
      {targeting.os.map((entry) => {
        const system = systemById.get(entry.os);
        const name = system?.name ?? entry.os;
        if (system && system.versions.length === 0) return null;
        return (
          <MultiSelect
            key={entry.os}
            label={t('fields.osVersions', { os: name })}
            description={t('hints.osVersions')}
            placeholder={entry.versions.length === 0 ? t('placeholders.everyVersion') : undefined}
            data={(system?.versions ?? []).map((version) => ({ value: version.id, label: version.name }))}
            value={entry.versions}
            onChange={(versions) =>
              setTargeting({
                os: targeting.os.map((item) => (item.os === entry.os ? { ...item, versions } : item)),
              })
            }
            searchable
            clearable
            data-testid={`targeting-os-versions-${entry.os}`}
          />
        );
      })}
      <Checkbox.Group
        label={t('fields.deviceTypes')}
        description={t('hints.any')}
        value={targeting.device_types}
        onChange={(ids) => setTargeting({ device_types: ids as Targeting['device_types'] })}
        error={errorOf('targeting.device_types')}
        data-testid="targeting-device-types"
      >
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mt="xs">
          {DEVICE_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={t(`deviceType.${type}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SearchMultiSelect
          kind="manufacturer"
          label={t('fields.deviceMakers')}
          description={t('hints.any')}
          value={targeting.device_makers}
          onChange={(ids) => setTargeting({ device_makers: ids })}
          error={errorOf('targeting.device_makers')}
          idOf={makerId}
          labelOf={makerLabel}
          testId="targeting-device-makers"
        />
        <SearchMultiSelect
          kind="carrier"
          label={t('fields.carriers')}
          description={hasCountries ? t('hints.carriersOf') : t('hints.needsCountry')}
          value={targeting.carriers}
          onChange={(ids) => setTargeting({ carriers: ids })}
          filters={{ country_ids: targeting.countries }}
          disabled={!hasCountries}
          error={errorOf('targeting.carriers')}
          idOf={carrierId}
          labelOf={carrierLabel}
          onKnown={rememberCarriers}
          testId="targeting-carriers"
        />
      </SimpleGrid>
    </Section>
  );
};

const ContentSection = ({ values, errorOf, change }: StepProps) => {
  const { t } = useTranslation('campaign-form');
  const targeting = values.targeting;
  const setTargeting = (patch: Partial<Targeting>) => change({ targeting: { ...targeting, ...patch } });
  const languages = useLanguages();
  const taxonomy = useSmartAppCategories();
  const categories = taxonomy.data ?? [];
  const chosenCategories = categories.filter((category) =>
    targeting.app_categories.includes(category.category_id),
  );
  const genres = chosenCategories.flatMap((category) => category.genres);
  const chosenGenres = genres.filter((genre) => targeting.app_genres.includes(genre.genre_id));

  const changeCategories = (ids: number[]) => {
    const keptGenres = categories
      .filter((category) => ids.includes(category.category_id))
      .flatMap((category) => category.genres)
      .filter((genre) => targeting.app_genres.includes(genre.genre_id));
    changeTaxonomy(
      ids,
      keptGenres.map((genre) => genre.genre_id),
    );
  };
  const changeTaxonomy = (categoryIds: number[], genreIds: number[]) => {
    const subgenres = genres
      .filter((genre) => genreIds.includes(genre.genre_id))
      .flatMap((genre) => genre.subgenres.map((subgenre) => subgenre.subgenre_id));
    setTargeting({
      app_categories: categoryIds,
      app_genres: genreIds,
      app_subgenres: targeting.app_subgenres.filter((id) => subgenres.includes(id)),
    });
  };

  return (
    <Section title={t('sections.content')} testId="targeting-content">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <MultiSelect
          label={t('fields.languages')}
          description={t('hints.any')}
          placeholder={targeting.languages.length === 0 ? t('picker.search') : undefined}
          data={(languages.data ?? []).map((language) => ({
            value: language.id,
            label:
              language.native_name && language.native_name !== language.name
                ? `${language.name} · ${language.native_name}`
                : language.name,
          }))}
          value={targeting.languages}
          onChange={(ids) => setTargeting({ languages: ids })}
          searchable
          clearable
          maxDropdownHeight={300}
          nothingFoundMessage={languages.isLoading ? t('picker.searching') : t('empty.noMatch')}
          error={errorOf('targeting.languages') ?? (languages.isError ? t('picker.loadFailed') : undefined)}
          data-testid="targeting-languages"
        />
        <Checkbox.Group
          label={t('fields.trafficTypes')}
          description={t('hints.trafficTypes')}
          value={targeting.traffic_types}
          onChange={(ids) => setTargeting({ traffic_types: ids as Targeting['traffic_types'] })}
          error={errorOf('targeting.traffic_types')}
          data-testid="targeting-traffic-types"
        >
          <Group gap="lg" mt="xs">
            {TRAFFIC_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(`trafficType.${type}`)} />
            ))}
          </Group>
        </Checkbox.Group>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <MultiSelect
          label={t('fields.appCategories')}
          description={t('hints.any')}
          data={categories.map((category) => ({
            value: String(category.category_id),
            label: category.category,
          }))}
          value={targeting.app_categories.map(String)}
          onChange={(ids) => changeCategories(ids.map(Number))}
          searchable
          clearable
          error={
            errorOf('targeting.app_categories') ?? (taxonomy.isError ? t('picker.loadFailed') : undefined)
          }
          data-testid="targeting-app-categories"
        />
        <MultiSelect
          label={t('fields.appGenres')}
          description={chosenCategories.length > 0 ? t('hints.genres') : t('hints.needsCategory')}
          data={chosenCategories.map((category) => ({
            group: category.category,
            items: category.genres.map((genre) => ({ value: String(genre.genre_id), label: genre.genre })),
          }))}
          value={targeting.app_genres.map(String)}
          onChange={(ids) => changeTaxonomy(targeting.app_categories, ids.map(Number))}
          disabled={chosenCategories.length === 0}
          searchable
          clearable
          error={errorOf('targeting.app_genres')}
          data-testid="targeting-app-genres"
        />
        <MultiSelect
          label={t('fields.appSubgenres')}
          description={chosenGenres.length > 0 ? t('hints.subgenres') : t('hints.needsGenre')}
          data={chosenGenres.map((genre) => ({
            group: genre.genre,
            items: genre.subgenres.map((subgenre) => ({
              value: String(subgenre.subgenre_id),
              label: subgenre.subgenre,
            })),
          }))}
          value={targeting.app_subgenres.map(String)}
          onChange={(ids) => setTargeting({ app_subgenres: ids.map(Number) })}
          disabled={chosenGenres.length === 0}
          searchable
          clearable
          error={errorOf('targeting.app_subgenres')}
          data-testid="targeting-app-subgenres"
        />
      </SimpleGrid>
    </Section>
  );
};

type RelationMode = 'ALLOW' | 'BLOCK' | 'INCLUDE' | 'EXCLUDE';
const OPPOSITE: Record<RelationMode, RelationMode> = {
  ALLOW: 'BLOCK',
  BLOCK: 'ALLOW',
  INCLUDE: 'EXCLUDE',
  EXCLUDE: 'INCLUDE',
};

/** One of the four relation pickers (lists allowed/blocked, audiences included/excluded). */
const RelationSelect = ({
  kind,
  mode,
  chosen,
  names,
  advertiserId,
  enabled,
  onChange,
  error,
  onFailed,
}: {
  kind: 'applists' | 'audiences';
  mode: RelationMode;
  /** The ids chosen in each mode of this kind. */
  chosen: Record<RelationMode, number[]>;
  names: Record<number, string>;
  advertiserId: number | null;
  enabled: boolean;
  onChange: (ids: number[]) => void;
  error?: string;
  onFailed: (failed: boolean) => void;
}) => {
  const { t } = useTranslation('campaign-form');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const options = useRelationOptions(advertiserId, q, enabled);
  const isError = options.isError;
  useEffect(() => onFailed(isError), [isError, onFailed]);
  // Each choice shows its size, so a user picks the list of a million entries knowingly.
  const found =
    kind === 'applists'
      ? (options.data?.applists ?? []).map((list) => ({
          id: list.applist_id,
          name: t('picker.listSize', { name: list.name, n: list.entry_count.toLocaleString() }),
        }))
      : (options.data?.audiences ?? []).map((audience) => ({
          id: audience.audience_id,
          name:
            audience.status === 'PROCESSING'
              ? t('picker.audienceProcessing', { name: audience.name })
              : t('picker.audienceSize', {
                  name: audience.name,
                  n: (audience.matched_size ?? 0).toLocaleString(),
                }),
        }));
  const labels = new Map<number, string>(Object.entries(names).map(([id, name]) => [Number(id), name]));
  for (const item of found) labels.set(item.id, item.name);
  const other = new Set(chosen[OPPOSITE[mode]]);
  const ids = [...new Set([...found.map((item) => item.id), ...chosen[mode]])].filter((id) => !other.has(id));
  return (
    <MultiSelect
      label={t(`fields.${kind}_${mode}`)}
      description={t(`hints.${kind}_${mode}`)}
      data={ids.map((id) => ({ value: String(id), label: labels.get(id) ?? `#${id}` }))}
      value={chosen[mode].map(String)}
      onChange={(next) => onChange(next.map(Number))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: shown }) => shown}
      clearable
      disabled={!enabled}
      nothingFoundMessage={options.isFetching ? t('picker.searching') : t('empty.noMatch')}
      error={error}
      data-testid={`targeting-${kind}-${mode.toLowerCase()}`}
    />
  );
};

/** The admin-curated smart-app lists (every role may target them), searched on the server. */
const SmartAppListSelect = ({
  chosen,
  names,
  onChange,
  error,
}: {
  chosen: number[];
  names: Record<number, string>;
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}) => {
  const { t } = useTranslation('campaign-form');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const options = useSmartAppListOptions(q);
  const labels = new Map<number, string>(Object.entries(names).map(([id, name]) => [Number(id), name]));
  for (const list of options.data?.items ?? [])
    labels.set(
      list.list_id,
      t('picker.smartAppSize', { name: list.name, n: list.app_count.toLocaleString() }),
    );
  const ids = [...new Set([...(options.data?.items ?? []).map((list) => list.list_id), ...chosen])];
  return (
    <MultiSelect
      label={t('fields.smartAppLists')}
      description={t('hints.smartAppLists')}
      data={ids.map((id) => ({ value: String(id), label: labels.get(id) ?? `#${id}` }))}
      value={chosen.map(String)}
      onChange={(next) => onChange(next.map(Number))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: shown }) => shown}
      clearable
      nothingFoundMessage={options.isFetching ? t('picker.searching') : t('empty.noMatch')}
      error={error}
      data-testid="targeting-smart-app-lists"
    />
  );
};

const RelationsSection = ({ values, errorOf, change, advertiserId, hasAdvertiser, known }: StepProps) => {
  const { t } = useTranslation('campaign-form');
  const [failed, setFailed] = useState<Record<string, boolean>>({});
  const queryClient = useQueryClient();
  const markFailed = useCallback(
    (key: string) => (isFailed: boolean) =>
      setFailed((current) => (current[key] === isFailed ? current : { ...current, [key]: isFailed })),
    [],
  );
  const failHandlers = useMemo(
    () =>
      Object.fromEntries(
        (['ALLOW', 'BLOCK', 'INCLUDE', 'EXCLUDE'] as const).map((mode) => [mode, markFailed(mode)]),
      ),
    [markFailed],
  );
  const listChosen = {
    ALLOW: values.inventory.filter((entry) => entry.mode === 'ALLOW').map((entry) => entry.applist_id),
    BLOCK: values.inventory.filter((entry) => entry.mode === 'BLOCK').map((entry) => entry.applist_id),
    INCLUDE: [],
    EXCLUDE: [],
  };
  const audienceChosen = {
    ALLOW: [],
    BLOCK: [],
    INCLUDE: values.audiences.filter((entry) => entry.mode === 'INCLUDE').map((entry) => entry.audience_id),
    EXCLUDE: values.audiences.filter((entry) => entry.mode === 'EXCLUDE').map((entry) => entry.audience_id),
  };
  const setLists = (mode: 'ALLOW' | 'BLOCK', ids: number[]) =>
    change({
      inventory: [
        ...values.inventory.filter((entry) => entry.mode !== mode),
        ...ids.map((applist_id) => ({ applist_id, mode })),
      ],
    });
  const setAudiences = (mode: 'INCLUDE' | 'EXCLUDE', ids: number[]) =>
    change({
      audiences: [
        ...values.audiences.filter((entry) => entry.mode !== mode),
        ...ids.map((audience_id) => ({ audience_id, mode })),
      ],
    });

  return (
    <Section title={t('sections.relations')} testId="targeting-relations">
      {Object.values(failed).some(Boolean) ? (
        <Alert color="yellow" variant="light" data-testid="relations-load-failed">
          <Group justify="space-between">
            <Text size="sm">{t('notes.relationsFailed')}</Text>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => void queryClient.refetchQueries({ queryKey: ['campaigns', 'relation-options'] })}
            >
              {t('actions.retry')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {(['ALLOW', 'BLOCK'] as const).map((mode) => (
          <RelationSelect
            key={mode}
            kind="applists"
            mode={mode}
            chosen={listChosen}
            names={known.applists ?? {}}
            advertiserId={advertiserId}
            enabled={hasAdvertiser}
            onChange={(ids) => setLists(mode, ids)}
            error={mode === 'ALLOW' ? errorOf('inventory') : undefined}
            onFailed={failHandlers[mode]!}
          />
        ))}
        <SmartAppListSelect
          chosen={values.smart_app_list_ids}
          names={known.smartAppLists ?? {}}
          onChange={(ids) => change({ smart_app_list_ids: ids })}
          error={errorOf('smart_app_list_ids')}
        />
        {(['INCLUDE', 'EXCLUDE'] as const).map((mode) => (
          <RelationSelect
            key={mode}
            kind="audiences"
            mode={mode}
            chosen={audienceChosen}
            names={known.audiences ?? {}}
            advertiserId={advertiserId}
            enabled={hasAdvertiser}
            onChange={(ids) => setAudiences(mode, ids)}
            error={mode === 'INCLUDE' ? errorOf('audiences') : undefined}
            onFailed={failHandlers[mode]!}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
};
