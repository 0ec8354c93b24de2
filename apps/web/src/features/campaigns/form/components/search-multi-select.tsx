// A multiple choice from a long reference list searched on the server (states, cities, carriers,
// device makers): the first 50 matches show, "Show more" loads the next page, and saved choices are
// read back by id so they show by name.
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Popover.layer.css';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/locale-store.ts';
import {
  type PagedItem,
  type PagedLookup,
  useLookupByIds,
  useLookupSearch,
} from '../../api/reference-lookups.ts';

const MORE = '__more';

export type SearchMultiSelectProps<K extends PagedLookup> = {
  kind: K;
  label: string;
  description?: string;
  placeholder?: string;
  value: string[];
  onChange: (ids: string[]) => void;
  /** Filters of the search (country_ids, state_ids). */
  filters?: Record<string, readonly string[]>;
  disabled?: boolean;
  error?: string;
  testId: string;
  idOf: (item: PagedItem[K]) => string;
  labelOf: (item: PagedItem[K]) => string;
  /** Every item seen (search results and saved choices), for rules that need more than the id. */
  onKnown?: (items: PagedItem[K][]) => void;
};

export const SearchMultiSelect = <K extends PagedLookup>({
  kind,
  label,
  description,
  placeholder,
  value,
  onChange,
  filters,
  disabled,
  error,
  testId,
  idOf,
  labelOf,
  onKnown,
}: SearchMultiSelectProps<K>) => {
  const { t } = useTranslation('campaign-form');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [isOpened, setOpened] = useState(false);
  const results = useLookupSearch(kind, filters ?? {}, q, isOpened && !disabled);
  const found = useMemo(() => results.data?.pages.flatMap((page) => page.items) ?? [], [results.data]);
  const [names, setNames] = useState<Record<string, string>>({});
  const missing = value.filter((id) => !(id in names) && !found.some((item) => idOf(item) === id));
  const saved = useLookupByIds(kind, missing);

  useEffect(() => {
    const seen = [...found, ...(saved.data ?? [])];
    if (seen.length === 0) return;
    setNames((current) => {
      const additions = seen.filter((item) => !(idOf(item) in current));
      if (additions.length === 0) return current;
      return { ...current, ...Object.fromEntries(additions.map((item) => [idOf(item), labelOf(item)])) };
    });
    onKnown?.(seen);
  }, [found, saved.data, idOf, labelOf, onKnown]);

  const total = results.data?.pages.at(-1)?.total ?? 0;
  const data = useMemo(() => {
    const options = new Map<string, string>();
    for (const item of found) options.set(idOf(item), labelOf(item));
    for (const id of value) if (!options.has(id)) options.set(id, names[id] ?? id);
    const list: { value: string; label: string; disabled?: boolean }[] = [...options].map(([id, text]) => ({
      value: id,
      label: text,
    }));
    if (results.hasNextPage)
      list.push({ value: MORE, label: t('picker.more', { count: total - found.length }) });
    return list;
  }, [found, value, names, results.hasNextPage, total, idOf, labelOf, t]);

  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={value.length === 0 ? (placeholder ?? t('picker.search')) : undefined}
      data={data}
      value={value}
      onChange={(next) => {
        if (next.includes(MORE)) {
          void results.fetchNextPage();
          return;
        }
        onChange(next);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onDropdownOpen={() => setOpened(true)}
      clearable
      disabled={disabled}
      error={error}
      maxDropdownHeight={300}
      nothingFoundMessage={
        results.isFetching
          ? t('picker.searching')
          : results.isError
            ? t('picker.loadFailed')
            : t('empty.noMatch')
      }
      data-testid={testId}
    />
  );
};
