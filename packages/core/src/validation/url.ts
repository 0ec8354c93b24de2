// URL rules of spec section 5: a click URL (and the other tracking URLs of a creative) must be a
// host with a top-level domain; the http/https scheme and the path are optional.
import { z } from 'zod';

export const CLICK_URL_REQUIRED_MESSAGE = 'Click URL is mandatory';
export const INVALID_URL_MESSAGE = 'Please enter a valid URL';

// DNS labels (1-63 chars, no leading/trailing hyphen), then a TLD of letters or an IDN in punycode
// (xn--...). No IP addresses, no localhost, no user:password@: an ad click must land on a public
// site. After the host: an optional port, then anything without whitespace starting with / ? or #
// (query strings often carry macros such as {click_id}).
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const TLD = '(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})';
export const HOST_PATTERN_SOURCE = `(?:${LABEL}\\.)+${TLD}`;
export const URL_PATTERN = new RegExp(
  `^(?:https?://)?${HOST_PATTERN_SOURCE}(?::\\d{1,5})?(?:[/?#]\\S*)?$`,
  'i',
);

/** Blank means empty or whitespace only. */
export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

/** True for a host with a top-level domain, scheme and path optional. Surrounding spaces are ignored. */
export function isValidUrl(value: string): boolean {
  return URL_PATTERN.test(value.trim());
}

export type UrlRuleOptions = { required: boolean };

/** The spec's message for a click URL, or undefined when it is acceptable. */
export function findClickUrlError(
  value: string | null | undefined,
  { required }: UrlRuleOptions = { required: true },
): string | undefined {
  if (isBlank(value)) return required ? CLICK_URL_REQUIRED_MESSAGE : undefined;
  return isValidUrl(value as string) ? undefined : INVALID_URL_MESSAGE;
}

/** A mandatory click URL; the output is trimmed. */
export const clickUrlSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const message = findClickUrlError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** An optional single URL (click URL where not mandatory, native impression_url): blank passes as ''. */
export const optionalUrlSchema = z
  .string()
  .trim()
  .refine((value) => findClickUrlError(value, { required: false }) === undefined, INVALID_URL_MESSAGE)
  .optional();

/**
 * Several URLs (image pixel_url, video impression_url). Blank entries are dropped (an unfilled
 * "add another" row is not an error); each other entry must be valid, and the issue's path is its
 * index in the input list.
 */
export const urlListSchema = z
  .array(z.string().trim())
  .superRefine((values, ctx) => {
    for (const { index, message } of findUrlListErrors(values))
      ctx.addIssue({ code: 'custom', message, path: [index] });
  })
  .transform((values) => values.filter((value) => value !== ''));

export type UrlListError = { index: number; message: string };

/** The invalid entries of a URL list (index into the input), blank entries ignored. */
export function findUrlListErrors(values: readonly string[]): UrlListError[] {
  const errors: UrlListError[] = [];
  values.forEach((value, index) => {
    if (!isBlank(value) && !isValidUrl(value)) errors.push({ index, message: INVALID_URL_MESSAGE });
  });
  return errors;
}
