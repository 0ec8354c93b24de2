// The monthly statement of an agency's or advertiser's account as a PDF (pdfkit): opening balance,
// every movement of the month in the order it changed the balance, totals, closing balance. The
// month is calendar UTC by booking time; the opening balance is the sum of everything booked before
// it, so opening + the month's entries = closing, exactly.
import { formatMicros } from '@console/core/format/money';
import { and, eq, lt, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries } from '../../db/schema/ledger.ts';
import type { UserRow } from '../../platform/user-queries.ts';
import type { FundsViewer } from './funds-access.ts';
import { iterateHistory, utcDayStart } from './funds-queries.ts';

const KIND_LABELS: Record<string, string> = {
  CREDIT: 'Credit',
  DEBIT: 'Debit',
  CARD_TOP_UP: 'Card top-up',
  ALLOCATION: 'Allocation',
  PULL_BACK: 'Pull-back',
  SPEND: 'Spend',
  REVERSAL: 'Reversal',
};

/** A month's first instant and its first and last days (Date.UTC would read years 0 to 99 as 19xx). */
const monthBounds = (month: string) => {
  const from = `${month}-01`;
  const next = new Date(`${from}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const to = new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
  return { start: utcDayStart(from), from, to };
};

const readOpeningBalance = async (db: DbOrTx, userId: number, start: Date): Promise<bigint> => {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountMicros}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerAccounts.userId, userId), lt(ledgerEntries.createdAt, start)));
  return BigInt(row?.total ?? '0');
};

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
): Promise<Buffer> => {
  const { start, from, to } = monthBounds(month);
  const opening = await readOpeningBalance(db, holder.id, start);
  const rows = [];
  for await (const entry of iterateHistory(db, viewer, holder, { from, to, user_primary_id: holder.id }))
    rows.push(entry);
  const credits = rows.reduce(
    (sum, row) => (row.amount_micros > 0 ? sum + BigInt(row.amount_micros) : sum),
    0n,
  );
  const debits = rows.reduce(
    (sum, row) => (row.amount_micros < 0 ? sum + BigInt(row.amount_micros) : sum),
    0n,
  );
  const spend = rows.filter((row) => row.kind === 'SPEND');
  const advertiserCost = spend.reduce((sum, row) => sum + BigInt(row.advertiser_cost_micros ?? 0), 0n);
  const mediaCost = spend.reduce((sum, row) => sum + BigInt(row.media_cost_micros ?? 0), 0n);
  const closing = opening + credits + debits;

  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `Statement ${month}`, Author: 'Trading Desk Console' },
  });
  const done = toBuffer(doc);
  doc.fontSize(18).text('Account statement', { continued: false });
  doc.fontSize(11).fillColor('#444').text(`${month} (UTC)`);
  doc.moveDown(0.5).fillColor('#000');
  doc.text(
    `${holder.companyName || holder.email} · ${holder.email} · account ${holder.id} (${holder.role.toLowerCase()})`,
  );
  doc.moveDown();
  const summary: [string, bigint][] = [
    ['Opening balance', opening],
    ['Money in', credits],
    ['Money out', debits],
    ['Closing balance', closing],
  ];
  if (spend.length > 0) summary.push(['Spend (advertiser cost)', advertiserCost]);
  if (spend.length > 0 && viewer.isStaff) summary.push(['Spend (media cost)', mediaCost]);
  for (const [label, value] of summary) {
    const y = doc.y;
    doc.text(label, 48, y).text(formatMicros(value), 300, y, { width: 120, align: 'right' });
  }
  doc.moveDown();

  const columns = [
    { label: 'Date', x: 48, width: 70 },
    { label: 'Movement', x: 120, width: 80 },
    { label: 'Reference / note', x: 202, width: 185 },
    { label: 'Amount', x: 389, width: 75, align: 'right' as const },
    { label: 'Balance', x: 466, width: 80, align: 'right' as const },
  ];
  const writeRow = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 90) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
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
  if (rows.length === 0) writeRow(['', 'No movements this month.', '', '', '']);
  for (const row of rows) {
    const label =
      row.reverses_transfer_id === null ? KIND_LABELS[row.kind] : `Reversal of #${row.reverses_transfer_id}`;
    const detail = [row.reference, row.note].filter(Boolean).join(' · ');
    writeRow([
      row.createdAt.slice(0, 10),
      `${label ?? row.kind} #${row.transfer_id}`,
      detail,
      formatMicros(row.amount_micros),
      formatMicros(row.balance_after_micros),
    ]);
  }
  doc.end();
  return done;
};
