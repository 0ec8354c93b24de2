-- An admin's rare search collects its matches from the names' suffix tables (0040), where a name
-- that holds the text twice gives two rows (two suffixes starting with it), so the matches were
-- sorted by id and made unique before they were counted and paged: a tenth of the search's
-- database CPU (measured at 100,000 campaigns, "fitness 4", 940 matches: 0.10 of 0.70 ms replayed
-- alone). Each suffix row now says how much of its start the name holds earlier (`repeat`, 0-12):
-- a text of up to 12 characters is found at a row's suffix for the first time in that name exactly
-- when it is longer than the row's repeat, so `repeat < length(text)` keeps one row a name, with no
-- sort. Of a suffix found at several places (the same 12 characters twice), the row stands for the
-- first, the smallest repeat.

-- How much of the start of name's suffix at `i` (cut to 12 characters) the name holds at an earlier
-- place: the longest m with left(suffix, m) starting before i. An occurrence of m + 1 characters
-- that starts before i ends before i + m, so it is looked for in the name's first i + m - 1.
CREATE OR REPLACE FUNCTION name_suffix_repeat(name text, i integer) RETURNS integer
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  suffix text := left(substr(name, i), 12);
  m integer := 0;
BEGIN
  WHILE m < length(suffix) AND strpos(left(name, i + m - 1), left(suffix, m + 1)) > 0 LOOP
    m := m + 1;
  END LOOP;
  RETURN m;
END $$;
--> statement-breakpoint
-- The rows of a name in its suffix table: each distinct suffix cut to 12 characters (the keys of
-- name_suffix_keys) with its repeat where it first stands.
CREATE OR REPLACE FUNCTION name_suffix_rows(name text) RETURNS TABLE ("suffix" text, "repeat" smallint)
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT left(substr(name, i), 12), min(name_suffix_repeat(name, i))::smallint
    FROM generate_series(1, length(name)) AS i GROUP BY 1 $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "name_suffixes_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format('DELETE FROM %I WHERE "suffix" = ANY($1) AND "id" = $2', TG_ARGV[0])
      USING name_suffix_keys(OLD."name_search"), OLD."id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    EXECUTE format('INSERT INTO %I ("suffix", "id", "created_at", "status", "repeat")
        SELECT r."suffix", $2, $3, $4, r."repeat" FROM name_suffix_rows($1) AS r', TG_ARGV[0])
      USING NEW."name_search", NEW."id", NEW."created_at", NEW."status";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Each side table filled again with the repeat, its primary key holding it too (an index-only scan
-- tests it). The triggers write it from here on (name_suffixes_follow above).
DO $$
DECLARE t text[];
BEGIN
  FOREACH t SLICE 1 IN ARRAY ARRAY[['campaigns', 'campaign_name_suffixes'], ['creatives', 'creative_name_suffixes']] LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT IF EXISTS %I', t[2], t[2] || '_pkey');
    EXECUTE format('TRUNCATE %I', t[2]);
    EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS "repeat" smallint NOT NULL DEFAULT 0', t[2]);
    EXECUTE format('INSERT INTO %2$I ("suffix", "id", "created_at", "status", "repeat")
        SELECT r."suffix", "id", "created_at", "status", r."repeat" FROM %1$I, name_suffix_rows("name_search") AS r',
      t[1], t[2]);
    EXECUTE format('ALTER TABLE %I ADD PRIMARY KEY ("suffix", "id") INCLUDE ("created_at", "status", "repeat")', t[2]);
  END LOOP;
END $$;
--> statement-breakpoint
ANALYZE "campaign_name_suffixes";
--> statement-breakpoint
ANALYZE "creative_name_suffixes";
