// A searchable advertiser choice for staff and agencies (campaign and creative owners, list filters):
// admins and co-admins search every advertiser (/api/admin/users?role=ADVERTISER), an agency its own
// (/api/agency/advertisers); the server searches, the first 50 matches show. An advertiser has no
// one to choose, so nothing renders for that role.
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import type { UserListItem } from '@console/core/api/users';
import type { Role } from '@console/core/roles';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchData } from '../lib/http/api-client.ts';
import { useTranslation } from '../lib/i18n/locale-store.ts';
import { useSession } from '../lib/session/session-store.ts';
import type { DataPage } from './data-table/data-table.tsx';
import { Select } from './filter-select.tsx';

const LIMIT = 50;
const SOURCE: Partial<Record<Role, { path: string; query: Record<string, string> }>> = {
  ADMIN: { path: '/api/admin/users', query: { role: 'ADVERTISER' } },
  'CO-ADMIN': { path: '/api/admin/users', query: { role: 'ADVERTISER' } },
  AGENCY: { path: '/api/agency/advertisers', query: {} },
};

export type AdvertiserChoice = { id: number; name: string; email: string };

const choiceOf = (user: UserListItem): AdvertiserChoice => ({
  id: user.user_primary_id,
  name: user.companyName || user.email,
  email: user.email,
});

/** The advertisers the signed-in role may choose from, searched on the server. */
export const useAdvertiserChoices = (q: string) => {
  const role = useSession().auth?.role;
  const source = role ? SOURCE[role] : undefined;
  return useQuery({
    queryKey: ['advertiser-choices', role, q],
    queryFn: async () => {
      const page = await fetchData<DataPage<UserListItem>>(source!.path, {
        ...source!.query,
        q: q || undefined,
        limit: LIMIT,
        sort: 'companyName',
        order: 'asc',
      });
      return { items: page.items.map(choiceOf), total: page.total };
    },
    enabled: Boolean(source),
    placeholderData: keepPreviousData,
  });
};

export type AdvertiserPickerProps = {
  value: number | null;
  onChange: (choice: AdvertiserChoice | null) => void;
  label: string;
  placeholder?: string;
  required?: boolean;
  clearable?: boolean;
  error?: string | null;
  disabled?: boolean;
  /** A name for a preset value that is not among the first matches (an id from the URL, a saved form). */
  selectedName?: string;
  testId?: string;
  w?: number | string;
};

export const AdvertiserPicker = ({
  value,
  onChange,
  label,
  placeholder,
  required,
  clearable = true,
  error,
  disabled,
  selectedName,
  testId,
  w,
}: AdvertiserPickerProps) => {
  const { t } = useTranslation('components');
  const role = useSession().auth?.role;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [picked, setPicked] = useState<AdvertiserChoice | null>(null);
  const choices = useAdvertiserChoices(q);
  if (!role || !SOURCE[role]) return null;

  const items = choices.data?.items ?? [];
  const byId = new Map(items.map((choice) => [String(choice.id), choice]));
  if (picked && picked.id === value) byId.set(String(picked.id), picked);
  if (value && !byId.has(String(value))) {
    byId.set(String(value), { id: value, name: selectedName ?? `#${value}`, email: '' });
  }
  const data = [...byId.values()].map((choice) => ({
    value: String(choice.id),
    label: choice.email ? `${choice.name} · ${choice.email}` : choice.name,
  }));
  const more = (choices.data?.total ?? 0) - items.length;
  if (more > 0) data.push({ value: '__more', label: t('advertiserPicker.refine', { count: more }) });

  return (
    <Select
      label={label}
      placeholder={placeholder ?? t('advertiserPicker.placeholder')}
      required={required}
      clearable={clearable}
      searchable
      disabled={disabled}
      error={error}
      data={data.map((item) => (item.value === '__more' ? { ...item, disabled: true } : item))}
      value={value ? String(value) : null}
      onChange={(next) => {
        const choice = next ? (byId.get(next) ?? null) : null;
        setPicked(choice);
        onChange(choice);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={
        choices.isFetching
          ? t('advertiserPicker.searching')
          : choices.isError
            ? t('advertiserPicker.loadFailed')
            : t('advertiserPicker.noMatch')
      }
      maxDropdownHeight={320}
      limit={LIMIT + 1}
      w={w}
      data-testid={testId}
    />
  );
};
