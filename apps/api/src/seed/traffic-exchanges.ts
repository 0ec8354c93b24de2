// Where the demo's simulated traffic comes from: every active exchange some campaign names (in any
// approval state), read from the database, so that no demo campaign is turned away by Exchanges
// only because the simulation left its exchanges out.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { campaignExchanges } from '../db/schema/campaigns.ts';
import { exchanges } from '../db/schema/reference.ts';

export const findTrafficExchangeIds = async (db: Db): Promise<number[]> => {
  const named = db.selectDistinct({ id: campaignExchanges.exchangeId }).from(campaignExchanges);
  const rows = await db
    .select({ id: exchanges.id })
    .from(exchanges)
    .where(and(eq(exchanges.status, 'ACTIVE'), inArray(exchanges.id, named)))
    .orderBy(exchanges.id);
  return rows.map((row) => row.id);
};
