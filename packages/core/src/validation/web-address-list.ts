// Web address list of spec section 5: one or more http/https URLs, each ending in a slash,
// comma-separated. Spaces around the commas are tolerated (people type "a/, b/"); the scheme is
// required here, unlike the click URL, and the host needs a top-level domain as there.
import { z } from 'zod';
import { HOST_PATTERN_SOURCE } from './url.ts';

export const WEB_ADDRESS_PATTERN = new RegExp(
  `^https?://${HOST_PATTERN_SOURCE}(?::\\d{1,5})?/(?:[^\\s,]*/)?$`,
  'i',
);

export const WEB_ADDRESS_LIST_EMPTY_MESSAGE = 'Please enter at least one web address.';

/** Which entry (1-based) is wrong, so a long list can be fixed. */
export function formatWebAddressEntryMessage(position: number, entry: string): string {
  return `Web address ${position} ("${entry}") must be an http or https URL ending in a slash, e.g. https://example.com/.`;
}

/** Splits on commas and trims each entry; empty entries are kept so they can be reported. */
export function splitWebAddressList(value: string): string[] {
  return value.split(',').map((entry) => entry.trim());
}

export function findWebAddressListError(value: string): string | undefined {
  if (value.trim() === '') return WEB_ADDRESS_LIST_EMPTY_MESSAGE;
  const entries = splitWebAddressList(value);
  const index = entries.findIndex((entry) => !WEB_ADDRESS_PATTERN.test(entry));
  return index === -1 ? undefined : formatWebAddressEntryMessage(index + 1, entries[index] ?? '');
}

export function isValidWebAddressList(value: string): boolean {
  return findWebAddressListError(value) === undefined;
}

/** Validates the list; the output is the normalised text ("a/,b/", no spaces). */
export const webAddressListSchema = z
  .string()
  .superRefine((value, ctx) => {
    const message = findWebAddressListError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((value) => splitWebAddressList(value).join(','));
