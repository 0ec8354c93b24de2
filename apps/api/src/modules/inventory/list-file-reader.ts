// Reads an uploaded list file as it streams in: decodes it, splits it into lines (or CSV records with
// the column picked from the header), checks and normalises each entry, and writes the clean values
// to a spool file, one per line. Memory stays flat whatever the size: one chunk, one line, and the
// first REJECTED_LINES_SHOWN rejected lines are held at a time. Duplicates are merged later by the
// database (a sort there is cheaper than a set of a million strings here).
//
// A file that is not a list is refused whole, with a message saying why, before anything is stored:
// nothing but blank lines, binary content (a NUL byte: a spreadsheet, an image, a zip), text that is
// not UTF-8 (or UTF-16 with its byte-order mark) part-way through (mixed encodings), a line longer
// than LIST_LINE_MAX_CHARS (not one entry per line), or a CSV column the header does not have. A
// one-per-line file's title line ("domain") is skipped, not reported as a rejected entry.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import {
  LIST_LINE_MAX_CHARS,
  REJECTED_LINES_SHOWN,
  type RejectedLine,
} from '@console/core/api/inventory-lists';
import { parse as parseCsv } from 'csv-parse';
import { badRequest } from '../../platform/errors.ts';
import type { EntryCheck } from './entry-rules.ts';

export type FileReadStats = { lines: number; valid: number; rejected: number; rejectedLines: RejectedLine[] };

export const FILE_MESSAGES = {
  empty: 'The file is empty: it has no entries.',
  binary:
    'This is not a text file (it contains binary data). Upload a CSV or TXT file with one entry per line.',
  encoding: (line: number) =>
    `The file is not UTF-8 text from line ${line.toLocaleString('en-US')} on (mixed or unknown encoding). Save it as UTF-8 and upload it again.`,
  longLine: (line: number) =>
    `Line ${line.toLocaleString('en-US')} is longer than ${LIST_LINE_MAX_CHARS.toLocaleString('en-US')} characters: a list has one entry per line. Is this the right file?`,
  noColumn: (column: string, header: string[]) =>
    `The file has no column "${column}". Its columns are: ${header.map((name) => `"${name}"`).join(', ') || 'none'}.`,
  badCsv: (line: number) =>
    `The CSV file is malformed near line ${line.toLocaleString('en-US')} (an unclosed quote?). Fix it or upload it as plain text.`,
} as const;

const TEXT_CUT = 200;

/**
 * A column title rather than an entry: words (letters first; digits, spaces, _ and - inside), or
 * several of them with CSV separators ("domain", "App bundle", "domain,category"). No entry kind is
 * written that way with a failing check, so the first such line of a one-per-line file is its header.
 */
const HEADER_LIKE = /^["']?\p{L}[\p{L}\p{N} _-]*["']?(?:[,;\t]["']?\p{L}[\p{L}\p{N} _-]*["']?)*$/u;

/** Decodes chunks to text; UTF-8 unless a UTF-16 byte-order mark says otherwise; fatal on bad bytes. */
const decodeChunks = async function* (
  chunks: AsyncIterable<Buffer>,
  lineSoFar: () => number,
): AsyncGenerator<string> {
  let decoder: TextDecoder | undefined;
  for await (const chunk of chunks) {
    if (!decoder) {
      const utf16 =
        chunk[0] === 0xff && chunk[1] === 0xfe
          ? 'utf-16le'
          : chunk[0] === 0xfe && chunk[1] === 0xff
            ? 'utf-16be'
            : null;
      decoder = new TextDecoder(utf16 ?? 'utf-8', { fatal: true });
    }
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      // The line of the first bad byte: lines before this chunk, plus line breaks before it here.
      const loose = new TextDecoder(decoder.encoding).decode(chunk);
      const before = loose.slice(0, Math.max(0, loose.indexOf('\ufffd')));
      throw badRequest(FILE_MESSAGES.encoding(lineSoFar() + (before.match(/\r\n|\r|\n/g)?.length ?? 0)));
    }
    if (text.includes('\u0000')) throw badRequest(FILE_MESSAGES.binary);
    yield text;
  }
  if (decoder) {
    try {
      const rest = decoder.decode();
      if (rest) yield rest;
    } catch {
      throw badRequest(FILE_MESSAGES.encoding(lineSoFar()));
    }
  }
};

/** A line (or CSV record) of the file: its 1-based number and its text. */
type Row = [line: number, text: string];

/**
 * Lines of the text with their numbers, a batch for each chunk of text (one promise a chunk, not one
 * a line: at a million lines that is a third of the reading); \n, \r\n and a lone \r all end a line.
 */
