-- The creative list's sort by name walks name_search (lower(name), stored: migration 0034) instead
-- of the expression lower(name), as the campaign list's does since 0042: an expression index is
-- never read index-only, so a deep page by name fetched from the table every row its offset passed;
-- on name_search the offset's rows come from the index and the page's rows are read by id afterwards
-- (creative-queries.ts).
CREATE INDEX IF NOT EXISTS "creatives_name_search_idx" ON "creatives" USING btree ("name_search","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "creatives_status_name_search_idx" ON "creatives" USING btree ("status","name_search","id");
--> statement-breakpoint
DROP INDEX IF EXISTS "creatives_name_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "creatives_status_name_idx";
