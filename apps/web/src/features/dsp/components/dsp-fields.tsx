// The inputs of a DSP connection, shared by the create and edit forms and the onboarding steps.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { MultiSelect, NumberInput, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useDspExchangeChoices } from '../api/list-exchanges.ts';
import type { DspErrors, DspField, DspFormValues } from '../dsp-form-model.ts';
import { dspMessageKey } from '../form-messages.ts';

export type FieldsProps = {
  values: DspFormValues;
  errors: DspErrors;
  onChange: (patch: Partial<DspFormValues>) => void;
};

/** The translated error of a field, or undefined. */
export const useFieldError = (errors: DspErrors) => {
  const { t } = useTranslation('dsp');
  return (field: DspField) => {
    const key = dspMessageKey(errors[field], field);
    return key ? t(key) : undefined;
  };
};

export const NameField = ({ values, errors, onChange }: FieldsProps) => {
  const { t } = useTranslation('dsp');
  const errorOf = useFieldError(errors);
  return (
    <TextInput
      label={t('fields.name')}
      description={t('fields.nameHint')}
      name="name"
      required
      maxLength={60}
      value={values.name}
      onChange={(event) => onChange({ name: event.currentTarget.value })}
      error={errorOf('name')}
      data-testid="dsp-name"
    />
  );
};

export const EndpointField = ({ values, errors, onChange }: FieldsProps) => {
  const { t } = useTranslation('dsp');
  const errorOf = useFieldError(errors);
  return (
    <TextInput
      label={t('fields.endpoint')}
      description={t('fields.endpointHint')}
      placeholder="https://bidder.example.com/openrtb2"
      name="endpoint_url"
      type="url"
      required
      spellCheck={false}
      value={values.endpoint_url}
      onChange={(event) => onChange({ endpoint_url: event.currentTarget.value })}
      error={errorOf('endpoint_url')}
      data-testid="dsp-endpoint"
    />
  );
};

export const ReachFields = ({ values, errors, onChange }: FieldsProps) => {
  const { t } = useTranslation('dsp');
  const errorOf = useFieldError(errors);
  const choices = useDspExchangeChoices();
  return (
    <>
      <MultiSelect
        label={t('fields.exchanges')}
        description={t('fields.exchangesHint')}
        name="exchanges"
        // The exchanges table's names, and any the connection kept from before (renamed since).
        data={[...new Set([...(choices.data ?? []).map((exchange) => exchange.name), ...values.exchanges])]}
        value={values.exchanges}
        onChange={(exchanges) => onChange({ exchanges })}
        searchable
        clearable
        nothingFoundMessage={t('fields.noExchangeFound')}
        disabled={choices.isPending}
        error={errorOf('exchanges') ?? (choices.isError ? t('errors.exchangesUnavailable') : undefined)}
        clearButtonProps={{ 'aria-label': t('fields.clearExchanges') }}
        data-testid="dsp-exchanges"
      />
      <NumberInput
        label={t('fields.qps')}
        description={t('fields.qpsHint')}
        name="qps_limit"
        required
        min={1}
        max={1_000_000}
        step={100}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        value={values.qps_limit}
        onChange={(value) =>
          onChange({ qps_limit: typeof value === 'number' ? value : value === '' ? '' : Number(value) })
        }
        error={errorOf('qps_limit')}
        data-testid="dsp-qps"
      />
    </>
  );
};
