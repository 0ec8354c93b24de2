// One entity's change log (the platform's audit table, `GET .../change-log`): newest first, paged,
// filtered by action; each entry lists its field-level changes (from -> to), who made them, on
// whose behalf (while impersonating) and when, in the user's time zone.
import '../data-table/data-table-styles.ts';
import '@mantine/core/styles/Pill.layer.css';
import type { ChangeLogEntry } from '@console/core/api/users';
import { Anchor, Badge, Group, List, NativeSelect, Pill, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatDateTime, userTimeZone } from '../../lib/format/date-time.ts';
import { fetchData } from '../../lib/http/api-client.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { type DataColumn, type DataPage, DataTable } from '../data-table/data-table.tsx';
import type { ListParamsOptions } from '../data-table/list-params.ts';
import { useListParams } from '../data-table/use-list-params.ts';
import {
  CHANGE_LOG_ACTIONS,
  type ChangeLogFormat,
  changeLogActionLabel,
  changeLogFieldLabel,
  type FormattedValue,
  formatChangeValue,
} from './change-log-format.ts';

export type ChangeLogTableProps = {
  /** The entity's change log endpoint, e.g. `/api/admin/users/12/change-log`. */
  path: string;
  /** Names the list (URL state, column memory); default 'change-log'. */
  tableId?: string;
  /** The actions offered in the filter; default: every action the platform records. */
  actions?: readonly string[];
  /** Accessible name of the table; default "Change log". */
  label?: string;
  /**
   * The feature's own names of actions (translated), e.g. `{ actions: { entries: 'Entries edited' } }`;
   * they come before the shared `changeLog.actions.*` texts. Fields are labelled by the shared list
   * (@console/core/change-log-fields). Keep it stable (useMemo).
   */
  labels?: {
    actions?: Readonly<Record<string, string>>;
    /** A code's name for a field (`status` ACTIVE -> "Active"); undefined keeps the value as it is. */
    values?: (field: string, value: string) => string | undefined;
  };
  /**
   * For a log of several objects (entries carry `subject`): the column naming each entry's object,
   * linked where `href` answers a path. Keep it stable (useMemo).
   */
  subjectColumn?: { header: string; href: (id: number) => string | null };
};

/** The log's texts (`changeLog.*`) are a namespace of their own, loaded with a log only; then the shared ones. */
const CHANGE_LOG_NAMESPACES = ['change-log', 'components'] as const;

const LIST_OPTIONS: ListParamsOptions = { filterKeys: ['action'], limit: 20 };

export const changeLogQueryKey = (path: string, query: Record<string, unknown>) =>
  ['change-log', path, query] as const;

const ValueText = ({ value }: { value: FormattedValue }) => {
  const { t } = useTranslation(CHANGE_LOG_NAMESPACES);
  if (value.kind === 'empty')
    return (
      <Text span c="dimmed">
        {t('changeLog.empty')}
      </Text>
    );
  if (value.kind === 'chips')
    return (
      <Pill.Group gap={4} data-testid="change-log-chips">
        {value.items.map((item, index) => (
          // Items may repeat (two equal samples): the position keeps keys apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list
          <Pill key={`${index}:${item}`} size="sm" style={{ maxWidth: '100%' }}>
            {item}
          </Pill>
        ))}
      </Pill.Group>
    );
  return (
    <Text span fw={500} style={{ wordBreak: 'break-word' }}>
      {value.text}
    </Text>
  );
};

