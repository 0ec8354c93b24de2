// Exchanges: the admin-edited list of ad exchanges (ADMIN and CO-ADMIN edit, everyone reads the
// active ones). Every change is recorded in the change log as entity 'exchange'.
import type { Exchange, ExchangeInput, ExchangeListQuery } from '@console/core/api/reference';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { exchanges } from '../../db/schema/reference.ts';
import { actorOf } from '../../platform/advertiser-scope.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { fetchPage, likePattern } from '../../platform/pagination.ts';

type ExchangeRow = typeof exchanges.$inferSelect;

export const toExchange = (row: ExchangeRow): Exchange => ({
  id: row.id,
  name: row.name,
  key: row.key,
  status: row.status as Exchange['status'],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A unique index refused the row (SQLSTATE 23505), also when the query builder wraps the error. */
export const isUniqueViolation = (error: unknown) => hasCode(error, '23505');
/** A foreign key refused the change (SQLSTATE 23503): another row still points at this one. */
export const isForeignKeyViolation = (error: unknown) => hasCode(error, '23503');
const hasCode = (error: unknown, code: string) => {
  let current = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth++) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

const NAME_TAKEN = 'An exchange with this name already exists.';
const KEY_TAKEN = 'An exchange with this key already exists.';

export const listActiveExchanges = async (db: DbOrTx) =>
  (await db.select().from(exchanges).where(eq(exchanges.status, 'ACTIVE')).orderBy(asc(exchanges.name))).map(
    toExchange,
  );

export const listExchanges = async (db: DbOrTx, query: ExchangeListQuery) => {
  const pattern = query.q ? likePattern(query.q) : undefined;
  const where = and(
    query.status ? eq(exchanges.status, query.status) : undefined,
    pattern ? or(ilike(exchanges.name, pattern), ilike(exchanges.key, pattern)) : undefined,
  );
  const column = {
    name: sql`lower(${exchanges.name})`,
    key: sql`lower(${exchanges.key})`,
    status: exchanges.status,
    createdAt: exchanges.createdAt,
  }[query.sort];
  return fetchPage(
    query,
    (limit, offset) =>
      db
        .select()
        .from(exchanges)
        .where(where)
        .orderBy(query.order === 'asc' ? asc(column) : desc(column), asc(exchanges.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ value: count() }).from(exchanges).where(where),
    toExchange,
  );
};

export const requireExchange = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(exchanges).where(eq(exchanges.id, id)).limit(1);
  if (!row) throw notFound('Exchange not found.');
  return row;
};

/** Names and keys are unique without regard to case; both clashes are reported at once. */
const assertUnique = async (db: DbOrTx, input: { name: string; key: string }, exceptId?: number) => {
  const clashes = await db
    .select({ id: exchanges.id, name: exchanges.name, key: exchanges.key })
    .from(exchanges)
    .where(
      or(
        sql`lower(${exchanges.name}) = lower(${input.name})`,
        sql`lower(${exchanges.key}) = lower(${input.key})`,
      ),
    );
  const errors: Record<string, string> = {};
  for (const clash of clashes) {
    if (clash.id === exceptId) continue;
    if (clash.name.toLowerCase() === input.name.toLowerCase()) errors.name = NAME_TAKEN;
    if (clash.key.toLowerCase() === input.key.toLowerCase()) errors.key = KEY_TAKEN;
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
};

/** A unique index that refused a row another request wrote in between. */
const uniqueClash = (error: unknown) => {
  if (!isUniqueViolation(error)) return error;
  const message = 'An exchange with this name or key already exists.';
  return badRequest(message, { name: message });
};

export const createExchange = async (
  db: DbOrTx,
  principal: Principal,
  input: ExchangeInput,
): Promise<Exchange> => {
  await assertUnique(db, input);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(exchanges)
        .values({ name: input.name, key: input.key, status: input.status })
        .returning();
      await recordChange(tx, {
        entityType: 'exchange',
        entityId: row!.id,
        action: 'create',
        ...actorOf(principal),
        changes: diffFields({}, { name: input.name, key: input.key, status: input.status }),
      });
      return toExchange(row!);
    });
  } catch (error) {
    throw uniqueClash(error);
  }
};

export const updateExchange = async (
  db: DbOrTx,
  principal: Principal,
  id: number,
  input: ExchangeInput,
): Promise<Exchange> => {
  const before = await requireExchange(db, id);
  await assertUnique(db, input, id);
  const changes = diffFields(
    { name: before.name, key: before.key, status: before.status },
    { name: input.name, key: input.key, status: input.status },
  );
  if (changes.length === 0) return toExchange(before);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(exchanges)
        .set({ name: input.name, key: input.key, status: input.status, updatedAt: new Date() })
        .where(eq(exchanges.id, id))
        .returning();
      await recordChange(tx, {
        entityType: 'exchange',
        entityId: id,
        action: changes.length === 1 && changes[0]!.field === 'status' ? 'status' : 'update',
        ...actorOf(principal),
        changes,
      });
      return toExchange(row!);
    });
  } catch (error) {
    throw uniqueClash(error);
  }
};
