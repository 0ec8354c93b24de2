// Step 1: the campaign's name, its advertiser (chosen by agency, admin and co-admin; fixed once the
// campaign exists), the flight (date and time) and the time zone the flight and day-parting are in.
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { AdvertiserPicker } from '../../../../components/advertiser-picker.tsx';
import { DateField } from '../../../../components/date-field.tsx';
import { TimeField } from '../../../../components/time-field.tsx';
import { TimeZoneSelect } from '../../../../components/time-zone-select.tsx';
import { useTranslation } from '../../../../lib/i18n/locale-store.ts';
import { useSession } from '../../../../lib/session/session-store.ts';
import type { StepProps } from './step-props.ts';

/** One end of the flight: its date and time inputs (the error of `<end>_at` shows under the date). */
const FlightEnd = ({
  end,
  values,
  errorOf,
  change,
}: { end: 'start' | 'end' } & Pick<StepProps, 'values' | 'errorOf' | 'change'>) => {
  const { t } = useTranslation('campaign-form');
  const date = `${end}_date` as const;
  const time = `${end}_time` as const;
  const error = errorOf(`${end}_at`);
  return (
    <SimpleGrid cols={2} spacing="xs">
      <DateField
        label={t(`fields.${end}Date`)}
        required
        value={values[date]}
        min={end === 'end' ? values.start_date || undefined : undefined}
        onChange={(day) => change({ [date]: day ?? '' })}
        error={error}
        data-testid={`campaign-${end}-date`}
      />
      <TimeField
        label={t(`fields.${end}Time`)}
        required
        value={values[time]}
        onChange={(value) => change({ [time]: value ?? '' })}
        error={Boolean(error)}
        data-testid={`campaign-${end}-time`}
      />
    </SimpleGrid>
  );
};

export const BasicsStep = ({
  values,
  errorOf,
  change,
  validateField,
  mode,
  known,
  rememberAdvertiser,
}: StepProps) => {
  const { t } = useTranslation('campaign-form');
  const role = useSession().auth?.role;
  const choosesAdvertiser = role !== undefined && role !== 'ADVERTISER';

  return (
    <Stack gap="md">
      <TextInput
        label={t('fields.name')}
        description={t('hints.name')}
        required
        value={values.name}
        onChange={(event) => change({ name: event.currentTarget.value })}
        onBlur={() => validateField('name')}
        error={errorOf('name')}
        autoComplete="off"
        data-testid="campaign-name"
        maw={480}
      />

      {choosesAdvertiser && mode === 'edit' ? (
        <TextInput
          label={t('fields.advertiser')}
          description={t('notes.advertiserFixed')}
          value={known.advertiser ?? `#${values.advertiser_id ?? ''}`}
          readOnly
          data-testid="campaign-advertiser-fixed"
          maw={480}
        />
      ) : null}
      {choosesAdvertiser && mode !== 'edit' ? (
        <Stack gap={4} maw={480}>
          <AdvertiserPicker
            label={t('fields.advertiser')}
            required
            value={values.advertiser_id}
            selectedName={known.advertiser}
            onChange={(choice) => {
              rememberAdvertiser(choice?.name);
              change({
                advertiser_id: choice?.id ?? null,
                // Exchanges, creatives, lists and audiences belong to an advertiser: a new one starts empty.
                ...(choice?.id !== values.advertiser_id
                  ? { exchange_ids: [], creative_ids: [], inventory: [], audiences: [] }
                  : {}),
              });
            }}
            error={errorOf('advertiser_id')}
            testId="campaign-advertiser"
          />
          <Text size="xs" c="dimmed">
            {t('hints.advertiser')}
          </Text>
        </Stack>
      ) : null}

      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Text component="legend" fw={500} size="sm" mb={4}>
          {t('fields.flight')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={720}>
          <FlightEnd end="start" values={values} errorOf={errorOf} change={change} />
          <FlightEnd end="end" values={values} errorOf={errorOf} change={change} />
        </SimpleGrid>
      </fieldset>

      <TimeZoneSelect
        label={t('fields.timeZone')}
        description={t('hints.timeZone')}
        required
        value={values.time_zone}
        onChange={(zone) => change({ time_zone: zone })}
        error={errorOf('time_zone')}
        nothingFound={t('empty.noMatch')}
        testId="campaign-time-zone"
      />
    </Stack>
  );
};
