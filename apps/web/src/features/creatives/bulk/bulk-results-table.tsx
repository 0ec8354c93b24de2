// The answer of a bulk call, one row per item: the creative (linked to its view page), what it was
// about (an exchange, for decisions), ok or failed, and the server's reason.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';

export type BulkResultRow = {
  key: string;
  creativeId: number;
  creativeName: string | undefined;
  /** The exchange of a decision. */
  exchangeName?: string;
  ok: boolean;
  message: string | undefined;
  /** Extra cell after the result (the creative's status after a decision). */
  after?: ReactNode;
};

export const BulkResultsTable = ({
  rows,
  label,
  testId,
  withExchange = false,
  afterHeader,
}: {
  rows: readonly BulkResultRow[];
  label: string;
  testId: string;
  withExchange?: boolean;
  afterHeader?: string;
}) => {
  const { t } = useTranslation('creative-bulk');
  const href = useFeatureHref();
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table withTableBorder striped verticalSpacing="xs" data-testid={testId}>
        <caption style={{ captionSide: 'top', textAlign: 'start', fontWeight: 500, paddingBottom: 8 }}>
          {label}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('results.creative')}</Table.Th>
            {withExchange ? <Table.Th scope="col">{t('results.exchange')}</Table.Th> : null}
            <Table.Th scope="col">{t('results.result')}</Table.Th>
            {afterHeader ? <Table.Th scope="col">{afterHeader}</Table.Th> : null}
            <Table.Th scope="col">{t('results.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const to = href('creative.view', { id: row.creativeId });
            const name = row.creativeName ?? t('results.unnamed', { id: row.creativeId });
            return (
              <Table.Tr key={row.key} data-testid={`${testId}-row-${row.key}`} data-ok={String(row.ok)}>
                <Table.Th scope="row" fw={500}>
                  {to ? (
                    <Anchor component={Link} to={to} size="sm" data-testid={`${testId}-link-${row.key}`}>
                      {name}
                    </Anchor>
                  ) : (
                    <Text size="sm">{name}</Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {t('selection.idLabel', { id: row.creativeId })}
                  </Text>
                </Table.Th>
                {withExchange ? <Table.Td>{row.exchangeName ?? '—'}</Table.Td> : null}
                <Table.Td>
                  <Badge
                    variant="filled"
                    color={row.ok ? 'green.2' : 'red.2'}
                    autoContrast
                    radius="sm"
                    leftSection={
                      row.ok ? (
                        <IconCheck size={12} aria-hidden="true" />
                      ) : (
                        <IconX size={12} aria-hidden="true" />
                      )
                    }
                    data-testid={`${testId}-outcome`}
                  >
                    {row.ok ? t('results.ok') : t('results.failed')}
                  </Badge>
                </Table.Td>
                {afterHeader ? <Table.Td>{row.after ?? '—'}</Table.Td> : null}
                <Table.Td>
                  <Text size="sm" c={row.ok ? 'dimmed' : undefined} data-testid={`${testId}-message`}>
                    {row.message ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
