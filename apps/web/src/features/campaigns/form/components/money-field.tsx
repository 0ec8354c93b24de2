// A dollar amount typed as text and kept as text (the form turns it into integer micro-units with
// core's parser, so no float ever holds money). On blur a valid amount is written back in full
// ('1500' -> '1500.00'), exactly.
import '@mantine/core/styles/Input.css';
import { TextInput } from '@mantine/core';
import { moneyInputText } from '../../../../lib/format/money-input.ts';
import { readMoney } from '../campaign-form-model.ts';

type MoneyFieldProps = {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  placeholder?: string;
  testId: string;
  readOnly?: boolean;
};

export const MoneyField = ({
  label,
  description,
  value,
  onChange,
  onBlur,
  error,
  required,
  placeholder,
  testId,
  readOnly,
}: MoneyFieldProps) => (
  <TextInput
    label={label}
    description={description}
    value={value}
    required={required}
    placeholder={placeholder ?? '0.00'}
    inputMode="decimal"
    autoComplete="off"
    leftSection={<span aria-hidden="true">$</span>}
    readOnly={readOnly}
    error={error}
    onChange={(event) => onChange(event.currentTarget.value)}
    onBlur={() => {
      const { micros, error: textError } = readMoney(value);
      if (!textError && micros !== null && micros >= 0) {
        const full = moneyInputText(micros);
        if (full !== value) onChange(full);
      }
      onBlur?.();
    }}
    data-testid={testId}
    w={{ base: '100%', xs: 220 }}
  />
);
