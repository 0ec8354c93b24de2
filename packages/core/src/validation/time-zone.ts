// An IANA time zone name the runtime knows (through Intl): campaigns run in one, reports count their
// days in one.
import { z } from 'zod';

export const TIME_ZONE_MESSAGE = 'Choose a time zone by its IANA name, like Europe/Berlin or UTC.';

/** An IANA time zone the runtime knows (Intl), e.g. 'America/New_York', 'UTC'. */
export const isValidTimeZone = (value: string): boolean => {
  if (value.trim() === '' || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const timeZoneSchema = z.string().trim().refine(isValidTimeZone, TIME_ZONE_MESSAGE);
