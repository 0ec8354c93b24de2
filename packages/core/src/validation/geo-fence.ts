// Geo-fence list of spec section 5: up to 2500 entries "latitude,longitude,radius" separated by |.
// Messages name the entry (1-based) and the broken rule, since lists are pasted in bulk.
//
// Decisions where the spec is silent: spaces and line breaks around values and separators are
// ignored; a blank list means no geo-fence (valid, zero entries); an empty entry ("a||b", a trailing
// "|") is an error; numbers are plain decimals (no exponent, no leading "+", a digit before any
// dot); the radius unit is whatever the targeting uses (the spec gives none).
import { z } from 'zod';
import { GEO_FENCE_MAX_ENTRIES, GEO_FENCE_RADIUS } from '../constants.ts';

export type GeoFenceEntry = { latitude: number; longitude: number; radius: number };

/** position is 1-based, as shown to the user. */
export type GeoFenceError = { position: number | null; message: string };

export type GeoFenceParseResult =
  | { success: true; entries: GeoFenceEntry[] }
  | { success: false; errors: GeoFenceError[] };

export const GEO_FENCE_ENTRY_SEPARATOR = '|';

const COORDINATE_PATTERN = /^-?\d+(?:\.\d+)?$/;
const RADIUS_PATTERN = /^\d+(?:\.\d{1,2})?$/;
const LATITUDE_MAX = 90;
const LONGITUDE_MAX = 180;

// Long pasted garbage is cut so the message stays readable.
function quoteEntry(entry: string): string {
  return entry.length > 40 ? `"${entry.slice(0, 40)}..."` : `"${entry}"`;
}

export const GEO_FENCE_MESSAGES = {
  tooMany: (count: number) =>
    `Too many geo-fence entries: ${count}. The maximum is ${GEO_FENCE_MAX_ENTRIES}.`,
  emptyEntry: (position: number) => `Geo-fence entry ${position} is empty. Remove the extra "|".`,
  malformedEntry: (position: number, entry: string) =>
    `Geo-fence entry ${position} (${quoteEntry(entry)}) must be "latitude,longitude,radius".`,
  latitude: (position: number) => `Geo-fence entry ${position}: latitude must be a number from -90 to 90.`,
  longitude: (position: number) =>
    `Geo-fence entry ${position}: longitude must be a number from -180 to 180.`,
  radius: (position: number) =>
    `Geo-fence entry ${position}: radius must be a number from ${GEO_FENCE_RADIUS.min} to ${GEO_FENCE_RADIUS.max} with at most 2 decimals.`,
} as const;

function parseCoordinate(text: string, max: number): number | undefined {
  if (!COORDINATE_PATTERN.test(text)) return undefined;
  const value = Number(text);
  return Math.abs(value) <= max ? value : undefined;
}

function parseRadius(text: string): number | undefined {
  if (!RADIUS_PATTERN.test(text)) return undefined;
  const value = Number(text);
  return value >= GEO_FENCE_RADIUS.min && value <= GEO_FENCE_RADIUS.max ? value : undefined;
}

/** One entry's text to an entry, or the messages of what is wrong with it. */
export function parseGeoFenceEntry(
  entry: string,
  position: number,
): { entry: GeoFenceEntry; errors?: undefined } | { entry?: undefined; errors: string[] } {
  const text = entry.trim();
  if (text === '') return { errors: [GEO_FENCE_MESSAGES.emptyEntry(position)] };
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 3) return { errors: [GEO_FENCE_MESSAGES.malformedEntry(position, text)] };
  const [latitudeText = '', longitudeText = '', radiusText = ''] = parts;
  const latitude = parseCoordinate(latitudeText, LATITUDE_MAX);
  const longitude = parseCoordinate(longitudeText, LONGITUDE_MAX);
  const radius = parseRadius(radiusText);
  const errors: string[] = [];
  if (latitude === undefined) errors.push(GEO_FENCE_MESSAGES.latitude(position));
  if (longitude === undefined) errors.push(GEO_FENCE_MESSAGES.longitude(position));
  if (radius === undefined) errors.push(GEO_FENCE_MESSAGES.radius(position));
  if (latitude === undefined || longitude === undefined || radius === undefined) return { errors };
  return { entry: { latitude, longitude, radius } };
}

/** The list's text to typed entries, or every error found (the count first, then by entry). */
export function parseGeoFenceList(value: string): GeoFenceParseResult {
  if (value.trim() === '') return { success: true, entries: [] };
  const texts = value.split(GEO_FENCE_ENTRY_SEPARATOR);
  const errors: GeoFenceError[] = [];
  if (texts.length > GEO_FENCE_MAX_ENTRIES) {
    errors.push({ position: null, message: GEO_FENCE_MESSAGES.tooMany(texts.length) });
  }
  const entries: GeoFenceEntry[] = [];
  texts.forEach((text, index) => {
    const result = parseGeoFenceEntry(text, index + 1);
    if (result.entry) entries.push(result.entry);
    else for (const message of result.errors) errors.push({ position: index + 1, message });
  });
  return errors.length > 0 ? { success: false, errors } : { success: true, entries };
}

/** Entries back to the list's text (the canonical form: no spaces). */
export function formatGeoFenceList(entries: readonly GeoFenceEntry[]): string {
  return entries
    .map(({ latitude, longitude, radius }) => `${latitude},${longitude},${radius}`)
    .join(GEO_FENCE_ENTRY_SEPARATOR);
}

/** Validates the text and keeps it as text; one issue per error, the first one the most useful. */
export const geoFenceListSchema = z.string().superRefine((value, ctx) => {
  const result = parseGeoFenceList(value);
  if (!result.success) for (const { message } of result.errors) ctx.addIssue({ code: 'custom', message });
});
