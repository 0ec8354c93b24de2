// The monthly statement of an agency's or advertiser's account: its figures (GET
// /api/funds/statement/summary) and the PDF (pdfkit): opening balance, every movement of the month
// in the order it occurred with the balance after it, totals, closing balance. The month is calendar,
// in the reader's time zone (UTC unless given, as the dashboards take it), by when movements occurred
// (ledger_entries.effective_at): spend counts in the month it was delivered, as the dashboards and
// reports count it, however late its notice was booked. The
// opening balance is the sum of everything that occurred before the month, so opening + the month's
// entries = closing, exactly. A month is issued when it closes; spend of it booked later (a late
// notice) revises it, and the statement says so: when, and by how much. Its words, days and money
// are the reader's language's (statement-words.ts), written in a Unicode font of the system's
// (DejaVu Sans or Liberation Sans, Debian's fonts-dejavu-core or fonts-liberation) when there is one:
// the PDF's own Helvetica has no Cyrillic, so without one a Russian statement is written in English.

import { existsSync, readFileSync } from 'node:fs';
import type { StatementSummary } from '@console/core/api/funds';
import { LANGUAGE_TAGS } from '@console/core/constants';
import { formatMicros, formatMicrosExact } from '@console/core/format/money';
import type { Role } from '@console/core/roles';
import { zonedPartsOf } from '@console/core/time/zoned-time';
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { UserRow } from '../../platform/user-queries.ts';
import type { FundsViewer } from './funds-access.ts';
import { describeEntry, type Language } from './funds-descriptions.ts';
import { iterateHistory, zonedDayStart } from './funds-queries.ts';
import { STATEMENT_WORDS, statementDay, statementMonth } from './statement-words.ts';

