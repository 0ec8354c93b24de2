// Private-marketplace deals: staff (ADMIN, CO-ADMIN) record what each exchange agreed for a deal id
// (our floor, the seats it admits, optionally the one advertiser it is for); everyone reads the
// deals its advertisers may use, which campaigns then name in targeting.deal_ids. Every change is
// in the change log as entity 'deal', whose notice reloads the bidder's index (its floors and seats).
import { DEAL_MESSAGES, type Deal, type DealInput } from '@console/core/api/deals';
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { deals, exchanges } from '../../db/schema/reference.ts';
import { users } from '../../db/schema/users.ts';
import { actorOf, agencyAdvertiserIds } from '../../platform/advertiser-scope.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../reference/index.ts';
import { detachDealFromCampaigns } from './deal-campaigns.ts';

const ENTITY = 'deal';

const dealColumns = {
  id: deals.id,
  exchangeId: deals.exchangeId,
  exchangeName: exchanges.name,
  dealId: deals.dealId,
  name: deals.name,
  floorMicros: deals.floorMicros,
  seats: deals.seats,
  advertiserId: deals.advertiserId,
  advertiserName: users.companyName,
  advertiserEmail: users.email,
  updatedAt: deals.updatedAt,
};

type DealRow = {
  id: number;
  exchangeId: number;
  exchangeName: string;
  dealId: string;
  name: string;
  floorMicros: number;
  seats: string[];
  advertiserId: number | null;
  advertiserName: string | null;
  advertiserEmail: string | null;
  updatedAt: Date;
};

const toDeal = (row: DealRow): Deal => ({
  id: row.id,
  exchange_id: row.exchangeId,
  exchange_name: row.exchangeName,
  deal_id: row.dealId,
  name: row.name,
  floor_micros: row.floorMicros,
  seats: row.seats,
  advertiser_id: row.advertiserId,
  advertiser_name: row.advertiserId === null ? null : row.advertiserName || row.advertiserEmail,
  updated_at: row.updatedAt.toISOString(),
});

const selectDeals = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select(dealColumns)
    .from(deals)
    .innerJoin(exchanges, eq(exchanges.id, deals.exchangeId))
    .leftJoin(users, eq(users.id, deals.advertiserId))
    .where(where)
    .orderBy(asc(exchanges.name), asc(deals.name), asc(deals.id));

/** The advertisers whose deals the caller sees besides the deals for everyone; null: every deal. */
const advertisersOf = async (db: DbOrTx, principal: Principal): Promise<number[] | null> => {
  if (principal.role === 'ADMIN' || principal.role === 'CO-ADMIN') return null;
  if (principal.role === 'AGENCY') return agencyAdvertiserIds(db, principal.userId);
  return [principal.userId];
};

const forAdvertisers = (ids: number[] | null) =>
  ids === null
    ? undefined
    : ids.length > 0
      ? or(isNull(deals.advertiserId), inArray(deals.advertiserId, ids))
      : isNull(deals.advertiserId);

export const listDeals = async (db: DbOrTx, principal: Principal, exchangeIds?: number[]) =>
  (
    await selectDeals(
      db,
      and(
        forAdvertisers(await advertisersOf(db, principal)),
        exchangeIds && exchangeIds.length > 0 ? inArray(deals.exchangeId, exchangeIds) : undefined,
      ),
    )
  ).map(toDeal);

const readDeal = async (db: DbOrTx, id: number) => {
  const [row] = await selectDeals(db, eq(deals.id, id));
  if (!row) throw notFound(DEAL_MESSAGES.notFound);
  return toDeal(row);
};

const refuse = (field: string, message: string) => badRequest(message, { [field]: message });

const checkInput = async (db: DbOrTx, input: DealInput) => {
  const [exchange] = await db
    .select({ id: exchanges.id })
    .from(exchanges)
    .where(eq(exchanges.id, input.exchange_id));
  if (!exchange) throw refuse('exchange_id', DEAL_MESSAGES.unknownExchange);
  if (input.advertiser_id !== null) {
    const [advertiser] = await db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, input.advertiser_id));
    if (advertiser?.role !== 'ADVERTISER') throw refuse('advertiser_id', DEAL_MESSAGES.unknownAdvertiser);
  }
};