const splitLines = async function* (
  texts: AsyncIterable<string>,
  counter: { line: number },
): AsyncGenerator<Row[]> {
  let carry = '';
  let afterCr = false;
  for await (const text of texts) {
    const rows: Row[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (afterCr) {
        afterCr = false;
        if (code === 10) {
          start = i + 1;
          continue;
        }
      }
      if (code !== 10 && code !== 13) continue;
      const line = carry + text.slice(start, i);
      carry = '';
      counter.line++;
      if (line.length > LIST_LINE_MAX_CHARS) throw badRequest(FILE_MESSAGES.longLine(counter.line));
      rows.push([counter.line, line]);
      afterCr = code === 13;
      start = i + 1;
    }
    carry += text.slice(start);
    if (carry.length > LIST_LINE_MAX_CHARS) throw badRequest(FILE_MESSAGES.longLine(counter.line + 1));
    yield rows;
  }
  if (carry !== '') {
    counter.line++;
    yield [[counter.line, carry]];
  }
};

/** The picked column of each CSV record after the header, with the record's line number (batches of one). */
const csvColumn = async function* (
  texts: AsyncIterable<string>,
  column: string,
  counter: { line: number },
): AsyncGenerator<Row[]> {
  const parser = parseCsv({
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: LIST_LINE_MAX_CHARS,
  });
  // Feed the parser while reading its records; errors of either side end both.
  const feeding = (async () => {
    try {
      for await (const text of texts) {
        if (!parser.write(text)) await once(parser, 'drain');
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  let index = -1;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      counter.line = info.lines;
      if (index < 0) {
        const header = record.map((name) => name.trim());
        index = header.findIndex((name) => name.toLowerCase() === column.trim().toLowerCase());
        if (index < 0) throw badRequest(FILE_MESSAGES.noColumn(column, header));
        continue;
      }
      yield [[info.lines, record[index] ?? '']];
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'CSV_MAX_RECORD_SIZE') throw badRequest(FILE_MESSAGES.longLine(counter.line + 1));
    if (typeof code === 'string' && code.startsWith('CSV_'))
      throw badRequest(FILE_MESSAGES.badCsv(counter.line + 1));
    throw error;
  } finally {
    await feeding;
  }
};

export type ReadListFileOptions = {
  /** Checks and normalises one entry. */
  check: (raw: string) => EntryCheck;
  /** CSV: the header name of the column to read; absent: one entry per line. */
  column?: string | undefined;
  /** Where the clean values go, one per line. */
  spoolPath: string;
};

/** Reads the whole file; throws a 400 AppError for a file that is not a list (nothing is kept). */
export const readListFile = async (
  chunks: AsyncIterable<Buffer>,
  options: ReadListFileOptions,
): Promise<FileReadStats> => {
  const counter = { line: 0 };
  const texts = decodeChunks(chunks, () => counter.line + 1);
  const rows = options.column ? csvColumn(texts, options.column, counter) : splitLines(texts, counter);
  const spool = createWriteStream(options.spoolPath, { encoding: 'utf8' });
  const spoolFailed = new Promise<never>((_, reject) => spool.once('error', reject));
  spoolFailed.catch(() => {});
  const stats: FileReadStats = { lines: 0, valid: 0, rejected: 0, rejectedLines: [] };
  let buffer = '';
  // A one-per-line file exported from a spreadsheet starts with its column's title: not an entry.
  let mayBeHeader = !options.column;
  try {
    for await (const batch of rows) {
      for (const [line, raw] of batch) {
        if (raw.trim() === '') continue;
        const checked = options.check(raw);
        const isHeader = mayBeHeader && checked.value === undefined && HEADER_LIKE.test(raw.trim());
        mayBeHeader = false;
        if (isHeader) continue;
        stats.lines++;
        if (checked.value === undefined) {
          stats.rejected++;
          if (stats.rejectedLines.length < REJECTED_LINES_SHOWN)
            stats.rejectedLines.push({ line, text: raw.trim().slice(0, TEXT_CUT), reason: checked.reason });
          continue;
        }
        stats.valid++;
        buffer += `${checked.value}\n`;
      }
      if (buffer.length >= 64 * 1024) {
        const ok = spool.write(buffer);
        buffer = '';
        if (!ok) await Promise.race([once(spool, 'drain'), spoolFailed]);
      }
    }
    if (buffer) spool.write(buffer);
  } finally {
    spool.end();
    await Promise.race([once(spool, 'close'), spoolFailed]);
  }
  if (stats.lines === 0) throw badRequest(FILE_MESSAGES.empty);
  return stats;
};

/** The same checks over a list of entries sent as JSON (line = position, 1-based). */
export const checkEntries = (
  entries: readonly string[],
  check: (raw: string) => EntryCheck,
): { values: string[]; rejected: number; rejectedLines: RejectedLine[] } => {
  const values: string[] = [];
  const rejectedLines: RejectedLine[] = [];
  let rejected = 0;
  entries.forEach((raw, index) => {
    if (raw.trim() === '') return;
    const checked = check(raw);
    if (checked.value !== undefined) {
      values.push(checked.value);
      return;
    }
    rejected++;
    if (rejectedLines.length < REJECTED_LINES_SHOWN)
      rejectedLines.push({ line: index + 1, text: raw.trim().slice(0, TEXT_CUT), reason: checked.reason });
  });
  return { values, rejected, rejectedLines };
};
