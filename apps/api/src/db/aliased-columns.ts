// Table columns selected under prefixed names in a raw statement, and decoded back the way a drizzle
// select decodes them (on both drivers). For the one-statement list pages, which read a table's
// columns beside other tables' and computed columns.
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { renderedOnce } from './sql-fragment.ts';
import { isoTimestamp } from './timestamp-text.ts';

/**
 * Columns as `<prefix><field>`, rendered to text once: drizzle walks every chunk of a statement each
 * time it is built, and a page's 30-odd columns were a good part of building a list statement.
 */
export const selectAs = (prefix: string, columns: Record<string, PgColumn>) =>
  renderedOnce(
    sql.join(
      Object.entries(columns).map(([key, column]) => sql`${column} as ${sql.identifier(`${prefix}${key}`)}`),
      sql`, `,
    ),
  );

/**
 * A row type whose Date fields may be their ISO text instead: a list page's row as decoderOf's
 * `timestampsAsText` reads it, or the same row read with Dates (a detail's).
 */
export type WithTextTimestamps<T> = {
  [K in keyof T]: T[K] extends Date ? Date | string : T[K] extends Date | null ? Date | string | null : T[K];
};

/** A timestamptz column read as a Date (drizzle's mode 'date'); without a zone its text has no offset. */
const isDateTimestamp = (column: PgColumn) =>
  column.columnType === 'PgTimestamp' &&
  (column as PgColumn & { withTimezone?: boolean }).withTimezone === true;

/**
 * Decodes columns selected by `selectAs`. Made once per column set: a page decodes hundreds of
 * fields, and a loop over a fixed list is what keeps that cheap. `timestampsAsText`: timestamp
 * columns are read as their ISO text (isoTimestamp), for a page that only writes them out.
 */
export const decoderOf = <T>(
  prefix: string,
  columns: Record<string, PgColumn>,
  options: { timestampsAsText?: boolean } = {},
) => {
  const fields = Object.entries(columns).map(([key, column]) => ({
    key,
    name: `${prefix}${key}`,
    decode:
      options.timestampsAsText && isDateTimestamp(column)
        ? (value: unknown) => isoTimestamp(value as string | Date)
        : (value: unknown) => column.mapFromDriverValue(value),
  }));
  return (raw: Record<string, unknown>): T => {
    const decoded: Record<string, unknown> = {};
    for (const { key, name, decode } of fields) {
      const value = raw[name];
      decoded[key] = value === null || value === undefined ? null : decode(value);
    }
    return decoded as T;
  };
};
