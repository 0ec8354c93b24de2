// Table columns selected under prefixed names in a raw statement, and decoded back the way a drizzle
// select decodes them (on both drivers). For the one-statement list pages, which read a table's
// columns beside other tables' and computed columns.
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { renderedOnce } from './sql-fragment.ts';

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
 * Decodes columns selected by `selectAs`. Made once per column set: a page decodes hundreds of
 * fields, and a loop over a fixed list is what keeps that cheap.
 */
export const decoderOf = <T>(prefix: string, columns: Record<string, PgColumn>) => {
  const fields = Object.entries(columns).map(([key, column]) => ({ key, name: `${prefix}${key}`, column }));
  return (raw: Record<string, unknown>): T => {
    const decoded: Record<string, unknown> = {};
    for (const { key, name, column } of fields) {
      const value = raw[name];
      decoded[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return decoded as T;
  };
};
