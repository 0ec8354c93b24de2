import { describe, expect, it } from 'vitest';
import { openStoredValue, sealStoredValue } from '../src/lib/storage/storage-cipher.ts';

describe('storage cipher (spec section 3: the stored auth is encrypted)', () => {
  it('round-trips a value without leaving it readable', async () => {
    const value = { logged_in: true, user: { token: 'eyJhbGciOiJIUzI1NiJ9.secret-token' } };
    const sealed = await sealStoredValue(value);
    expect(sealed).not.toContain('secret-token');
    expect(sealed).not.toContain('logged_in');
    expect(await openStoredValue(sealed)).toEqual(value);
  });

  it('answers null for missing, tampered or foreign text', async () => {
    expect(await openStoredValue(null)).toBeNull();
    expect(await openStoredValue('{"logged_in":true}')).toBeNull();
    const sealed = await sealStoredValue({ a: 1 });
    const tampered = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`;
    expect(await openStoredValue(tampered)).toBeNull();
  });
});
