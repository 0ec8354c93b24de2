// What a bulk call did, campaign by campaign: changed, or refused with the server's reason (each
// campaign is saved on its own, so the others keep their change). Each campaign links to its page;
// the failed ones can be selected again for another try.
import './bulk-styles.ts';
import type { BulkResult } from '@console/core/api/campaigns';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconCheck, IconListCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { OutcomeBadge } from '../../../components/bulk-results/outcome-badge.tsx';
import { ItemTable } from '../../../components/item-table.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';
import type { KnownCampaign } from './use-bulk-campaigns.ts';

export type BulkResultsProps = {
  result: BulkResult;
  known: ReadonlyMap<number, KnownCampaign>;
  /** Back to the form with the same selection. */
  onAgain: () => void;
  /** Back to the form with only the failed campaigns selected. */
  onRetryFailed: (ids: number[]) => void;
};

export const BulkResults = ({ result, known, onAgain, onRetryFailed }: BulkResultsProps) => {
  const { t } = useTranslation('campaign-bulk');
  const href = useFeatureHref();
  const heading = useRef<HTMLHeadingElement>(null);
  const listHref = href('campaign.list');
  const total = result.results.length;
  const failedIds = result.results.filter((item) => !item.ok).map((item) => item.campaign_id);

  // The results replace the form: move the focus to them so that keyboard and screen-reader users
  // land on what happened.
  useEffect(() => heading.current?.focus(), []);

  const tone = result.failed === 0 ? 'green' : result.succeeded === 0 ? 'red' : 'yellow';
  const ToneIcon = result.failed === 0 ? IconCheck : result.succeeded === 0 ? IconX : IconAlertTriangle;
  return (
    <Stack gap="md" data-testid="bulk-results" component="section" aria-labelledby="bulk-results-title">
      <Title order={2} fz="h3" id="bulk-results-title" ref={heading} tabIndex={-1}>
        {t('results.title')}
      </Title>
      <Alert
        color={tone}
        variant="light"
        role="status"
        icon={<ToneIcon size={18} aria-hidden="true" />}
        data-testid="bulk-results-summary"
        data-succeeded={result.succeeded}
        data-failed={result.failed}
      >
        <Text size="sm">{t('results.summary', { count: total, succeeded: result.succeeded })}</Text>
        {result.failed > 0 ? (
          <Text size="sm" mt={4}>
            {t('results.failedNote', { count: result.failed })}
          </Text>
        ) : null}
      </Alert>
      <ItemTable
        items={result.results}
        getKey={(item) => item.campaign_id}
        caption={t('results.caption', { count: total })}
        testId="bulk-results-table"
        rowTestId={(item) => `bulk-result-${item.campaign_id}`}
        isOk={(item) => item.ok}
        columns={[
          {
            id: 'campaign',
            header: t('results.campaign'),
            isRowHeader: true,
            cell: (item) => {
              const name =
                known.get(item.campaign_id)?.name ?? t('picker.unknownName', { id: item.campaign_id });
              const to = href('campaign.view', { id: item.campaign_id });
              return (
                <>
                  {to ? (
                    <Anchor
                      component={Link}
                      to={to}
                      size="sm"
                      data-testid={`bulk-result-link-${item.campaign_id}`}
                    >
                      {name}
                    </Anchor>
                  ) : (
                    name
                  )}
                  <Text size="xs" c="dimmed" component="span" ml={6}>
                    #{item.campaign_id}
                  </Text>
                </>
              );
            },
          },
          {
            id: 'outcome',
            header: t('results.outcome'),
            cell: (item) => (
              <OutcomeBadge ok={item.ok} okLabel={t('results.changed')} failedLabel={t('results.failed')} />
            ),
          },
          {
            id: 'reason',
            header: t('results.reason'),
            cell: (item) => (
              <Text size="sm" data-testid={`bulk-result-reason-${item.campaign_id}`}>
                {item.ok ? '—' : (item.message ?? t('results.noReason'))}
              </Text>
            ),
          },
        ]}
      />
      <Group gap="sm">
        <Button
          onClick={onAgain}
          leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
          data-testid="bulk-again"
        >
          {t('results.again')}
        </Button>
        {failedIds.length > 0 ? (
          <Button
            variant="light"
            onClick={() => onRetryFailed(failedIds)}
            leftSection={<IconListCheck size={16} aria-hidden="true" />}
            data-testid="bulk-retry-failed"
          >
            {t('results.selectFailed', { count: failedIds.length })}
          </Button>
        ) : null}
        {listHref ? (
          <Button component={Link} to={listHref} variant="default">
            {t('results.toList')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
};
