import { describe, expect, it } from 'vitest';
import { dayPlaceholder, formatDayText, parseDayText } from './date-text.ts';

describe('day text in the reader’s language', () => {
  it('writes a day as each console language does', () => {
    expect(formatDayText('2026-11-28', 'de')).toBe('28.11.2026');
    expect(formatDayText('2026-11-28', 'en')).toBe('11/28/2026');
    expect(formatDayText('2026-11-28', 'es')).toBe('28/11/2026');
    expect(formatDayText('2026-11-28', 'it')).toBe('28/11/2026');
    expect(formatDayText('2026-11-28', 'ru')).toBe('28.11.2026');
    expect(formatDayText('', 'de')).toBe('');
  });

  it('says how to write one, in the reader’s letters', () => {
    expect(dayPlaceholder('de', { day: 'TT', month: 'MM', year: 'JJJJ' })).toBe('TT.MM.JJJJ');
    expect(dayPlaceholder('en', { day: 'dd', month: 'mm', year: 'yyyy' })).toBe('mm/dd/yyyy');
  });

  it('reads what the reader types, and YYYY-MM-DD, back to the same day', () => {
    for (const locale of ['en', 'de', 'es', 'it', 'ru'])
      expect(parseDayText(formatDayText('2026-02-03', locale), locale)).toBe('2026-02-03');
    expect(parseDayText('3.2.2026', 'de')).toBe('2026-02-03');
    expect(parseDayText('2/3/2026', 'en')).toBe('2026-02-03');
    expect(parseDayText('2026-02-03', 'de')).toBe('2026-02-03');
  });

  it('reads nothing from a day that does not exist or is not complete', () => {
    for (const text of ['31.02.2026', '28.11.', '28.11.26', '', 'morgen', '2026-13-01', '00.01.2026'])
      expect(parseDayText(text, 'de'), text).toBeNull();
  });
});
