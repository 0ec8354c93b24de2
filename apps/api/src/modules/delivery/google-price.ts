// Google's winning-price encryption (Authorized Buyers, "Decrypt price confirmations"): the
// ${AUCTION_PRICE} Google fills in is 28 bytes in unpadded web-safe base64: a 16-byte
// initialization vector, the 8-byte price encrypted with a pad of HMAC-SHA1(e_key, iv), and a 4-byte
// signature, the first bytes of HMAC-SHA1(i_key, price || iv). The price is CPM micro-units
// (big-endian). Anything of another length or with a wrong signature is not a price.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** An exchange's two keys, as Google hands them out (web-safe base64 of the raw key bytes). */
export type GooglePriceKeys = { encryptionKey: string; integrityKey: string };

const IV_BYTES = 16;
const PRICE_BYTES = 8;
const SIGNATURE_BYTES = 4;
const MESSAGE_BYTES = IV_BYTES + PRICE_BYTES + SIGNATURE_BYTES;
const WEB_SAFE_BASE64 = /^[A-Za-z0-9_-]+={0,2}$/;

const hmac = (key: Buffer, ...parts: Buffer[]) => {
  const mac = createHmac('sha1', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
};

/** The CPM micro-units an encrypted price stands for, or null when it is not one under these keys. */
export const decryptGooglePrice = (value: string, keys: GooglePriceKeys): number | null => {
  if (!WEB_SAFE_BASE64.test(value)) return null;
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length !== MESSAGE_BYTES) return null;
  const iv = bytes.subarray(0, IV_BYTES);
  const encrypted = bytes.subarray(IV_BYTES, IV_BYTES + PRICE_BYTES);
  const signature = bytes.subarray(IV_BYTES + PRICE_BYTES);
  const pad = hmac(Buffer.from(keys.encryptionKey, 'base64url'), iv);
  const price = Buffer.alloc(PRICE_BYTES);
  for (let i = 0; i < PRICE_BYTES; i++) price[i] = encrypted[i]! ^ pad[i]!;
  const expected = hmac(Buffer.from(keys.integrityKey, 'base64url'), price, iv).subarray(0, SIGNATURE_BYTES);
  if (!timingSafeEqual(expected, signature)) return null;
  const micros = price.readBigUInt64BE();
  return micros > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(micros);
};
