// The running-apps export's popover (running-apps-export.tsx draws its button): loaded with its first
// opening, and mounted open. The export: where the caller's campaigns ran, for the UTC days
// and campaigns chosen (the last 30 days and every campaign by default). Checked with the server's
// schema; its spend is exact to the micro-unit, so the column sums to the dashboard's spend of the
// same days and campaigns.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Stack.css';
import { RUNNING_APPS_FILE_NAME } from '@console/core/api/reports-constants';
import { lastDaysIn } from '@console/core/time/zoned-time';
import { Button, Group, MultiSelect, Popover, Stack, Text } from '@mantine/core';
import { cloneElement, type ReactElement, useState } from 'react';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { downloadRunningApps, useCampaignChoices } from './api/reports.ts';
import { DayRangeFields } from './day-range-fields.tsx';

/** The last 30 UTC days, today included: the server's default range. */
const defaultRange = () => {
  const { from, to } = lastDaysIn(30, 'UTC');
  return { date_from: from, date_to: to };
};

const RunningAppsDropdown = ({ target }: { target: ReactElement<{ onClick?: () => void }> }) => {
  const { t } = useTranslation('reports');
  const fields = useFieldErrors();
  const [opened, setOpened] = useState(true);
  const [range, setRange] = useState(defaultRange);
  const [campaignIds, setCampaignIds] = useState<string[]>([]);
  const campaigns = useCampaignChoices();

  const setDay = (key: 'date_from' | 'date_to', value: string) => {
    setRange((current) => ({ ...current, [key]: value }));
    fields.clear(key);
  };

  const download = async () => {
    // The request's schema (and zod with it) loads on the first download, not with the report list.
    const { runningAppsBody } = await import('@console/core/api/reports');
    const checked = fields.check(runningAppsBody, {
      ...range,
      ...(campaignIds.length ? { campaign_ids: campaignIds.map(Number) } : {}),
    });
    if (!checked) return;
    const { date_from = range.date_from, date_to = range.date_to, campaign_ids } = checked;
    setOpened(false);
    await downloadRunningApps(RUNNING_APPS_FILE_NAME, {
      date_from,
      date_to,
      ...(campaign_ids ? { campaign_ids } : {}),
    });
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} trapFocus withArrow>
      <Popover.Target>{cloneElement(target, { onClick: () => setOpened((open) => !open) })}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text size="sm">{t('runningAppsHint')}</Text>
          <DayRangeFields
            from={range.date_from}
            to={range.date_to}
            onChange={setDay}
            errorOf={fields.errorOf}
            testId="running-apps"
            utc
          />
          <MultiSelect
            label={t('form.campaigns')}
            placeholder={campaignIds.length ? undefined : t('form.allCampaigns')}
            searchable
            value={campaignIds}
            onChange={setCampaignIds}
            data={(campaigns.data?.items ?? []).map((c) => ({ value: String(c.campaign_id), label: c.name }))}
            error={fields.errorOf('campaign_ids')}
            comboboxProps={{ withinPortal: false }}
            data-testid="running-apps-campaigns"
          />
          <Group justify="flex-end">
            <Button onClick={() => void download()} data-testid="running-apps-download">
              {t('runningAppsDownload')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};

export default RunningAppsDropdown;
