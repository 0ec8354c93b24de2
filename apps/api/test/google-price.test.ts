// Google's winning-price decryption against Google's own published example: the keys and encrypted
// prices of "Decrypt price confirmations" (Authorized Buyers RTB guide,
// https://developers.google.com/authorized-buyers/rtb/response-guide/decrypt-price, the sample
// keys and its table of encrypted values: 100, 1900 and 2700 micros).
import { describe, expect, it } from 'vitest';
import { decryptGooglePrice } from '../src/modules/delivery/google-price.ts';

const keys = {
  encryptionKey: 'skU7Ax_NL5pPAFyKdkfZjZz2-VhIN8bjj1rVFOaJ_5o=',
  integrityKey: 'arO23ykdNqUQ5LEoQ0FVmPkBd7xB5CO89PDZlSjpFxo=',
};

const GOOGLE_EXAMPLES: [string, number][] = [
  ['YWJjMTIzZGVmNDU2Z2hpN7fhCuPemCce_6msaw', 100],
  ['YWJjMTIzZGVmNDU2Z2hpN7fhCuPemCAWJRxOgA', 1900],
  ['YWJjMTIzZGVmNDU2Z2hpN7fhCuPemC32prpWWw', 2700],
];

/** The value with one byte of its decoded message flipped. */
const flipByte = (value: string, index: number) => {
  const bytes = Buffer.from(value, 'base64url');
  bytes[index] = bytes[index]! ^ 0x01;
  return bytes.toString('base64url');
};

describe('decryptGooglePrice', () => {
  it.each(GOOGLE_EXAMPLES)("decrypts Google's example %s to %i micros", (value, micros) => {
    expect(decryptGooglePrice(value, keys)).toBe(micros);
  });

  it('rejects a value with a byte changed in the iv, the price or the signature', () => {
    const [value] = GOOGLE_EXAMPLES[1]!;
    for (const index of [0, 15, 16, 23, 24, 27])
      expect(decryptGooglePrice(flipByte(value, index), keys)).toBeNull();
  });

  it('rejects a value under other keys', () => {
    const [value] = GOOGLE_EXAMPLES[0]!;
    expect(decryptGooglePrice(value, { ...keys, integrityKey: keys.encryptionKey })).toBeNull();
  });

  it('rejects a value of the wrong length or not in web-safe base64', () => {
    const [value] = GOOGLE_EXAMPLES[0]!;
    expect(decryptGooglePrice(value.slice(0, -4), keys)).toBeNull();
    expect(decryptGooglePrice(`${value}AAAA`, keys)).toBeNull();
    expect(decryptGooglePrice('', keys)).toBeNull();
    expect(decryptGooglePrice(`${value.slice(0, -1)}+`, keys)).toBeNull();
    expect(decryptGooglePrice('1.25', keys)).toBeNull();
  });
});
