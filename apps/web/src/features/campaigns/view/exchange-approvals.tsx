// The approval state of each of the campaign's exchanges: the exchange, its state, the reason of a
// rejection, who decided and when (in the user's time zone).
import '@mantine/core/styles/Text.css';
import type { CampaignDetail } from '@console/core/api/campaigns';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailSection } from '../../../components/detail-list.tsx';
import { ItemTable } from '../../../components/item-table.tsx';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { exchangeDisplayState } from '../components/campaign-format.ts';
import { ExchangeStateBadge } from '../components/campaign-status-badge.tsx';
import { ExchangeApprovalSummary } from '../components/exchange-approval-summary.tsx';

export const ExchangeApprovals = ({ campaign }: { campaign: CampaignDetail }) => {
  const { t, i18n } = useTranslation('campaigns');
  const exchanges = campaign.exchanges;
  /** The value, or a dimmed "None". */
  const orNone = (value: ReactNode) =>
    value ?? (
      <Text size="sm" c="dimmed">
        {t('view.none')}
      </Text>
    );
  return (
    <DetailSection
      title={t('view.sections.exchanges')}
      description={t('view.exchangesLead')}
      testId="campaign-exchanges"
      actions={
        <ExchangeApprovalSummary
          counts={campaign.exchange_counts}
          campaignStatus={campaign.status}
          testId="campaign-exchange-summary"
        />
      }
    >
      {exchanges.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('view.noExchanges')}
        </Text>
      ) : (
        <ItemTable
          items={exchanges}
          getKey={(exchange) => exchange.exchange_id}
          caption={t('view.sections.exchanges')}
          captionHidden
          rowTestId={(exchange) => `campaign-exchange-${exchange.exchange_id}`}
          columns={[
            {
              id: 'exchange',
              header: t('exchanges.exchange'),
              isRowHeader: true,
              cell: (exchange) => exchange.name,
            },
            {
              id: 'state',
              header: t('exchanges.state'),
              cell: (exchange) => (
                <ExchangeStateBadge state={exchangeDisplayState(exchange.state, campaign.status)} />
              ),
            },
            {
              id: 'reason',
              header: t('exchanges.reason'),
              cell: (exchange) =>
                orNone(
                  exchange.reason ? (
                    <Text size="sm" style={{ wordBreak: 'break-word' }}>
                      {exchange.reason}
                    </Text>
                  ) : null,
                ),
            },
            {
              id: 'decidedBy',
              header: t('exchanges.decidedBy'),
              cell: (exchange) => orNone(exchange.decided_by?.email),
            },
            {
              id: 'decidedAt',
              header: t('exchanges.decidedAt'),
              cell: (exchange) =>
                orNone(exchange.decided_at ? formatDateTime(exchange.decided_at, i18n.language) : null),
            },
          ]}
        />
      )}
    </DetailSection>
  );
};
