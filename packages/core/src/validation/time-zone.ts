// An IANA time zone name the runtime knows (through Intl): campaigns run in one, reports count their
// days in one.
import { z } from 'zod';
import { isKnownZone } from '../time/zoned-time.ts';

export const TIME_ZONE_MESSAGE = 'Choose a time zone by its IANA name, like Europe/Berlin or UTC.';

/** An IANA time zone the runtime knows (Intl), e.g. 'America/New_York', 'UTC'. */
export const isValidTimeZone = (value: string): boolean => isKnownZone(value);

export const timeZoneSchema = z.string().trim().refine(isValidTimeZone, TIME_ZONE_MESSAGE);
