// The approval state of each of the campaign's exchanges: the exchange, its state, the reason of a
// rejection, who decided and when (in the user's time zone).
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import type { CampaignDetail } from '@console/core/api/campaigns';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { ExchangeStateBadge } from '../components/campaign-status-badge.tsx';
import { ExchangeApprovalSummary } from '../components/exchange-approval-summary.tsx';
import { HIDDEN_CAPTION, Section } from './detail-list.tsx';

export const ExchangeApprovals = ({ campaign }: { campaign: CampaignDetail }) => {
  const { t, i18n } = useTranslation('campaigns');
  const exchanges = campaign.exchanges;
  return (
    <Section
      title={t('view.sections.exchanges')}
      description={t('view.exchangesLead')}
      testId="campaign-exchanges"
      actions={
        <ExchangeApprovalSummary counts={campaign.exchange_counts} testId="campaign-exchange-summary" />
      }
    >
      {exchanges.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('view.noExchanges')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table striped withTableBorder verticalSpacing="xs">
            <caption style={HIDDEN_CAPTION}>{t('view.sections.exchanges')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('exchanges.exchange')}</Table.Th>
                <Table.Th scope="col">{t('exchanges.state')}</Table.Th>
                <Table.Th scope="col">{t('exchanges.reason')}</Table.Th>
                <Table.Th scope="col">{t('exchanges.decidedBy')}</Table.Th>
                <Table.Th scope="col">{t('exchanges.decidedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {exchanges.map((exchange) => (
                <Table.Tr
                  key={exchange.exchange_id}
                  data-testid={`campaign-exchange-${exchange.exchange_id}`}
                >
                  <Table.Th scope="row" fw={500}>
                    {exchange.name}
                  </Table.Th>
                  <Table.Td>
                    <ExchangeStateBadge state={exchange.state} />
                  </Table.Td>
                  <Table.Td>
                    {exchange.reason ? (
                      <Text size="sm" style={{ wordBreak: 'break-word' }}>
                        {exchange.reason}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('view.none')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {exchange.decided_by ? (
                      exchange.decided_by.email
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('view.none')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {exchange.decided_at ? (
                      formatDateTime(exchange.decided_at, i18n.language)
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('view.none')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
};