/** Regular and bold TrueType fonts with Latin and Cyrillic letters, where systems keep them. */
const UNICODE_FONTS: readonly (readonly [string, string])[] = [
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
  [
    '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  ],
  [
    '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf',
    '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf',
  ],
  ['/usr/share/fonts/TTF/DejaVuSans.ttf', '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf'],
  ['/Library/Fonts/Arial Unicode.ttf', '/System/Library/Fonts/Supplemental/Arial Bold.ttf'],
  ['C:\\Windows\\Fonts\\arial.ttf', 'C:\\Windows\\Fonts\\arialbd.ttf'],
];

type StatementFonts = { regular: string | Buffer; bold: string | Buffer; unicode: boolean };
let fonts: StatementFonts | undefined;

/** The first Unicode font pair found (read once), else the PDF's own Helvetica (Latin only). */
const statementFonts = (): StatementFonts => {
  if (fonts) return fonts;
  const found = UNICODE_FONTS.find((pair) => pair.every((file) => existsSync(file)));
  fonts = found
    ? { regular: readFileSync(found[0]), bold: readFileSync(found[1]), unicode: true }
    : { regular: 'Helvetica', bold: 'Helvetica-Bold', unicode: false };
  return fonts;
};

/**
 * A month's first instant in the zone, the next month's, and its first and last days (Date.UTC would
 * read years 0 to 99 as 19xx).
 */
const monthBounds = (month: string, zone: string) => {
  const from = `${month}-01`;
  const next = new Date(`${from}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const to = new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
  return { start: zonedDayStart(from, zone), end: zonedDayStart(to, zone, 1), from, to };
};

type Figures = {
  opening: string;
  money_in: string;
  money_out: string;
  spend: string;
  media: string;
  late: string;
  revised_at: string | null;
};

/**
 * The month's figures in one pass over the account's entries up to its end. Spend is net of the
 * reversals of spend (a repriced impression counts at its last price, as the dashboards do). On an
 * agency's account spend entries are its part of the margin on its advertisers' spend: income, not
 * spend (`spend` then reads as minus that income, `late` likewise).
 */
const readFigures = async (db: DbOrTx, userId: number, start: Date, end: Date, zone: string) => {
  const inMonth = sql`e.effective_at >= ${start.toISOString()}`;
  const spendLike = sql`(t.kind = 'SPEND' or r.kind = 'SPEND')`;
  const late = sql`${inMonth} and ${spendLike} and e.created_at >= ${end.toISOString()}`;
  const rows = await rowsOf<Figures>(
    db,
    sql`
    select
      coalesce(sum(e.amount_micros) filter (where not (${inMonth})), 0)::text as opening,
      coalesce(sum(e.amount_micros) filter (where ${inMonth} and e.amount_micros > 0), 0)::text as money_in,
      coalesce(sum(e.amount_micros) filter (where ${inMonth} and e.amount_micros < 0), 0)::text as money_out,
      coalesce(-sum(e.amount_micros) filter (where ${inMonth} and ${spendLike}), 0)::text as spend,
      coalesce(sum(case when t.kind = 'SPEND' then t.media_cost_micros else -r.media_cost_micros end)
        filter (where ${inMonth} and ${spendLike}), 0)::text as media,
      coalesce(-sum(e.amount_micros) filter (where ${late}), 0)::text as late,
      to_char(max(e.created_at) filter (where ${late}) at time zone ${zone}, 'YYYY-MM-DD') as revised_at
    from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      join ledger_transfers t on t.id = e.transfer_id
      left join ledger_transfers r on r.id = t.reverses_transfer_id
    where a.user_id = ${userId} and e.effective_at < ${end.toISOString()}`,
  );
  return rows[0]!;
};

/** A month's statement in figures (media cost for staff only, in the PDF). */
export const readStatementSummary = async (
  db: DbOrTx,
  holder: UserRow,
  month: string,
  zone = 'UTC',
): Promise<StatementSummary & { media_cost_micros: number }> => {
  const { start, end } = monthBounds(month, zone);
  const figures = await readFigures(db, holder.id, start, end, zone);
  const isAgency = holder.role === 'AGENCY';
  const opening = Number(figures.opening);
  const moneyIn = Number(figures.money_in);
  const moneyOut = Number(figures.money_out);
  return {
    month,
    time_zone: zone,
    opening_micros: opening,
    money_in_micros: moneyIn,
    money_out_micros: moneyOut,
    closing_micros: opening + moneyIn + moneyOut,
    spend_micros: isAgency ? 0 : Number(figures.spend),
    margin_income_micros: isAgency ? -Number(figures.spend) : 0,
    media_cost_micros: isAgency ? 0 : Number(figures.media),
    revision:
      figures.revised_at === null
        ? null
        : {
            revised_on: figures.revised_at,
            late_spend_micros: isAgency ? -Number(figures.late) : Number(figures.late),
          },
  };
};

/** "+$0.07" of late delivery, or "-$0.02" when repricing lowered it. */
const signedMicros = (micros: number, locale?: string) =>
  micros > 0 ? `+${formatMicros(micros, locale)}` : formatMicros(micros, locale);

/** The revision line of a statement (the web says the same in the reader's language). */
export const revisionLine = (
  revision: NonNullable<StatementSummary['revision']>,
  language: Language = 'en',
) =>
  STATEMENT_WORDS[language].revised(
    statementDay(revision.revised_on, language),
    signedMicros(revision.late_spend_micros, LANGUAGE_TAGS[language]),
  );

const toBuffer = (doc: PDFKit.PDFDocument) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

export const statementFileName = (holder: UserRow, month: string) => `statement-${holder.id}-${month}.pdf`;

export const renderStatement = async (
  db: DbOrTx,
  viewer: FundsViewer,
  holder: UserRow,
  month: string,
  zone = 'UTC',
  asked: Language = 'en',
): Promise<Buffer> => {
  const { from, to } = monthBounds(month, zone);
  const summary = await readStatementSummary(db, holder, month, zone);
  const rows = [];
  for await (const entry of iterateHistory(db, viewer, holder, {
    from,
    to,
    tz: zone,
    user_primary_id: holder.id,
  }))
    rows.push(entry);
  // In the order movements occurred (stable: the booking order among the same instant).
  rows.sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
  const hasSpend = rows.some((row) => row.kind === 'SPEND');

  const font = statementFonts();
  // Helvetica has no Cyrillic: without a Unicode font, Russian is written in English.
  const language: Language = asked === 'rs' && !font.unicode ? 'en' : asked;
  const words = STATEMENT_WORDS[language];
  const locale = LANGUAGE_TAGS[language];
  const day = (iso: string) => statementDay(zonedPartsOf(iso, zone).date, language);

  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    lang: locale,
    info: { Title: `${words.title} ${month}`, Author: 'Trading Desk Console' },
  });
  doc.registerFont('regular', font.regular);
  doc.registerFont('bold', font.bold);
  doc.font('regular');
  const done = toBuffer(doc);
  doc.fontSize(18).text(words.title, { continued: false });
  doc
    .fontSize(11)
    .fillColor('#444')
    .text(`${statementMonth(month, language)} (${zone})`);
  doc.moveDown(0.5).fillColor('#000');
  doc.text(
    `${holder.companyName || holder.email} · ${holder.email} · ${words.account(holder.id, words.roles[holder.role as Role] ?? holder.role.toLowerCase())}`,
  );
  if (summary.revision) {
    doc.moveDown(0.5).fillColor('#a61e4d').text(revisionLine(summary.revision, language));
    doc.fillColor('#000');
  }
  doc.moveDown();
  const lines: [string, number][] = [
    [words.opening, summary.opening_micros],
    [words.moneyIn, summary.money_in_micros],
    [words.moneyOut, summary.money_out_micros],
    [words.closing, summary.closing_micros],
  ];
  const isAgency = holder.role === 'AGENCY';
  if (hasSpend && isAgency) lines.push([words.marginIncome, summary.margin_income_micros]);
  if (hasSpend && !isAgency) lines.push([words.spendAdvertiserCost, summary.spend_micros]);
  if (hasSpend && !isAgency && viewer.isStaff) lines.push([words.spendMediaCost, summary.media_cost_micros]);
  for (const [label, value] of lines) {
    const y = doc.y;
    doc
      .text(label, 48, y, { width: 250 })
      .text(formatMicros(value, locale), 300, y, { width: 120, align: 'right' });
  }
  doc.moveDown();

  const columns = [
    { label: words.columns.date, x: 48, width: 70 },
    { label: words.columns.movement, x: 120, width: 80 },
    { label: words.columns.reference, x: 202, width: 175 },
    { label: words.columns.amount, x: 379, width: 80, align: 'right' as const },
    { label: words.columns.balance, x: 461, width: 86, align: 'right' as const },
  ];
  const writeRow = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 90) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(9);
    const heights = columns.map((column, index) => {
      doc.text(cells[index] ?? '', column.x, y, { width: column.width, align: column.align ?? 'left' });
      return doc.y - y;
    });
    doc.y = y + Math.max(...heights) + 3;
  };
  writeRow(
    columns.map((column) => column.label),
    true,
  );
  if (rows.length === 0) writeRow(['', words.none, '', '', '']);
  let balance = summary.opening_micros;
  for (const row of rows) {
    balance += row.amount_micros;
    const label =
      row.reverses_transfer_id === null ? words.kinds[row.kind] : words.reversalOf(row.reverses_transfer_id);
    const detail = [describeEntry(row, language), row.note].filter(Boolean).join(' · ');
    // A movement booked on another day than it occurred (a late notice) says when it was booked.
    const booked = zonedPartsOf(row.createdAt, zone).date;
    const occurred = zonedPartsOf(row.occurredAt, zone).date;
    writeRow([
      booked === occurred ? day(row.occurredAt) : words.booked(day(row.occurredAt), day(row.createdAt)),
      `${label ?? row.kind} #${row.transfer_id}`,
      detail,
      // Every micro-unit, as the history shows it: spend of a few impressions is under a cent.
      formatMicrosExact(row.amount_micros, locale),
      formatMicrosExact(balance, locale),
    ]);
  }
  doc.end();
  return done;
};
