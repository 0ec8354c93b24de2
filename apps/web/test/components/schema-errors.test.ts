import { addUserBody } from '@console/core/api/users';
import { PASSWORD_MESSAGE } from '@console/core/validation/field-messages';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fieldMessageKey,
  hasErrors,
  readSchemaErrors,
  toMessageKey,
  validateWith,
} from '../../src/lib/forms/schema-errors.ts';

describe('schema errors', () => {
  it('collects the first message of each field, nested ones by dotted path', () => {
    const schema = z.object({
      name: z.string().min(1, 'Name!'),
      theme: z.object({ color: z.string().min(2, 'Color!') }),
    });
    expect(readSchemaErrors(schema, { name: '', theme: { color: '' } })).toEqual({
      name: 'Name!',
      'theme.color': 'Color!',
    });
    expect(hasErrors({})).toBe(false);
  });

  it('validates with the API schema and returns its parsed values', () => {
    const result = validateWith(addUserBody.pick({ email: true, password: true }), {
      email: ' Ada@Example.com ',
      password: 'short',
    });
    expect(result).toEqual({ success: false, errors: { password: PASSWORD_MESSAGE } });
    const ok = validateWith(addUserBody.pick({ email: true }), { email: ' Ada@Example.com ' });
    expect(ok).toEqual({ success: true, data: { email: 'ada@example.com' } });
  });

  it('maps known messages to i18n keys', () => {
    expect(fieldMessageKey(PASSWORD_MESSAGE)).toBe('validation.password');
    expect(fieldMessageKey('Something else')).toBeNull();
    expect(toMessageKey('x', { x: 'errors.x' }, 'errors.invalid')).toBe('errors.x');
    expect(toMessageKey('y', { x: 'errors.x' }, 'errors.invalid')).toBe('errors.invalid');
    expect(toMessageKey(undefined, {}, 'errors.invalid')).toBeUndefined();
  });
});
