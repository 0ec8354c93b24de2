// Every CSV the API writes (report and running-apps downloads, the funds history, inventory list
// exports, mailed reports) is written here, by csv-stringify, so that two rules hold in all of them:
//
// - No formula injection (OWASP, "CSV Injection"): a text cell that begins with =, +, -, @, a tab or
//   a carriage return (or the full-width =, +, - and @) gets a single quote in front, so a spreadsheet
//   shows it as text instead of evaluating it (csv-stringify's `escape_formulas`). Names, notes,
//   domains and bundles come from users and from unauthenticated bid requests. Numbers are written
//   as numbers, never escaped: a negative amount keeps its leading minus and stays summable.
// - Money as the screens show it: a money column's cells are integer micro-units, written with
//   formatMicrosDecimal (the rounding of formatMicros, as a plain number a spreadsheet reads); an
//   exact money column ('exact') writes every micro-unit (6 decimals), for rows of small amounts
//   whose column must sum to the total (a per-row cent would read $0.00 and drift).
//
// Delimiters, quotes and line breaks inside a cell are quoted by csv-stringify as RFC 4180 says, so
// a cell cannot start a new cell or row either.
import { Readable } from 'node:stream';
import { formatMicrosDecimal } from '@console/core/format/money';
import { type Options, stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/** A column: its header, and whether its cells are money in integer micro-units (to the cent or exact). */
export type CsvColumn = { header: string; money?: boolean | 'exact' };
export type CsvCell = string | number | null | undefined;
export type CsvRow = readonly CsvCell[];

/** Columns that are not money, by their headers. */
export const plainColumns = (...headers: string[]): CsvColumn[] => headers.map((header) => ({ header }));

const optionsOf = (columns: readonly CsvColumn[], bom: boolean): Options => {
  const money = columns.map((column) => column.money);
  return {
    bom,
    header: true,
    columns: columns.map((column) => column.header),
    escape_formulas: true,
    cast: {
      number: (value, context) =>
        typeof context.index === 'number' && money[context.index]
          ? formatMicrosDecimal(value, money[context.index] === 'exact' ? 'micros' : 'cents')
          : String(value),
    },
  };
};

/**
 * A CSV stream of the columns' headers and the rows, pulled as the client reads. The first row is
 * read before the stream is answered, so that a query the database refuses (a NUL character in a
 * search) is the request's error answer, a 4xx with its message, instead of a file cut off after
 * its headers were sent. `bom`: start with a UTF-8 byte order mark (Excel reads a CSV without one
 * in the system's legacy code page).
 */
export const csvStream = async (
  columns: readonly CsvColumn[],
  rows: AsyncIterable<CsvRow> | Iterable<CsvRow>,
  { bom = false }: { bom?: boolean } = {},
): Promise<Readable> => {
  const source = (async function* () {
    yield* rows;
  })();
  const first = await source.next();
  const started = (async function* () {
    try {
      if (first.done) return;
      yield first.value;
      yield* source;
    } finally {
      await source.return(undefined);
    }
  })();
  const csv = stringify(optionsOf(columns, bom));
  return Readable.from(started)
    .on('error', (error) => csv.destroy(error))
    .pipe(csv);
};

/** The whole CSV as text, for a file small enough to hold (a mailed report). */
export const csvText = (columns: readonly CsvColumn[], rows: readonly CsvRow[]): string =>
  stringifySync(rows as CsvCell[][], optionsOf(columns, false));
