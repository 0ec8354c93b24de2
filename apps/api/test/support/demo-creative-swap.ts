// Gives a demo campaign (seed/demo-delivery.ts) other creatives for a bidder test: creatives made
// through the creatives API are approved on every exchange they wait on and become the campaign's
// creatives, and the bidder's index is reloaded.
import { eq } from 'drizzle-orm';
import { campaignCreatives, campaigns } from '../../src/db/schema/campaigns.ts';
import { creativeExchanges, creatives } from '../../src/db/schema/creatives.ts';
import type { TestApp } from './test-app.ts';

/** Approves the creative on every exchange it is on (as an admin's decision would). */
export const approveEverywhere = async (t: TestApp, creativeId: number) => {
  await t.deps.db
    .update(creativeExchanges)
    .set({ state: 'APPROVED', decidedAt: new Date() })
    .where(eq(creativeExchanges.creativeId, creativeId));
  await t.deps.db.update(creatives).set({ status: 'APPROVED' }).where(eq(creatives.id, creativeId));
};

/** The campaign's id by its name. */
export const campaignIdOf = async (t: TestApp, name: string) => {
  const [row] = await t.deps.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.name, name));
  if (!row) throw new Error(`no campaign named ${name}`);
  return row.id;
};

/** Adds these (approved) creatives to the campaign's and reloads the bidder's index. */
export const addCreatives = async (t: TestApp, campaignName: string, creativeIds: readonly number[]) => {
  const campaignId = await campaignIdOf(t, campaignName);
  await t.deps.db
    .insert(campaignCreatives)
    .values(creativeIds.map((creativeId) => ({ campaignId, creativeId })));
  await t.bidder.index.reload();
};

/** Makes these (approved) creatives the campaign's only ones and reloads the bidder's index. */
export const useCreatives = async (t: TestApp, campaignName: string, creativeIds: readonly number[]) => {
  await t.deps.db
    .delete(campaignCreatives)
    .where(eq(campaignCreatives.campaignId, await campaignIdOf(t, campaignName)));
  await addCreatives(t, campaignName, creativeIds);
};
