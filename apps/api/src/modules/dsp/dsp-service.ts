// DSP connections (admin only). Credentials go in sealed and come out only as hints.
import { type Dsp, ENDPOINT_CREDENTIALS_MESSAGE, endpointIdentity } from '@console/core/api/dsps';
import { DSP_TYPES, type DspType } from '@console/core/dsp-types';
import { and, asc, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import { dsps } from '../../db/schema/dsps.ts';
import { exchanges } from '../../db/schema/reference.ts';
import { actorOf } from '../../platform/advertiser-scope.ts';
import { diffFields, recordChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { OutboundPolicy } from '../../platform/outbound-http.ts';
import { fetchPage, likePattern } from '../../platform/pagination.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { testDspConnection } from './dsp-connection-test.ts';

type DspRow = typeof dsps.$inferSelect;
const CREDENTIALS_MESSAGE = 'Fill in every credential of this DSP type.';
const UNKNOWN_EXCHANGE_MESSAGE = 'Choose the exchanges from the list of exchanges.';
export const UNTESTED_ACTIVATION_MESSAGE =
  'This DSP has not passed a connection test with its current settings. Test it, then activate it.';
/** A changed endpoint, type or credentials: the last test no longer tells whether the DSP answers. */
const NO_TEST = { lastTestAt: null, lastTestOk: null, lastTestMessage: null } as const;
export type DspDeps = AppDeps & { secrets: SecretBox; outbound: OutboundPolicy };

const toDsp = (row: DspRow): Dsp => ({
  id: row.id,
  name: row.name,
  type: row.type,
  endpoint_url: row.endpointUrl,
  credentials_hint: row.credentialsHint,
  status: row.status,
  exchanges: row.exchanges,
  qps_limit: row.qpsLimit,
  last_test:
    row.lastTestAt && row.lastTestOk !== null
      ? { at: row.lastTestAt.toISOString(), ok: row.lastTestOk, message: row.lastTestMessage ?? '' }
      : null,
  createdAt: row.createdAt.toISOString(),
});

/** Secrets show only their last four characters; other fields (user names) show in full. */
const hintsOf = (type: DspType, credentials: Record<string, string>) =>
  Object.fromEntries(
    DSP_TYPES[type].credentialFields.map((field) => {
      const value = credentials[field.name] ?? '';
      return [field.name, field.secret ? `••••${value.slice(-4)}` : value];
    }),
  );

/** Only the fields the type knows are kept. */
const credentialsOf = (type: DspType, credentials: Record<string, string>) =>
  Object.fromEntries(
    DSP_TYPES[type].credentialFields.map((field) => [field.name, (credentials[field.name] ?? '').trim()]),
  );

export const requireDsp = async (deps: AppDeps, id: number) => {
  const [row] = await deps.db.select().from(dsps).where(eq(dsps.id, id)).limit(1);
  if (!row) throw notFound('DSP not found.');
  return row;
};

export const readDsp = async (deps: AppDeps, id: number) => toDsp(await requireDsp(deps, id));

const assertNameFree = async (deps: AppDeps, name: string, exceptId?: number) => {
  const [taken] = await deps.db.select({ id: dsps.id }).from(dsps).where(ilike(dsps.name, name)).limit(1);
  if (taken && taken.id !== exceptId) throw conflict('A DSP with this name already exists.');
};

type DspListQuery = {
  page: number;
  limit: number;
  q?: string | undefined;
  status?: 'ACTIVE' | 'INACTIVE' | undefined;
  type?: string | undefined;
  sort: 'name' | 'type' | 'status' | 'createdAt';
  order: 'asc' | 'desc';
};

export const listDsps = async (deps: AppDeps, query: DspListQuery) => {
  const where = and(
    query.status ? eq(dsps.status, query.status) : undefined,
    query.type ? eq(dsps.type, query.type) : undefined,
    query.q ? ilike(dsps.name, likePattern(query.q)) : undefined,
  );
  const column = { name: dsps.name, type: dsps.type, status: dsps.status, createdAt: dsps.createdAt }[
    query.sort
  ];
  return fetchPage(
    query,
    (limit, offset) =>
      deps.db
        .select()
        .from(dsps)
        .where(where)
        .orderBy(query.order === 'asc' ? asc(column) : desc(column), asc(dsps.id))
        .limit(limit)
        .offset(offset),
    () => deps.db.select({ value: count() }).from(dsps).where(where),
    toDsp,
  );
};

export const listActiveDsps = async (deps: AppDeps) =>
  (await deps.db.select().from(dsps).where(eq(dsps.status, 'ACTIVE')).orderBy(asc(dsps.name))).map(toDsp);

/**
 * A DSP buys on exchanges of the exchanges table (by name), not on free text. `kept` are the ones the
 * connection had already: an exchange renamed or removed since does not block an unrelated edit.
 */
const assertKnownExchanges = async (deps: AppDeps, names: string[], kept: string[] = []) => {
  const added = names.filter((name) => !kept.includes(name));
  if (added.length === 0) return;
  const known = await deps.db
    .select({ name: exchanges.name })
    .from(exchanges)
    .where(inArray(exchanges.name, added));
  const knownNames = new Set(known.map((row) => row.name));
  if (added.some((name) => !knownNames.has(name))) {
    throw badRequest(UNKNOWN_EXCHANGE_MESSAGE, { exchanges: UNKNOWN_EXCHANGE_MESSAGE });
  }
};

export type DspInput = {
  name: string;
  type: string;
  endpoint_url: string;
  exchanges: string[];
  qps_limit: number;
};

export const createDsp = async (
  deps: DspDeps,
  principal: Principal,
  input: DspInput & { credentials: Record<string, string> },
) => {
  await assertNameFree(deps, input.name);
  await assertKnownExchanges(deps, input.exchanges);
  const type = input.type as DspType;
  const credentials = credentialsOf(type, input.credentials);
  // The connection is tested before it is saved: one that failed is saved inactive, so that nothing
  // is sent to a DSP nobody could reach, until an admin has fixed it and activates it.
  const test = await testDspConnection(deps.outbound, type, input.endpoint_url, credentials);
  const [row] = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .insert(dsps)
      .values({
        name: input.name,
        type,
        endpointUrl: input.endpoint_url,
        credentialsSealed: await deps.secrets.seal(credentials),
        credentialsHint: hintsOf(type, credentials),
        exchanges: input.exchanges,
        qpsLimit: input.qps_limit,
        status: test.ok ? 'ACTIVE' : 'INACTIVE',
        lastTestAt: new Date(),
        lastTestOk: test.ok,
        lastTestMessage: test.message,
      })
      .returning();
    await recordChange(tx, {
      entityType: 'dsp',
      entityId: rows[0]!.id,
      action: 'create',
      ...actorOf(principal),
      changes: diffFields(
        {},
        {
          name: input.name,
          type,
          endpoint_url: input.endpoint_url,
          exchanges: input.exchanges,
          status: test.ok ? 'ACTIVE' : 'INACTIVE',
        },
      ),
    });
    return rows;
  });
  return toDsp(row!);
};

