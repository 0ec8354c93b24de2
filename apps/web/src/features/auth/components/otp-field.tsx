import '@mantine/core/styles/Input.css';
import { TextInput, type TextInputProps } from '@mantine/core';

/** The one-time code mailed by the server: digits only, filled from the OS's one-time-code hints. */
export const OtpField = (props: TextInputProps) => (
  <TextInput
    {...props}
    inputMode="numeric"
    autoComplete="one-time-code"
    maxLength={8}
    styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
  />
);
