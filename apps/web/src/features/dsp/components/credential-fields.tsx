// The credential inputs of a DSP type, rendered from packages/core/src/dsp-types.ts: secret ones
// as password inputs. On an edit, each shows the stored hint and stays empty unless replaced.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Stack, Text, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { credentialFieldsOf, type DspErrors } from '../dsp-form-model.ts';
import { dspMessageKey } from '../form-messages.ts';
import { credentialLabel } from './dsp-type-text.ts';

type CredentialFieldsProps = {
  type: string;
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  errors: DspErrors;
  /** The stored hints (edit): the fields are optional then, and say what is stored. */
  hints?: Record<string, string> | undefined;
};

export const CredentialFields = ({ type, values, onChange, errors, hints }: CredentialFieldsProps) => {
  const { t } = useTranslation('dsp');
  const fields = credentialFieldsOf(type);
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('credentials.chooseType')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="dsp-credentials">
      {fields.map((field) => {
        const hint = hints?.[field.name];
        const key = dspMessageKey(errors[`credentials.${field.name}`], 'credentials');
        const common = {
          label: credentialLabel(t, field),
          name: `credentials.${field.name}`,
          required: !hints,
          autoComplete: field.secret ? 'new-password' : 'off',
          value: values[field.name] ?? '',
          onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(field.name, event.currentTarget.value),
          error: key ? t(key) : undefined,
          description: hints
            ? hint
              ? t('credentials.currentHint', { hint })
              : t('credentials.noneStored')
            : undefined,
          spellCheck: false,
          'data-testid': `dsp-credential-${field.name}`,
        };
        return field.secret ? (
          <PasswordField key={field.name} {...common} />
        ) : (
          <TextInput key={field.name} {...common} />
        );
      })}
    </Stack>
  );
};
