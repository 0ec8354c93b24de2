// An exchange's winning-price keys (Google's e_key/i_key scheme, google-price.ts), kept in
// exchanges.price_keys_sealed as sealed JSON under the secret box purpose below, like DSP
// credentials. The bidder's index opens them once per load and keeps a decoder per exchange: a price
// that is a plain decimal CPM is read as one, any other is decrypted under the exchange's keys.
import { z } from 'zod';
import type { SecretBox } from '../../platform/secret-box.ts';
import { decryptGooglePrice } from './google-price.ts';
import { decodeDecimalCpm, type PriceDecoder } from './notice-price.ts';

export const PRICE_KEYS_PURPOSE = 'exchange-price-keys';

const priceKeysSchema = z.object({ encryptionKey: z.string().min(1), integrityKey: z.string().min(1) });

/** The decoder of an exchange whose sealed keys these are (throws when they do not open). */
export const openPriceDecoder = async (box: SecretBox, sealed: string): Promise<PriceDecoder> => {
  const keys = priceKeysSchema.parse(await box.open(sealed));
  return (value) => decodeDecimalCpm(value) ?? decryptGooglePrice(value, keys);
};