export const ChangeLogTable = ({
  path,
  tableId = 'change-log',
  actions = CHANGE_LOG_ACTIONS,
  label,
  labels,
  subjectColumn,
}: ChangeLogTableProps) => {
  const { t, i18n } = useTranslation(CHANGE_LOG_NAMESPACES);
  const list = useListParams(tableId, LIST_OPTIONS);
  const query = useQuery({
    queryKey: changeLogQueryKey(path, list.query),
    queryFn: () => fetchData<DataPage<ChangeLogEntry>>(path, list.query),
    placeholderData: keepPreviousData,
  });

  const actionLabel = (action: string) => labels?.actions?.[action] ?? changeLogActionLabel(action, t);

  const columns = useMemo<DataColumn<ChangeLogEntry>[]>(() => {
    const actionLabel = (action: string) => labels?.actions?.[action] ?? changeLogActionLabel(action, t);
    const shownValue = (field: string, value: unknown, format: ChangeLogFormat): FormattedValue => {
      const named = typeof value === 'string' ? labels?.values?.(field, value) : undefined;
      return named ? { kind: 'text', text: named } : formatChangeValue(field, value, format);
    };
    const subject: DataColumn<ChangeLogEntry>[] = subjectColumn
      ? [
          {
            id: 'subject',
            header: subjectColumn.header,
            hideable: false,
            cell: (entry) => {
              if (!entry.subject) return null;
              const href = subjectColumn.href(entry.subject.id);
              return href ? (
                <Anchor component={Link} to={href} size="sm" data-testid="change-log-subject">
                  {entry.subject.name}
                </Anchor>
              ) : (
                <Text span size="sm" data-testid="change-log-subject">
                  {entry.subject.name}
                </Text>
              );
            },
          },
        ]
      : [];
    const base: DataColumn<ChangeLogEntry>[] = [
      {
        id: 'time',
        header: t('changeLog.time'),
        hideable: false,
        width: 190,
        cell: (entry) => (
          <time dateTime={entry.createdAt} title={entry.createdAt}>
            {formatDateTime(entry.createdAt, i18n.language)}
          </time>
        ),
      },
      {
        id: 'action',
        header: t('changeLog.action'),
        width: 150,
        cell: (entry) => (
          <Badge variant="light" color="gray" radius="sm" tt="none" data-testid="change-log-action">
            {actionLabel(entry.action)}
          </Badge>
        ),
      },
      {
        id: 'changes',
        header: t('changeLog.changes'),
        hideable: false,
        cell: (entry) => {
          const format: ChangeLogFormat = { t, language: i18n.language, names: entry.names };
          return entry.changes.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('changeLog.noFields')}
            </Text>
          ) : (
            <List size="sm" spacing={2} listStyleType="none" data-testid="change-log-changes">
              {entry.changes.map((change) => (
                <List.Item key={change.field}>
                  <Group gap={6} wrap="wrap">
                    <Text span size="sm" c="dimmed">
                      {changeLogFieldLabel(change.field, t)}:
                    </Text>
                    <ValueText value={shownValue(change.field, change.from, format)} />
                    <IconArrowRight size={14} aria-label={t('changeLog.changedTo')} />
                    <ValueText value={shownValue(change.field, change.to, format)} />
                  </Group>
                </List.Item>
              ))}
            </List>
          );
        },
      },
      {
        id: 'actor',
        header: t('changeLog.actor'),
        cell: (entry) =>
          entry.actor?.email ?? (
            <Text span c="dimmed">
              {t('changeLog.system')}
            </Text>
          ),
      },
      {
        id: 'onBehalfOf',
        header: t('changeLog.onBehalfOf'),
        cell: (entry) =>
          entry.onBehalfOf && entry.onBehalfOf.user_primary_id !== entry.actor?.user_primary_id ? (
            entry.onBehalfOf.email
          ) : (
            <Text span c="dimmed">
              {t('changeLog.empty')}
            </Text>
          ),
      },
    ];
    return base.flatMap((column) => (column.id === 'action' ? [...subject, column] : [column]));
  }, [t, i18n.language, labels, subjectColumn]);

  return (
    <DataTable
      list={list}
      columns={columns}
      query={query}
      getRowId={(entry) => entry.id}
      label={label ?? t('changeLog.label')}
      withSearch={false}
      emptyTitle={t('changeLog.emptyTitle')}
      emptyDescription={t('changeLog.emptyBody')}
      filters={
        <Group gap="sm" align="flex-end">
          <NativeSelect
            label={t('changeLog.filterAction')}
            value={list.params.filters.action ?? ''}
            onChange={(event) => list.setFilter('action', event.currentTarget.value || null)}
            data={[
              { value: '', label: t('changeLog.allActions') },
              ...actions.map((action) => ({ value: action, label: actionLabel(action) })),
            ]}
            data-testid={`${tableId}-action-filter`}
          />
          <Text size="xs" c="dimmed" pb={8}>
            {t('changeLog.timeZone', { zone: userTimeZone() })}
          </Text>
        </Group>
      }
    />
  );
};
