// Money typed by a person ("1,000", "$1,000.50") to micro-units, with a translated message.
import { moneyInputError, moneyInputMicros } from '../../../lib/format/money-input.ts';

/** Micro-units of a positive amount, or null when the text is not one. */
export const positiveMicrosOf = (text: string): number | null => {
  if (moneyInputError(text)) return null;
  const micros = moneyInputMicros(text);
  return micros > 0 ? micros : null;
};