/**
 * The credentials an edit stores: those given (complete), or none after a type change. A changed
 * endpoint needs them given: the stored ones were entered for the old address.
 */
const credentialsOfEdit = async (
  deps: DspDeps,
  before: DspRow,
  input: DspUpdateInput,
): Promise<Partial<Pick<DspRow, 'credentialsSealed' | 'credentialsHint' | 'status'>>> => {
  const type = input.type as DspType;
  const given = input.credentials ? credentialsOf(type, input.credentials) : null;
  const isComplete = given !== null && Object.values(given).every((value) => value !== '');
  if (given && !isComplete) throw badRequest(CREDENTIALS_MESSAGE, { credentials: CREDENTIALS_MESSAGE });
  const isEndpointChanged = endpointIdentity(before.endpointUrl) !== endpointIdentity(input.endpoint_url);
  if (isEndpointChanged && !given) {
    throw badRequest(ENDPOINT_CREDENTIALS_MESSAGE, { credentials: ENDPOINT_CREDENTIALS_MESSAGE });
  }
  // Another type has other credential fields: the old ones no longer apply. It waits, inactive,
  // until an admin activates it again.
  const isTypeChanged = before.type !== input.type;
  const status = isTypeChanged ? { status: 'INACTIVE' } : {};
  if (given) {
    return {
      credentialsSealed: await deps.secrets.seal(given),
      credentialsHint: hintsOf(type, given),
      ...status,
    };
  }
  return isTypeChanged
    ? { credentialsSealed: await deps.secrets.seal({}), credentialsHint: {}, ...status }
    : {};
};

