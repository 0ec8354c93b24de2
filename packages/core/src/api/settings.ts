// Schemas of the user settings page: API keys and the conversion postback URL template.
import { z } from 'zod';

export const apiKeyCreateBody = z.object({
  name: z.string().trim().min(1, 'Give the key a name.').max(60, 'At most 60 characters.'),
});

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first part of the key, to tell keys apart; the secret is never shown again. */
  prefix: z.string(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });

/** The macros a conversion postback carries, replaced when the postback fires. */
export const POSTBACK_MACROS = [
  '{click_id}',
  '{campaign_id}',
  '{creative_id}',
  '{exchange}',
  '{event}',
  '{payout}',
  '{currency}',
  '{timestamp}',
] as const;

export const POSTBACK_URL_MESSAGE = 'Enter an http:// or https:// URL.';

export const postbackBody = z.object({
  url_template: z
    .string()
    .trim()
    .max(2000, 'At most 2000 characters.')
    .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, POSTBACK_URL_MESSAGE)
    .refine(
      (url) =>
        (url.match(/\{[^}]*\}/g) ?? []).every((macro) =>
          (POSTBACK_MACROS as readonly string[]).includes(macro),
        ),
      `Only these macros are known: ${POSTBACK_MACROS.join(' ')}`,
    ),
});
export const postbackSchema = z.object({ url_template: z.string(), macros: z.array(z.string()) });
