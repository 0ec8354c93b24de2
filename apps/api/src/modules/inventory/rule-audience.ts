// Rule audiences: the people who clicked or converted on chosen campaigns within N days, from the
// console's own delivery data. A click or conversion row does not name the person (tracking URLs
// never carry a device id); its auction's BID row does (delivery_events.user_key: the device ifa
// lower-cased, else the user id, '' when the request allowed no personal data). So the members are
// the distinct user keys of the BID rows of the rule's events, written over the audience's members
// in one statement (no list of people passes through memory). Run by the list-import worker in the
// transaction that marks the audience READY, and again every day for a ready one (the window of N
// days moves on): `queueDailyRecounts` queues those jobs; a recount keeps the audience READY.
import { sql } from 'drizzle-orm';
import { affectedRowsOf, type DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { ImportPayload } from '../../db/schema/lists.ts';
import type { AudienceRow } from './list-access.ts';

export const RULE_NOTE =
  'Counted from the clicks and conversions the console records: the devices of the bid requests they came from, where personal data could be used. Counted again every day; refresh the audience to count the latest days now.';

const DAY_MS = 86_400_000;

/** Replaces the audience's members with the people of its rule; answers how many there are. */
export const computeRuleAudience = async (
  db: DbOrTx,
  audience: AudienceRow,
  nowMs = Date.now(),
): Promise<number> => {
  const rule = audience.rule;
  await db.execute(sql`delete from audience_members where audience_id = ${audience.id}`);
  if (!rule || rule.campaign_ids.length === 0) return 0;
  const since = new Date(nowMs - rule.days * DAY_MS);
  // The owner's own campaigns only, even if a campaign changed hands after the rule was written.
  await db.execute(sql`
    insert into audience_members (audience_id, value)
    select distinct ${audience.id}::bigint, bid.user_key
    from delivery_events event
    join delivery_events bid
      on bid.day = event.day and bid.type = 'BID' and bid.exchange_id = event.exchange_id
     and bid.auction_id = event.auction_id and bid.imp_id = event.imp_id and bid.detail = ''
    where event.type = ${rule.event}
      and event.advertiser_id = ${audience.ownerId}
      and event.campaign_id in (${sql.join(
        rule.campaign_ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      and event.occurred_at >= ${since.toISOString()}::timestamptz
      and bid.user_key <> ''
    on conflict do nothing`);
  const [counted] = await rowsOf<{ members: number }>(
    db,
    sql`select count(*)::int as members from audience_members where audience_id = ${audience.id}`,
  );
  return Number(counted?.members ?? 0);
};

/** The payload of a rule audience's job (it reads no file: nothing to count but the rule). */
export const RULE_JOB_PAYLOAD: ImportPayload = {
  mode: 'replace',
  lines: 0,
  valid: 0,
  rejected: 0,
  rejectedLines: [],
};

/** How old a rule audience's count may grow before the worker counts it again. */
export const RULE_RECOUNT_MS = DAY_MS;

/**
 * Queues a recount of every ready rule audience counted more than a day ago and not already queued
 * (the system's job: no actor). Answers how many were queued.
 */
export const queueDailyRecounts = async (db: DbOrTx, nowMs = Date.now()): Promise<number> => {
  const due = new Date(nowMs - RULE_RECOUNT_MS).toISOString();
  const result = await db.execute(sql`
    insert into list_imports (kind, owner_id, audience_id, payload)
    select 'AUDIENCE_RULE', a.owner_id, a.id, ${JSON.stringify(RULE_JOB_PAYLOAD)}::jsonb
    from audiences a
    where a.source = 'RULE' and a.status = 'READY'
      and (a.processed_at is null or a.processed_at < ${due}::timestamptz)
      and not exists (
        select 1 from list_imports i where i.audience_id = a.id and i.status in ('QUEUED', 'RUNNING')
      )`);
  return affectedRowsOf(result);
};
