// The agency's margin on one advertiser, in percent, within the range an admin set for the agency.
// The range is checked here first (a translated message naming it); the server checks it again.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Paper.css';
import { type AdvertiserMargin, advertiserMarginBody } from '@console/core/api/users';
import { bpsToPercent, percentToBps } from '@console/core/format/bps';
import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { LoadState } from '../../../components/load-state.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useAdvertiserMargin, useSetAdvertiserMargin } from '../api/advertiser-margin.ts';

const REQUIRED_MESSAGE = 'This field is required.';

const MarginForm = ({ id, saved }: { id: number; saved: AdvertiserMargin }) => {
  const { t } = useTranslation('advertisers');
  const [percent, setPercent] = useState<number | string>(bpsToPercent(saved.margin_bps));
  const [rangeError, setRangeError] = useState(false);
  const fields = useFieldErrors();
  const mutation = useSetAdvertiserMargin(id);
  const range = { min: bpsToPercent(saved.bounds.min_bps), max: bpsToPercent(saved.bounds.max_bps) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (percent === '') {
      fields.setErrors({ margin_bps: REQUIRED_MESSAGE });
      return;
    }
    const checked = fields.check(advertiserMarginBody, { margin_bps: percentToBps(Number(percent)) });
    if (!checked) return;
    const bps = checked.margin_bps;
    if (bps < saved.bounds.min_bps || bps > saved.bounds.max_bps) {
      setRangeError(true);
      return;
    }
    mutation.mutate(bps, {
      onSuccess: () => showToast('success', t('margin.saved')),
      onError: (error) => {
        // Outside a range changed meanwhile: the form shows the new range's message.
        if (fields.takeServerErrors(error)) setRangeError(true);
        else showToast('error', failureMessage(error, t('margin.failed')));
      },
    });
  };

  const error = rangeError ? t('margin.outOfBounds', range) : fields.errorOf('margin_bps');
  return (
    <form onSubmit={submit} noValidate aria-label={t('margin.title')}>
      <Stack gap="sm">
        <NumberInput
          label={t('margin.label')}
          description={t('margin.hint', range)}
          min={0}
          max={100}
          step={0.5}
          decimalScale={2}
          suffix=" %"
          value={percent}
          onChange={(value) => {
            setPercent(value);
            setRangeError(false);
            fields.clear('margin_bps');
          }}
          error={error}
          maw={260}
          data-testid="advertiser-margin"
        />
        <Group>
          <Button type="submit" loading={mutation.isPending} data-testid="advertiser-margin-save">
            {t('margin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

export const MarginEditor = ({ id }: { id: number }) => {
  const { t } = useTranslation('advertisers');
  const margin = useAdvertiserMargin(id);
  return (
    <Paper withBorder radius="md" p="lg" maw={820} mt="lg" data-testid="advertiser-margin-panel">
      <Title order={3} size="h4" mb={4}>
        {t('margin.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('margin.lead')}
      </Text>
      {margin.data ? (
        <MarginForm key={id} id={id} saved={margin.data} />
      ) : (
        <LoadState
          isError={margin.isError}
          error={margin.error}
          onRetry={() => void margin.refetch()}
          testId="advertiser-margin"
        />
      )}
    </Paper>
  );
};