const columnsOf = (input: DealInput) => ({
  exchangeId: input.exchange_id,
  dealId: input.deal_id,
  name: input.name,
  floorMicros: input.floor_micros,
  seats: input.seats,
  advertiserId: input.advertiser_id,
});

/** The audited fields of a deal, as the API names them. */
const snapshotOf = (deal: ReturnType<typeof columnsOf>) => ({
  exchange_id: deal.exchangeId,
  deal_id: deal.dealId,
  name: deal.name,
  floor_micros: deal.floorMicros,
  seats: deal.seats,
  advertiser_id: deal.advertiserId,
});

const duplicateOr = (error: unknown) =>
  isUniqueViolation(error) ? refuse('deal_id', DEAL_MESSAGES.duplicate) : error;

export const createDeal = async (db: DbOrTx, principal: Principal, input: DealInput) => {
  await checkInput(db, input);
  const id = await db
    .transaction(async (tx) => {
      const columns = columnsOf(input);
      const [row] = await tx.insert(deals).values(columns).returning({ id: deals.id });
      await recordChange(tx, {
        entityType: ENTITY,
        entityId: row!.id,
        action: 'create',
        ...actorOf(principal),
        changes: diffFields({}, snapshotOf(columns)),
      });
      return row!.id;
    })
    .catch((error: unknown) => {
      throw duplicateOr(error);
    });
  return readDeal(db, id);
};

export const updateDeal = async (db: DbOrTx, principal: Principal, id: number, input: DealInput) => {
  await checkInput(db, input);
  await db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(deals).where(eq(deals.id, id)).for('update');
      if (!before) throw notFound(DEAL_MESSAGES.notFound);
      const columns = columnsOf(input);
      await tx
        .update(deals)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(deals.id, id));
      await recordChange(tx, {
        entityType: ENTITY,
        entityId: id,
        action: 'update',
        ...actorOf(principal),
        changes: diffFields(snapshotOf(before), snapshotOf(columns)),
      });
    })
    .catch((error: unknown) => {
      throw duplicateOr(error);
    });
  return readDeal(db, id);
};

/** Deletes a deal and takes it off the campaigns that target it (deal-campaigns.ts); how many changed. */
export const deleteDeal = async (db: DbOrTx, principal: Principal, id: number) =>
  db.transaction(async (tx) => {
    const [before] = await tx.delete(deals).where(eq(deals.id, id)).returning();
    if (!before) throw notFound(DEAL_MESSAGES.notFound);
    const detached = await detachDealFromCampaigns(tx, principal, before);
    await recordChange(tx, {
      entityType: ENTITY,
      entityId: id,
      action: 'delete',
      ...actorOf(principal),
      changes: diffFields(snapshotOf(before), {}),
    });
    return detached;
  });

/**
 * A campaign's new deal ids (those it did not name already) must be recorded on one of its
 * exchanges for everyone or for its advertiser; refused on targeting.deal_ids otherwise.
 */
export const checkCampaignDeals = async (
  db: DbOrTx,
  advertiserId: number,
  exchangeIds: readonly number[],
  dealIds: readonly string[],
  named: readonly string[] = [],
) => {
  const added = dealIds.filter((id) => !named.includes(id));
  if (added.length === 0) return;
  const usable =
    exchangeIds.length === 0
      ? []
      : await db
          .select({ dealId: deals.dealId })
          .from(deals)
          .where(
            and(
              inArray(deals.exchangeId, [...exchangeIds]),
              inArray(deals.dealId, added),
              or(isNull(deals.advertiserId), eq(deals.advertiserId, advertiserId)),
            ),
          );
  const known = new Set(usable.map((row) => row.dealId));
  const unknown = added.find((id) => !known.has(id));
  if (unknown !== undefined) throw refuse('targeting.deal_ids', DEAL_MESSAGES.unknownForCampaign(unknown));
};
