// Every message the settings forms translate is one the core schemas really write, so a changed
// message in packages/core cannot silently fall back to the generic text.
import { apiKeyCreateBody, postbackBody } from '@console/core/api/settings';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, settingsMessageKey } from '../../src/features/settings/form-messages.ts';
import { readSchemaErrors } from '../../src/lib/forms/schema-errors.ts';

const produced = [
  readSchemaErrors(postbackBody, { url_template: 'ftp://nope' }).url_template,
  readSchemaErrors(postbackBody, { url_template: `https://t.io/${'a'.repeat(2000)}` }).url_template,
  readSchemaErrors(postbackBody, { url_template: 'https://t.io/?x={nope}' }).url_template,
  readSchemaErrors(apiKeyCreateBody, { name: ' ' }).name,
  readSchemaErrors(apiKeyCreateBody, { name: 'k'.repeat(61) }).name,
];

describe('settings form messages', () => {
  it('maps each message the schemas produce to its own key', () => {
    expect(produced.map((message) => settingsMessageKey(message))).toEqual([
      'errors.postbackUrl',
      'errors.postbackTooLong',
      'errors.unknownMacro',
      'errors.keyNameRequired',
      'errors.keyNameTooLong',
    ]);
    expect(Object.keys(SETTINGS_MESSAGES).sort()).toEqual([...new Set(produced)].sort());
  });

  it('gives unknown messages the generic key and no message no key', () => {
    expect(settingsMessageKey('Something new.')).toBe('errors.invalid');
    expect(settingsMessageKey(undefined)).toBeUndefined();
  });
});
