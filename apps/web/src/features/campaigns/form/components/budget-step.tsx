// Step 2: total and daily budget, pacing, price model with the bid and its range, the frequency cap
// and day-parting. Amounts are typed in dollars and sent as integer micro-units.
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import { FREQUENCY_PERIODS, PACING_MODES, PRICE_MODELS } from '@console/core/api/campaigns-constants';
import { Fieldset, Group, NativeSelect, Radio, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n/locale-store.ts';
import type { FrequencyPeriod, PacingMode, PriceModel } from '../campaign-form-model.ts';
import { presetGrid } from '../day-parting.ts';
import { DayPartingGrid } from './day-parting-grid.tsx';
import { MoneyField } from './money-field.tsx';
import type { StepProps } from './step-props.ts';

export const BudgetStep = ({ values, errorOf, change, validateField }: StepProps) => {
  const { t } = useTranslation('campaign-form');
  const cap = values.frequency_cap;
  return (
    <Stack gap="lg">
      <Fieldset legend={<Text fw={600}>{t('sections.budget')}</Text>} variant="unstyled">
        <Group align="flex-start" gap="md">
          <MoneyField
            label={t('fields.totalBudget')}
            required
            value={values.total_budget}
            onChange={(total_budget) => change({ total_budget })}
            onBlur={() => validateField('total_budget_micros')}
            error={errorOf('total_budget_micros')}
            testId="campaign-total-budget"
          />
          <MoneyField
            label={t('fields.dailyBudget')}
            description={t('hints.dailyBudget')}
            value={values.daily_budget}
            onChange={(daily_budget) => change({ daily_budget })}
            onBlur={() => validateField('daily_budget_micros')}
            error={errorOf('daily_budget_micros')}
            placeholder={t('placeholders.noLimit')}
            testId="campaign-daily-budget"
          />
        </Group>
      </Fieldset>

      <Radio.Group
        label={t('fields.pacing')}
        value={values.pacing}
        onChange={(pacing) => change({ pacing: pacing as PacingMode })}
        error={errorOf('pacing')}
        data-testid="campaign-pacing"
      >
        <Stack gap="xs" mt={6}>
          {PACING_MODES.map((mode) => (
            <Radio
              key={mode}
              value={mode}
              label={t(`pacing.${mode}`)}
              description={t(`pacing.${mode}_hint`)}
              data-testid={`campaign-pacing-${mode}`}
            />
          ))}
        </Stack>
      </Radio.Group>

      <Fieldset legend={<Text fw={600}>{t('sections.bidding')}</Text>} variant="unstyled">
        <Stack gap="md">
          <Radio.Group
            label={t('fields.priceModel')}
            value={values.price_model}
            onChange={(model) => change({ price_model: model as PriceModel })}
            error={errorOf('price_model')}
            data-testid="campaign-price-model"
          >
            <Group gap="lg" mt={6}>
              {PRICE_MODELS.map((model) => (
                <Radio
                  key={model}
                  value={model}
                  label={t(`priceModel.${model}`)}
                  data-testid={`campaign-price-model-${model}`}
                />
              ))}
            </Group>
          </Radio.Group>
          <Group align="flex-start" gap="md">
            <MoneyField
              label={t('fields.bid', { model: values.price_model })}
              required
              value={values.bid}
              onChange={(bid) => change({ bid })}
              onBlur={() => validateField('bid_micros')}
              error={errorOf('bid_micros')}
              testId="campaign-bid"
            />
            <MoneyField
              label={t('fields.minBid')}
              required
              value={values.min_bid}
              onChange={(min_bid) => change({ min_bid })}
              onBlur={() => validateField('min_bid_micros')}
              error={errorOf('min_bid_micros')}
              testId="campaign-min-bid"
            />
            <MoneyField
              label={t('fields.maxBid')}
              required
              value={values.max_bid}
              onChange={(max_bid) => change({ max_bid })}
              onBlur={() => validateField('max_bid_micros')}
              error={errorOf('max_bid_micros')}
              testId="campaign-max-bid"
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t('hints.bidRange')}
          </Text>
        </Stack>
      </Fieldset>

      <Stack gap="xs">
        <Switch
          label={t('fields.frequencyCap')}
          description={t('hints.frequencyCap')}
          checked={cap !== null}
          onChange={(event) =>
            change({ frequency_cap: event.currentTarget.checked ? { count: 3, period: 'DAY' } : null })
          }
          data-testid="campaign-frequency-toggle"
        />
        {cap ? (
          <Group align="flex-start" gap="md" pl={{ base: 0, sm: 54 }}>
            <TextInput
              type="number"
              label={t('fields.capCount')}
              value={cap.count === '' ? '' : String(cap.count)}
              min={1}
              max={1000}
              step={1}
              inputMode="numeric"
              onChange={(event) => {
                const text = event.currentTarget.value.trim();
                change({ frequency_cap: { ...cap, count: text === '' ? '' : Number(text) } });
              }}
              error={errorOf('frequency_cap.count') ?? errorOf('frequency_cap')}
              data-testid="campaign-frequency-count"
              w={160}
            />
            <NativeSelect
              label={t('fields.capPeriod')}
              value={cap.period}
              data={FREQUENCY_PERIODS.map((period) => ({ value: period, label: t(`capPeriod.${period}`) }))}
              onChange={(event) =>
                change({ frequency_cap: { ...cap, period: event.currentTarget.value as FrequencyPeriod } })
              }
              error={errorOf('frequency_cap.period')}
              data-testid="campaign-frequency-period"
              w={200}
            />
          </Group>
        ) : null}
      </Stack>

      <Stack gap="xs">
        <Switch
          label={t('fields.dayParting')}
          description={t('hints.dayParting')}
          checked={values.day_parting !== null}
          onChange={(event) =>
            change({ day_parting: event.currentTarget.checked ? presetGrid('weekdayWork') : null })
          }
          data-testid="campaign-day-parting-toggle"
        />
        {values.day_parting ? (
          <DayPartingGrid
            value={values.day_parting}
            onChange={(day_parting) => change({ day_parting })}
            error={errorOf('day_parting')}
          />
        ) : null}
      </Stack>
    </Stack>
  );
};
