// HTTP of funds: /api/funds (every role; whose account is decided by funds-access.ts),
// /api/admin/funds (admin and co-admin: credit, debit, overview, the ledger check) and
// /api/agency/funds (allocations). Every money-moving POST honours an Idempotency-Key header.
import { errorResponse, okResponse, pageOf } from '@console/core/api/common';
import {
  accountsQuery,
  allocationBody,
  type FundsEntry,
  fundsAccountSchema,
  fundsIdParams,
  fundsOverviewSchema,
  fundsSummaryQuery,
  fundsSummarySchema,
  historyFilters,
  historyPage,
  historyQuery,
  ledgerCheckSchema,
  lowBalanceAlertBody,
  movementBody,
  movementResult,
  reversalBody,
  statementQuery,
  statementSummarySchema,
} from '@console/core/api/funds';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth-guard.ts';
import { type CsvColumn, type CsvRow, csvStream, plainColumns } from '../../platform/csv-writer.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { checkLedger } from '../ledger/index.ts';
import { requireVisibleAccountHolder, viewerOf } from './funds-access.ts';
import { describeEntry, type Language, languageField } from './funds-descriptions.ts';
import {
  iterateHistory,
  listFundsAccounts,
  listHistory,
  readFundsOverview,
  readFundsSummary,
  setLowBalanceThreshold,
} from './funds-queries.ts';
import { readStatementSummary, renderStatement, statementFileName } from './funds-statement.ts';
import { allocateFunds, moveFunds, type Replayable, reverseTransfer } from './movements.ts';

const tags = ['funds'];
/**
 * The optional Idempotency-Key of a money-moving POST. Each such route also sets `idempotent: true`,
 * so the platform (platform/idempotency.ts) answers a replay within 24 hours before the handler
 * runs. The handler still keeps the key as the transfer's dedupe key: if the process dies after the
 * commit but before the platform stored the answer, the retry finds the transfer instead of moving
 * the money again. Declared here (loose, so the other headers stay) for the handler's type.
 */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1, 'The Idempotency-Key header must be 1 to 255 characters.')
    .max(255, 'The Idempotency-Key header must be 1 to 255 characters.')
    .optional()
    .describe(
      'A unique value (e.g. a UUID) for this movement. Retrying with the same key answers the first answer and moves nothing again.',
    ),
});

const movementResponses = {
  ...withErrors(okResponse(movementResult)),
  422: errorResponse.describe('The Idempotency-Key was already used with a different request.'),
};

const answerMovement = (
  reply: FastifyReply,
  outcome: Replayable<z.infer<typeof movementResult>>,
  message: string,
) => {
  if (outcome.isReplay) reply.header('idempotent-replayed', 'true');
  return { success: true as const, message, data: outcome.result };
};

/**
 * Exact dollars (6 decimals): spend rows are often fractions of a cent, and a column rounded row by
 * row would not add up to the balance it explains.
 */
const money = (header: string): CsvColumn => ({ header, money: 'exact' });

/** The history CSV's columns: amounts in dollars, exact to the micro-unit, and in micro-units. */
const CSV_COLUMNS: CsvColumn[] = [
  ...plainColumns('booked_at', 'occurred_at', 'transfer_id', 'kind', 'method'),
  money('amount'),
  ...plainColumns('amount_micros'),
  money('balance_after'),
  ...plainColumns(
    'balance_after_micros',
    'counterparty',
    'reference',
    'description',
    'note',
    'by',
    'reverses_transfer_id',
    'reversed_by_transfer_id',
    'campaign_id',
    'advertiser_cost_micros',
  ),
];
const STAFF_CSV_COLUMNS = [...CSV_COLUMNS, ...plainColumns('media_cost_micros')];

const csvRowOf = (entry: FundsEntry, withMediaCost: boolean, language: Language): CsvRow => {
  const row = [
    entry.createdAt,
    entry.occurredAt,
    entry.transfer_id,
    entry.kind,
    entry.method,
    entry.amount_micros,
    entry.amount_micros,
    entry.balance_after_micros,
    entry.balance_after_micros,
    entry.counterparty?.email ?? 'platform',
    entry.reference,
    describeEntry(entry, language),
    entry.note,
    entry.createdBy?.email ?? 'system',
    entry.reverses_transfer_id,
    entry.reversed_by_transfer_id,
    entry.campaign_id,
    entry.advertiser_cost_micros,
  ];
  return withMediaCost ? [...row, entry.media_cost_micros] : row;
};

