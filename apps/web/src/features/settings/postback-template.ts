// The postback URL template editor's pure parts: inserting a macro at the cursor and the live
// example with sample values. Unit-tested.
import { POSTBACK_MACROS } from '@console/core/api/settings';

export type PostbackMacro = (typeof POSTBACK_MACROS)[number];

/** What each macro becomes in the live example (plausible values of one conversion). */
export const POSTBACK_SAMPLES = {
  '{click_id}': '9f2a7c41e0b3',
  '{campaign_id}': '1024',
  '{creative_id}': '2048',
  '{exchange}': 'openx',
  '{event}': 'install',
  '{payout}': '1.25',
  '{currency}': 'USD',
  '{timestamp}': '1767225600',
} as const satisfies Record<PostbackMacro, string>;

/**
 * `text` put in place of the selection [start, end) of `value` (the cursor when start === end);
 * the caret goes right after the inserted text. Out-of-range positions are clamped.
 */
export const insertAtCursor = (
  value: string,
  start: number | null,
  end: number | null,
  text: string,
): { value: string; caret: number } => {
  const from = Math.min(Math.max(start ?? value.length, 0), value.length);
  const to = Math.min(Math.max(end ?? from, from), value.length);
  return { value: value.slice(0, from) + text + value.slice(to), caret: from + text.length };
};

/** The template with every known macro replaced by its sample value; unknown braces stay as written. */
export const renderPostbackExample = (
  template: string,
  samples: Readonly<Record<string, string>> = POSTBACK_SAMPLES,
): string => template.replace(/\{[^{}]*\}/g, (macro) => samples[macro] ?? macro);

/** The macros of the template that are not in the known list, in order of appearance, once each. */
export const findUnknownMacros = (template: string): string[] => {
  const known = new Set<string>(POSTBACK_MACROS);
  const found = template.match(/\{[^{}]*\}/g) ?? [];
  return [...new Set(found.filter((macro) => !known.has(macro)))];
};
