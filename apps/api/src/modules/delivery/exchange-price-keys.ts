// An exchange's winning-price keys (Google's e_key/i_key scheme, google-price.ts), kept in
// exchanges.price_keys_sealed as sealed JSON under the secret box purpose below, like DSP
// credentials. The admin's settings seal them (and show only a fingerprint); the bidder's index opens
// them once per load and keeps a decoder per exchange: a price that is a plain decimal CPM is read as
// one, any other is decrypted under the exchange's keys.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SecretBox } from '../../platform/secret-box.ts';
import { decryptGooglePrice, type GooglePriceKeys } from './google-price.ts';
import { decodeDecimalCpm, type PriceDecoder } from './notice-price.ts';

export const PRICE_KEYS_PURPOSE = 'exchange-price-keys';

const priceKeysSchema = z.object({ encryptionKey: z.string().min(1), integrityKey: z.string().min(1) });

/** The keys sealed for exchanges.price_keys_sealed. */
export const sealPriceKeys = (box: SecretBox, keys: GooglePriceKeys): Promise<string> => box.seal(keys);

/** The keys of a sealed value (throws when they do not open: JWT_SECRET rotated). */
export const openPriceKeys = async (box: SecretBox, sealed: string): Promise<GooglePriceKeys> =>
  priceKeysSchema.parse(await box.open(sealed));

/**
 * A short name of a key pair, to tell pairs apart without showing them: the first 8 hex digits of
 * SHA-256 over both keys' bytes (32 bits of a hash of 64 random bytes reveal nothing of use).
 */
export const priceKeysFingerprint = (keys: GooglePriceKeys): string =>
  createHash('sha256')
    .update(Buffer.from(keys.encryptionKey, 'base64url'))
    .update(Buffer.from(keys.integrityKey, 'base64url'))
    .digest('hex')
    .slice(0, 8);

/** The decoder of an exchange whose sealed keys these are (throws when they do not open). */
export const openPriceDecoder = async (box: SecretBox, sealed: string): Promise<PriceDecoder> => {
  const keys = await openPriceKeys(box, sealed);
  return (value) => decodeDecimalCpm(value) ?? decryptGooglePrice(value, keys);
};
