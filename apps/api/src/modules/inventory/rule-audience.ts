// Rule audiences: the people who clicked or converted on chosen campaigns within N days, from the
// console's own delivery data. A click or conversion row does not name the person (tracking URLs
// never carry a device id); its auction's BID row does (delivery_events.user_key: the device ifa
// lower-cased, else the user id, '' when the request allowed no personal data). So the members are
// the distinct user keys of the BID rows of the rule's events, written over the audience's members
// in one statement (no list of people passes through memory). Run by the list-import worker in the
// transaction that marks the audience READY.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { AudienceRow } from './list-access.ts';

export const RULE_NOTE =
  'Counted from the clicks and conversions the console records: the devices of the bid requests they came from, where personal data could be used. Refresh the audience to count the latest days again.';

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
  const counted = await db.execute(
    sql`select count(*)::int as members from audience_members where audience_id = ${audience.id}`,
  );
  return Number((counted as unknown as { rows: { members: number }[] }).rows[0]?.members ?? 0);
};
