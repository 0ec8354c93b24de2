// The deals tab: the private-marketplace deals recorded per exchange (id, name, floor, seats, the
// advertiser it is for), added and edited in a dialog, deleted after a confirmation. Campaigns pick
// them in their form; the bidder holds its bids in them to the floor and seats recorded here.
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import type { Deal } from '@console/core/api/deals';
import { formatMicros } from '@console/core/format/money';
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { type ItemColumn, ItemTable } from '../../components/item-table.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { localeOf } from '../../lib/format/date-time.ts';
import { ApiError } from '../../lib/http/api-client.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useAllDeals, useDeleteDeal } from './api/deals.ts';
import { DealFormModal } from './deal-form-modal.tsx';
import { useMetadataMessage } from './message-text.ts';

export const DealsTab = () => {
  const { t, i18n } = useTranslation('metadata');
  const messageOf = useMetadataMessage();
  const deals = useAllDeals();
  const remove = useDeleteDeal();
  /** undefined: closed; null: a new deal. */
  const [editing, setEditing] = useState<Deal | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Deal | null>(null);

  const columns: ItemColumn<Deal>[] = [
    { id: 'name', header: t('deals.name'), isRowHeader: true, cell: (deal) => deal.name },
    {
      id: 'dealId',
      header: t('deals.dealId'),
      cell: (deal) => (
        <Text size="sm" ff="monospace">
          {deal.deal_id}
        </Text>
      ),
    },
    { id: 'exchange', header: t('deals.exchange'), cell: (deal) => deal.exchange_name },
    {
      id: 'floor',
      header: t('deals.floor'),
      cell: (deal) => formatMicros(deal.floor_micros, localeOf(i18n.language)),
    },
    {
      id: 'seats',
      header: t('deals.seats'),
      cell: (deal) => (deal.seats.length > 0 ? deal.seats.join(', ') : t('deals.anySeat')),
    },
    {
      id: 'advertiser',
      header: t('deals.advertiser'),
      cell: (deal) => deal.advertiser_name ?? t('deals.everyAdvertiser'),
    },
    {
      id: 'actions',
      header: t('deals.actions'),
      cell: (deal) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={t('deals.edit', { name: deal.name })}
            onClick={() => setEditing(deal)}
            data-testid={`deal-edit-${deal.id}`}
          >
            <IconEdit size={16} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('deals.delete', { name: deal.name })}
            onClick={() => setDeleting(deal)}
            data-testid={`deal-delete-${deal.id}`}
          >
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text c="dimmed" size="sm" maw={640}>
          {t('deals.intro')}
        </Text>
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setEditing(null)}
          data-testid="deal-add"
        >
          {t('deals.add')}
        </Button>
      </Group>
      {!deals.data ? (
        <LoadState
          isError={deals.isError}
          error={deals.error}
          onRetry={() => void deals.refetch()}
          testId="deals-load"
        />
      ) : deals.data.length === 0 ? (
        <Text c="dimmed" data-testid="deals-empty">
          {t('deals.empty')}
        </Text>
      ) : (
        <ItemTable
          items={deals.data}
          columns={columns}
          getKey={(deal) => deal.id}
          caption={t('deals.caption')}
          captionHidden
          testId="deals-table"
          rowTestId={(deal) => `deal-row-${deal.deal_id}`}
          minWidth={760}
        />
      )}
      <DealFormModal deal={editing} onClose={() => setEditing(undefined)} />
      <ConfirmAction
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('deals.deleteTitle')}
        message={t('deals.deleteMessage', { name: deleting?.name ?? '', id: deleting?.deal_id ?? '' })}
        confirmLabel={t('deals.deleteConfirm')}
        danger
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showToast('success', t('deals.deleted', { name: deleting.name }));
              setDeleting(null);
            },
            onError: (error) =>
              showToast(
                'error',
                // 409: the only deal of a campaign buying only through deals (named in the API's message).
                error instanceof ApiError && error.error_code === 409
                  ? t('deals.onlyDeal', { name: deleting.name })
                  : (messageOf(failureMessage(error, t('deals.saveFailed'))) ?? ''),
              ),
          })
        }
        testId="deal-delete-confirm"
      />
    </Stack>
  );
};