type DspUpdateInput = DspInput & { credentials?: Record<string, string> | undefined };

export const updateDsp = async (deps: DspDeps, principal: Principal, id: number, input: DspUpdateInput) => {
  const before = await requireDsp(deps, id);
  await assertNameFree(deps, input.name, id);
  await assertKnownExchanges(deps, input.exchanges, before.exchanges);
  const credentials = await credentialsOfEdit(deps, before, input);
  const fields = {
    name: input.name,
    type: input.type,
    endpoint_url: input.endpoint_url,
    exchanges: input.exchanges,
    qps_limit: input.qps_limit,
  };
  const isConnectionChanged =
    credentials.credentialsSealed !== undefined ||
    endpointIdentity(before.endpointUrl) !== endpointIdentity(input.endpoint_url);
  const [row] = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(dsps)
      .set({
        name: input.name,
        type: input.type,
        endpointUrl: input.endpoint_url,
        exchanges: input.exchanges,
        qpsLimit: input.qps_limit,
        ...credentials,
        ...(isConnectionChanged ? NO_TEST : {}),
        updatedAt: new Date(),
      })
      .where(eq(dsps.id, id))
      .returning();
    // The secrets stay out of the change log: only their hints are compared.
    await recordChange(tx, {
      entityType: 'dsp',
      entityId: id,
      action: 'update',
      ...actorOf(principal),
      changes: diffFields(
        {
          name: before.name,
          type: before.type,
          endpoint_url: before.endpointUrl,
          exchanges: before.exchanges,
          qps_limit: before.qpsLimit,
          credentials_hint: before.credentialsHint,
        },
        { ...fields, credentials_hint: credentials.credentialsHint ?? before.credentialsHint },
      ),
    });
    return rows;
  });
  return toDsp(row!);
};

export const replaceDspCredentials = async (
  deps: DspDeps,
  principal: Principal,
  id: number,
  input: Record<string, string>,
) => {
  const before = await requireDsp(deps, id);
  const type = before.type as DspType;
  const credentials = credentialsOf(type, input);
  // As on creation: every credential of the stored type, or the working ones would be blanked.
  if (Object.values(credentials).some((value) => value === '')) {
    throw badRequest(CREDENTIALS_MESSAGE, { credentials: CREDENTIALS_MESSAGE });
  }
  const hints = hintsOf(type, credentials);
  const [row] = await deps.db
    .update(dsps)
    .set({
      credentialsSealed: await deps.secrets.seal(credentials),
      credentialsHint: hints,
      ...NO_TEST,
      updatedAt: new Date(),
    })
    .where(eq(dsps.id, id))
    .returning();
  await recordChange(deps.db, {
    entityType: 'dsp',
    entityId: id,
    action: 'credentials',
    ...actorOf(principal),
    changes: diffFields(before.credentialsHint, hints),
  });
  return toDsp(row!);
};

export const setDspStatus = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  status: 'ACTIVE' | 'INACTIVE',
) => {
  const before = await requireDsp(deps, id);
  // Nothing is sent to a DSP nobody could reach: only a passed test of the current settings activates.
  if (status === 'ACTIVE' && before.status !== 'ACTIVE' && before.lastTestOk !== true) {
    throw badRequest(UNTESTED_ACTIVATION_MESSAGE, { status: UNTESTED_ACTIVATION_MESSAGE });
  }
  const [row] = await deps.db
    .update(dsps)
    .set({ status, updatedAt: new Date() })
    .where(eq(dsps.id, id))
    .returning();
  await recordChange(deps.db, {
    entityType: 'dsp',
    entityId: id,
    action: 'status',
    ...actorOf(principal),
    changes: diffFields({ status: before.status }, { status }),
  });
  return toDsp(row!);
};

/** Tests a saved connection with its stored credentials and records the outcome. */
export const testSavedDsp = async (deps: DspDeps, id: number) => {
  const row = await requireDsp(deps, id);
  const credentials = (await deps.secrets.open(row.credentialsSealed)) as Record<string, string>;
  const result = await testDspConnection(deps.outbound, row.type as DspType, row.endpointUrl, credentials);
  await deps.db
    .update(dsps)
    .set({ lastTestAt: new Date(), lastTestOk: result.ok, lastTestMessage: result.message })
    .where(eq(dsps.id, id));
  return result;
};
