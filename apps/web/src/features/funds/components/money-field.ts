// Money typed by a person ("1,000", "$1,000.50") to micro-units, with a translated message.
import { findMoneyTextError, parseMoneyToMicros } from '@console/core/format/money';

/** Micro-units of a positive amount, or null when the text is not one. */
export const positiveMicrosOf = (text: string): number | null => {
  if (findMoneyTextError(text)) return null;
  const micros = parseMoneyToMicros(text);
  return micros > 0 ? micros : null;
};
