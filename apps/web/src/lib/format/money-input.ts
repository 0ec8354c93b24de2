// Money typed into the console's forms, read in the console's language (core's readMoneyText): in
// German "1.500" is fifteen hundred dollars and "1,5" one and a half, as its readers write them, and
// a form shows a stored amount as its language types it ("2,50"). Read the English way, German's
// "1.500" was $1.50 and its "1,500" $1,500.
import { findMoneyTextError, moneyTextOf, parseMoneyToMicros } from '@console/core/format/money';
import { getLanguage } from '../i18n/locale-store.ts';
import { localeOf } from './date-time.ts';

const inputLocale = () => localeOf(getLanguage());

/** The message for text that is not an amount in the console's language, or undefined. */
export const moneyInputError = (text: string): string | undefined => findMoneyTextError(text, inputLocale());

/** Micro-units of an amount typed in the console's language (check moneyInputError first). */
export const moneyInputMicros = (text: string): number => parseMoneyToMicros(text, inputLocale());

/** A stored amount as a form's input shows it in the console's language ('' for none). */
export const moneyInputText = (micros: number | null | undefined): string =>
  moneyTextOf(micros, inputLocale());
