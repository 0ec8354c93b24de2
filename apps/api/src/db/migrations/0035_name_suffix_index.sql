-- An admin's search over all campaigns or creatives, where the walk of the newest rows does not
-- settle it (a word in few names), collects every match and counts them (platform/search-walk.ts).
-- The trigram index (0034) costs that in proportion to how common each of the pattern's trigrams
-- is, not to the matches: measured with 100,000 campaigns, "fitness 4" (940 matches) read 7
-- posting lists of 8,000 to 11,000 rows each, 1.4 ms, and a single common trigram ("fit") 0.6 ms,
-- so no choice of trigrams brought it near a search's budget (1 ms of database CPU a request).
-- This index holds every suffix of the lowered name, cut to 12 characters, as the lexemes of a
-- tsvector; a pattern's first 12 characters, as a prefix query (name_suffix_query in the code),
-- find the names that hold it through those keys alone, so the cost follows the matches: the same
-- 940 in 0.2 ms. Longer patterns are narrowed by their first 12 characters and tested in full by
-- LIKE as before, so the answers do not change. Plain PostgreSQL (tsvector, GIN), so PGlite has it
-- too. It is several times the trigram index's size (a key per character of each name).
CREATE OR REPLACE FUNCTION name_suffixes(name text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array_to_tsvector(array(SELECT left(substr(name, i), 12) FROM generate_series(1, length(name)) AS i)) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "campaigns_name_suffixes_idx" ON "campaigns" USING gin (name_suffixes("name_search")) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "creatives_name_suffixes_idx" ON "creatives" USING gin (name_suffixes("name_search")) WITH (fastupdate = off);
