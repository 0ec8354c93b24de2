-- The lists' status filters (their tabs) with each sort column: a page is the first rows of one of
-- these indexes for that status. The sort's own index walked past the other statuses' rows, a heap
-- fetch each to test the status (measured with 100,000 campaigns, DRAFT sorted by start: 767 rows
-- for a page of 20; the page's statement 1.0-1.1 -> 0.67-0.73 ms of database CPU alone, 0.93 -> 0.56
-- ms in the bench's floor). The creatives' updated and type sorts had no index at all: every
-- creative sorted for a page.
CREATE INDEX IF NOT EXISTS "campaigns_status_start_idx" ON "campaigns" USING btree ("status","start_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "campaigns_status_end_idx" ON "campaigns" USING btree ("status","end_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "campaigns_status_budget_idx" ON "campaigns" USING btree ("status","total_budget_micros","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "campaigns_status_name_idx" ON "campaigns" USING btree ("status",lower("name"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "creatives_updated_idx" ON "creatives" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "creatives_type_idx" ON "creatives" USING btree ("creative_type","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "creatives_status_name_idx" ON "creatives" USING btree ("status",lower("name"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "creatives_status_updated_idx" ON "creatives" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "creatives_status_type_idx" ON "creatives" USING btree ("status","creative_type","id");