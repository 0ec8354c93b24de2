import { describe, expect, it } from 'vitest';
import { formatTimeText, parseTimeText, timePlaceholder, usesTwelveHours } from './time-text.ts';

describe('time text in the reader’s language', () => {
  it('writes a time as each console language does', () => {
    expect(formatTimeText('14:30', 'en')).toBe('2:30 PM');
    expect(formatTimeText('00:00', 'en')).toBe('12:00 AM');
    expect(formatTimeText('12:05', 'en')).toBe('12:05 PM');
    for (const locale of ['de', 'es', 'it', 'ru']) {
      expect(usesTwelveHours(locale)).toBe(false);
      expect(formatTimeText('14:30', locale)).toBe('14:30');
    }
    expect(formatTimeText('', 'en')).toBe('');
    expect(timePlaceholder('en', { hour: 'hh', minute: 'mm' })).toBe('hh:mm AM');
    expect(timePlaceholder('ru', { hour: 'чч', minute: 'мм' })).toBe('чч:мм');
  });

  it('reads what the reader types back to the same time', () => {
    for (const time of ['00:00', '09:05', '12:00', '12:59', '13:00', '23:59'])
      for (const locale of ['en', 'de', 'es', 'it', 'ru'])
        expect(parseTimeText(formatTimeText(time, locale))).toBe(time);
    expect(parseTimeText('2:30pm')).toBe('14:30');
    expect(parseTimeText('2:30 p.m.')).toBe('14:30');
    expect(parseTimeText('12:00 AM')).toBe('00:00');
    expect(parseTimeText('9.05')).toBe('09:05');
  });

  it('reads nothing from a time that is not one', () => {
    for (const text of ['24:00', '13:00 PM', '0:30 AM', '9', '9:5', '12:60', 'noon', ''])
      expect(parseTimeText(text), text).toBeNull();
  });
});
