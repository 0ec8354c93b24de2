-- The bidder's index read each running campaign's lifetime delivery by summing delivery_hourly on
-- every reload (every 30 s and on each change notice): at 100,000 campaigns with a year of hourly
-- rollups, 3.1 million rows and about 0.9 s of database CPU a reload, growing with the history, and
-- most of the table's pages read through the buffer cache each time. campaign_delivery_totals
-- already keeps those sums (delivery/rollups.ts writes it in the statements that write
-- delivery_hourly) except conversions, which the index reads too: kept here from now on, and the
-- sums so far filled in once.
ALTER TABLE "campaign_delivery_totals" ADD COLUMN IF NOT EXISTS "conversions" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "campaign_delivery_totals" AS t SET "conversions" = s.conversions
FROM (
  SELECT campaign_id, sum(conversions)::bigint AS conversions FROM delivery_hourly
  GROUP BY campaign_id HAVING sum(conversions) <> 0
) AS s
WHERE s.campaign_id = t.campaign_id;
