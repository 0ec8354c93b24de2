// Rule audiences: the people who clicked or converted on chosen campaigns within N days, counted from
// the console's own delivery data. That data (clicks and conversions recorded by the built-in bidder
// and tracking endpoints) is being built in parallel; until its event tables exist there is nobody to
// count, so a rule audience is computed to 0 members and says why (RULE_NOTE, shown in the console).
// When the events land, this is the one function to fill: count distinct device ids (and e-mail
// hashes, if tracking ever records them) of `rule.event` events of `rule.campaign_ids` in the last
// `rule.days` days, and write them to audience_members like an upload.
import type { DbOrTx } from '../../db/client.ts';
import type { AudienceRow } from './list-access.ts';

export const RULE_NOTE =
  'Counted from the clicks and conversions the console records. Delivery data is not recorded yet, so this audience has 0 members until it is.';

export const computeRuleAudience = async (_db: DbOrTx, audience: AudienceRow): Promise<number> => {
  if (!audience.rule) return 0;
  return 0;
};