export const fundsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/summary',
      {
        config: { access: 'funds.read' },
        schema: {
          operationId: 'getFundsSummary',
          tags,
          security: bearer,
          summary: "An account's balance, pending spend, available funds and low-balance threshold",
          querystring: fundsSummaryQuery,
          response: withErrors(okResponse(fundsSummarySchema)),
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const holder = await requireVisibleAccountHolder(deps.db, principal, request.query.user_primary_id);
        return { success: true as const, data: await readFundsSummary(deps.db, viewerOf(principal), holder) };
      },
    );

    app.get(
      '/history',
      {
        config: { access: 'funds.read' },
        schema: {
          operationId: 'listFundsHistory',
          tags,
          security: bearer,
          summary: "An account's movements with the balance after each, paged and filtered",
          querystring: historyQuery,
          response: withErrors(okResponse(historyPage)),
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const holder = await requireVisibleAccountHolder(deps.db, principal, request.query.user_primary_id);
        return {
          success: true as const,
          data: await listHistory(deps.db, viewerOf(principal), holder, request.query),
        };
      },
    );

    app.get(
      '/history.csv',
      {
        config: { access: 'funds.read' },
        schema: {
          operationId: 'exportFundsHistory',
          tags,
          security: bearer,
          summary: "An account's movements as CSV, oldest first in the order they occurred, streamed",
          querystring: historyFilters.omit({ order: true }).extend({ lang: languageField }),
          produces: ['text/csv'],
          response: withErrors(
            z.unknown().describe('CSV, one row per movement; amounts also in micro-units.'),
          ),
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const viewer = viewerOf(principal);
        const holder = await requireVisibleAccountHolder(deps.db, principal, request.query.user_primary_id);
        const entries = iterateHistory(deps.db, viewer, holder, request.query);
        const csv = await csvStream(
          viewer.isStaff ? STAFF_CSV_COLUMNS : CSV_COLUMNS,
          (async function* () {
            for await (const entry of entries) yield csvRowOf(entry, viewer.isStaff, request.query.lang);
          })(),
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="funds-${holder.id}.csv"`)
          .send(csv);
      },
    );

    app.get(
      '/statement',
      {
        config: { access: 'funds.read' },
        schema: {
          operationId: 'downloadFundsStatement',
          tags,
          security: bearer,
          summary: "An account's monthly statement as a PDF",
          querystring: statementQuery.extend({ lang: languageField }),
          produces: ['application/pdf'],
          response: withErrors(z.unknown().describe('The statement, a PDF document.')),
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const holder = await requireVisibleAccountHolder(deps.db, principal, request.query.user_primary_id);
        const pdf = await renderStatement(
          deps.db,
          viewerOf(principal),
          holder,
          request.query.month,
          request.query.tz,
          request.query.lang,
        );
        return reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${statementFileName(holder, request.query.month)}"`,
          )
          .send(pdf);
      },
    );

    app.get(
      '/statement/summary',
      {
        config: { access: 'funds.read' },
        schema: {
          operationId: 'getFundsStatementSummary',
          tags,
          security: bearer,
          summary: "An account's monthly statement in figures, and whether late bookings revised it",
          description:
            'Movements count in the month they occurred: spend in the month it was delivered (as the dashboards count it). `revision` is set when spend of the month was booked after it closed.',
          querystring: statementQuery,
          response: withErrors(okResponse(statementSummarySchema)),
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const holder = await requireVisibleAccountHolder(deps.db, principal, request.query.user_primary_id);
        const { media_cost_micros: _media, ...summary } = await readStatementSummary(
          deps.db,
          holder,
          request.query.month,
          request.query.tz,
        );
        return { success: true as const, data: summary };
      },
    );

    app.put(
      '/low-balance-alert',
      {
        config: { access: 'funds.setAlert' },
        schema: {
          operationId: 'setLowBalanceAlert',
          tags,
          security: bearer,
          summary: 'Mail me when my balance falls below a threshold (null turns it off)',
          body: lowBalanceAlertBody,
          response: withErrors(okResponse(fundsSummarySchema)),
        },
      },
      async (request) => {
        const principal = principalOf(request);
        await setLowBalanceThreshold(deps.db, principal, request.body.threshold_micros);
        const holder = await requireVisibleAccountHolder(deps.db, principal, undefined);
        return {
          success: true as const,
          message:
            request.body.threshold_micros === null
              ? 'Low-balance alert turned off.'
              : 'Low-balance alert saved.',
          data: await readFundsSummary(deps.db, viewerOf(principal), holder),
        };
      },
    );

    app.get(
      '/accounts',
      {
        config: { access: 'funds.listAccounts' },
        schema: {
          operationId: 'listFundsAccounts',
          tags,
          security: bearer,
          summary: 'Agencies and advertisers with their balances (an agency: its advertisers)',
          querystring: accountsQuery,
          response: withErrors(okResponse(pageOf(fundsAccountSchema))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await listFundsAccounts(deps.db, viewerOf(principalOf(request)), request.query),
      }),
    );

    app.post(
      '/transfers/:id/reversal',
      {
        config: { access: 'funds.reverse', idempotent: true },
        schema: {
          operationId: 'reverseFundsTransfer',
          tags,
          security: bearer,
          summary: 'Undo a movement with a reversal that points at it (the original stays as it was)',
          params: fundsIdParams,
          headers: idempotencyHeaders,
          body: reversalBody,
          response: movementResponses,
        },
      },
      async (request, reply) =>
        answerMovement(
          reply,
          await reverseTransfer(
            deps,
            principalOf(request),
            request.params.id,
            request.body.note,
            request.headers['idempotency-key'],
          ),
          'Movement reversed.',
        ),
    );
  };

export const adminFundsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/movements',
      {
        config: { access: 'funds.move', idempotent: true },
        schema: {
          operationId: 'createFundsMovement',
          tags,
          security: bearer,
          summary: "Credit or debit an agency's or advertiser's account",
          description:
            "Credit or debit an agency's or advertiser's account (wire, cheque, promotion, adjustment, refund)",
          headers: idempotencyHeaders,
          body: movementBody,
          response: movementResponses,
        },
      },
      async (request, reply) =>
        answerMovement(
          reply,
          await moveFunds(deps, principalOf(request), request.body, request.headers['idempotency-key']),
          request.body.direction === 'CREDIT' ? 'Funds credited.' : 'Funds debited.',
        ),
    );

    app.get(
      '/overview',
      {
        config: { access: 'funds.audit' },
        schema: {
          operationId: 'getFundsOverview',
          tags,
          security: bearer,
          summary: "The platform's accounts (funding, media cost, margin) and the sum of all balances",
          response: withErrors(okResponse(fundsOverviewSchema)),
        },
      },
      async () => ({ success: true as const, data: await readFundsOverview(deps.db) }),
    );

    app.get(
      '/check',
      {
        config: { access: 'funds.audit' },
        schema: {
          operationId: 'checkFundsLedger',
          tags,
          security: bearer,
          summary: 'Prove the whole ledger: every balance equals its entries, every transfer sums to zero',
          response: withErrors(okResponse(ledgerCheckSchema)),
        },
      },
      async () => ({ success: true as const, data: await checkLedger(deps.db) }),
    );
  };

export const agencyFundsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/allocations',
      {
        config: { access: 'funds.allocate', idempotent: true },
        schema: {
          operationId: 'allocateAgencyFunds',
          tags,
          security: bearer,
          summary:
            "Move money from the agency's balance to one of its advertisers, or pull unspent money back",
          headers: idempotencyHeaders,
          body: allocationBody,
          response: movementResponses,
        },
      },
      async (request, reply) =>
        answerMovement(
          reply,
          await allocateFunds(deps, principalOf(request), request.body, request.headers['idempotency-key']),
          request.body.direction === 'ALLOCATE' ? 'Funds allocated.' : 'Funds pulled back.',
        ),
    );
  };
