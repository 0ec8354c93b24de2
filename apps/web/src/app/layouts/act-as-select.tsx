// 'Act as…': admin, co-admin and agency search the users they may act as (the server decides
// who) and switch to one (auto-login). Until the Users screens land this is the way down.
import type { Role } from '@console/core/roles';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserCog } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Select } from '../../components/filter-select.tsx';
import { fetchData } from '../../lib/http/api-client.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { actAs } from '../../lib/session/session-store.ts';

export type ImpersonationTarget = {
  _id: string;
  user_primary_id: number;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  role: Role;
  status: string;
};

type TargetsPage = { items: ImpersonationTarget[]; total: number };

const PAGE_SIZE = 20;
const MORE_VALUE = '__more';

export const impersonationTargetsQueryKey = (actorId: number, q: string) =>
  ['impersonation-targets', actorId, q] as const;

const displayName = (user: ImpersonationTarget): string =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

export const ActAsSelect = ({ actorId }: { actorId: number }) => {
  const { t } = useTranslation('layout');
  const [search, setSearch] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isSwitching, setIsSwitching] = useState(false);
  const [q] = useDebouncedValue(search.trim(), 250);

  const query = useQuery({
    queryKey: impersonationTargetsQueryKey(actorId, q),
    queryFn: () =>
      fetchData<TargetsPage>('/api/auth/impersonation-targets', { q, page: 1, limit: PAGE_SIZE }),
    enabled: isOpen,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const users = query.data?.items ?? [];
  const byId = new Map(users.map((user) => [String(user.user_primary_id), user]));
  const data: { value: string; label: string; disabled?: boolean }[] = users.map((user) => ({
    value: String(user.user_primary_id),
    label: `${displayName(user)} · ${user.email}`,
  }));
  const more = (query.data?.total ?? 0) - users.length;
  // The server pages; a disabled last option says there is more to find by typing.
  if (more > 0)
    data.push({ value: MORE_VALUE, label: t('impersonation.refineSearch', { total: more }), disabled: true });

  const switchTo = async (value: string | null) => {
    const user = value ? byId.get(value) : undefined;
    if (!user) return;
    setError(null);
    setIsSwitching(true);
    try {
      await actAs(user.user_primary_id); // lands on the child's home
    } catch {
      setError(t('impersonation.actAsFailed'));
    } finally {
      setIsSwitching(false);
      setSearch('');
    }
  };

  return (
    <Select
      aria-label={t('impersonation.actAs')}
      placeholder={t('impersonation.actAsPlaceholder')}
      data-testid="act-as-select"
      data={data}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onChange={(value) => void switchTo(value)}
      onDropdownOpen={() => setIsOpen(true)}
      nothingFoundMessage={query.isFetching ? t('impersonation.searching') : t('impersonation.noUsers')}
      leftSection={<IconUserCog size={16} aria-hidden="true" />}
      disabled={isSwitching}
      error={error}
      size="xs"
      w={{ base: '100%', md: 240 }}
      maxDropdownHeight={320}
      comboboxProps={{ width: 340, position: 'bottom-end', zIndex: 300 }}
      renderOption={({ option }) => {
        const user = byId.get(option.value);
        return (
          <div data-testid={`act-as-option-${option.value}`}>
            <div style={{ fontWeight: 600 }}>{user ? displayName(user) : option.label}</div>
            {user && (
              <div style={{ fontSize: 'var(--mantine-font-size-xs)' }}>
                {user.email} · {t(`roles.${user.role}`)}
                {user.companyName ? ` · ${user.companyName}` : ''}
              </div>
            )}
          </div>
        );
      }}
    />
  );
};
