// An exchange's notice settings (GET/PUT /api/admin/metadata/exchanges/:id/settings): how long after
// a bid its win, billing or loss notice may come (the bid's budget hold lasts that long; a later
// notice is billed and marked late), and whether it encrypts the clearing price with Google's
// winning-price scheme (its e_key and i_key, 32 bytes each). The keys are write-only: the answer says
// whether they are set and gives a short fingerprint, never the keys.
import { z } from 'zod';

export const NOTICE_WINDOW_MIN_SECONDS = 60;
export const NOTICE_WINDOW_MAX_SECONDS = 86_400;
/** What a new exchange starts with (the column's default): 15 minutes. */
export const NOTICE_WINDOW_DEFAULT_SECONDS = 900;
export const NOTICE_WINDOW_MESSAGE =
  'The notice window is a whole number of seconds from 60 (1 minute) to 86400 (24 hours).';

/** NONE: plain decimal prices. GOOGLE: Google's encrypted prices (a plain decimal is still read). */
export const PRICE_ENCRYPTIONS = ['NONE', 'GOOGLE'] as const;
export type PriceEncryption = (typeof PRICE_ENCRYPTIONS)[number];
export const PRICE_ENCRYPTION_MESSAGE = 'Choose NONE or GOOGLE.';

export const PRICE_KEY_FORMAT_MESSAGE =
  'A key is 32 bytes: 44 characters of web-safe base64 or 64 hexadecimal digits, as Google gives it.';
export const PRICE_KEYS_PAIR_MESSAGE = 'Give both keys: the encryption key and the integrity key.';
export const PRICE_KEYS_DIFFER_MESSAGE = 'The encryption and integrity keys must differ.';
export const PRICE_KEYS_UNUSED_MESSAGE =
  'Keys are kept only for encrypted prices: leave them out or choose GOOGLE.';
/** Server-side: GOOGLE chosen without keys while none are kept. */
export const PRICE_KEYS_NEEDED_MESSAGE = 'Encrypted prices need the encryption and integrity keys.';

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
/** 32 bytes are 43 base64 characters (and one '=' of padding); standard or web-safe alphabet. */
const BASE64_KEY = /^[A-Za-z0-9_+/-]{43}=?$/;

/**
 * A 32-byte key as Google writes it (web-safe base64, or hex; spaces ignored) in one form: web-safe
 * base64 with its padding. Null when it is neither.
 */
export const normalizePriceKey = (text: string): string | null => {
  const compact = text.replace(/\s+/g, '');
  if (HEX_KEY.test(compact)) {
    const bytes = compact.match(/../g)!.map((pair) => String.fromCharCode(Number.parseInt(pair, 16)));
    return btoa(bytes.join('')).replace(/\+/g, '-').replace(/\//g, '_');
  }
  if (BASE64_KEY.test(compact))
    return `${compact.replace(/=$/, '').replace(/\+/g, '-').replace(/\//g, '_')}=`;
  return null;
};

/** An optional key: absent, null or blank means "not given". */
const priceKey = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  z
    .string(PRICE_KEY_FORMAT_MESSAGE)
    .transform((text, ctx) => {
      const key = normalizePriceKey(text);
      if (key === null) {
        ctx.addIssue({ code: 'custom', message: PRICE_KEY_FORMAT_MESSAGE });
        return z.NEVER;
      }
      return key;
    })
    .optional(),
);

export const exchangeSettingsBody = z
  .object({
    notice_window_seconds: z
      .number(NOTICE_WINDOW_MESSAGE)
      .int(NOTICE_WINDOW_MESSAGE)
      .min(NOTICE_WINDOW_MIN_SECONDS, NOTICE_WINDOW_MESSAGE)
      .max(NOTICE_WINDOW_MAX_SECONDS, NOTICE_WINDOW_MESSAGE),
    price_encryption: z.enum(PRICE_ENCRYPTIONS, PRICE_ENCRYPTION_MESSAGE),
    /** Google's e_key; with GOOGLE and no keys, the keys kept stay. */
    encryption_key: priceKey,
    /** Google's i_key. */
    integrity_key: priceKey,
  })
  .superRefine((body, ctx) => {
    const given = [body.encryption_key, body.integrity_key].filter((key) => key !== undefined).length;
    if (given === 0) return;
    if (body.price_encryption === 'NONE') {
      ctx.addIssue({ code: 'custom', path: ['encryption_key'], message: PRICE_KEYS_UNUSED_MESSAGE });
      return;
    }
    if (given === 1) {
      const missing = body.encryption_key === undefined ? 'encryption_key' : 'integrity_key';
      ctx.addIssue({ code: 'custom', path: [missing], message: PRICE_KEYS_PAIR_MESSAGE });
      return;
    }
    if (body.encryption_key === body.integrity_key)
      ctx.addIssue({ code: 'custom', path: ['integrity_key'], message: PRICE_KEYS_DIFFER_MESSAGE });
  });
export type ExchangeSettingsInput = z.output<typeof exchangeSettingsBody>;

export const exchangeSettingsSchema = z.object({
  exchange_id: z.number().int(),
  notice_window_seconds: z
    .number()
    .int()
    .describe(
      "Seconds after a bid that the exchange's notices are on time (the bid's budget hold lasts that long).",
    ),
  price_encryption: z.enum(PRICE_ENCRYPTIONS),
  price_keys_set: z.boolean().describe('Whether winning-price keys are kept (never the keys themselves).'),
  price_keys_fingerprint: z
    .string()
    .nullable()
    .describe(
      'The first 8 hex digits of SHA-256(e_key bytes || i_key bytes), to tell key pairs apart; null without ' +
        "keys, or when the kept keys no longer open (the server's secret changed: enter them again).",
    ),
  updatedAt: z.string(),
});
export type ExchangeSettings = z.infer<typeof exchangeSettingsSchema>;
