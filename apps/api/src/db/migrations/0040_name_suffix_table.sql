-- An admin's rare search (platform/search-walk.ts) collected its matches through a GIN index of each
-- name's suffixes (0035), then read every match's row for its sort key: measured with 100,000
-- campaigns, "fitness 4" (940 matches) found its keys in 0.2 ms and read 464 heap pages of the wide
-- campaigns table for them in 0.7 (about 1 ms of database CPU for the statement, the search budget).
-- A GIN index cannot answer from itself; a B-tree can. So each list has a side table of its names'
-- suffixes instead, one row per distinct suffix of the lowered name cut to 12 characters, with the
-- row's id and what an admin's search sorts and filters by most (created_at, status) in a B-tree on
-- (suffix, id) that INCLUDEs them: a pattern's first 12 characters, as a range of that index, give
-- the matches with their keys in an index-only scan (the suffixes in byte order, COLLATE "C", so a
-- prefix is one range). Other sorts and filters read the rows of the ids found, as before.
-- Triggers keep the tables on every write path (the API, the seeds, the bench's bulk inserts), as
-- the exchange counts are kept (0036).
CREATE OR REPLACE FUNCTION name_suffix_keys(name text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array(SELECT DISTINCT left(substr(name, i), 12) FROM generate_series(1, length(name)) AS i) $$;
--> statement-breakpoint
-- The least text after every text that starts with `prefix`, in byte order (UTF-8: code point
-- order): the prefix with its last character's successor (U+D7FF is followed by U+E000, past the
-- surrogates; a last U+10FFFF, which has none, is dropped and the one before it advanced). A prefix
-- of U+10FFFF alone has no such text, and gets itself followed by U+10FFFF.
CREATE OR REPLACE FUNCTION name_prefix_end(prefix text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  head text := prefix;
  last integer;
BEGIN
  WHILE head <> '' LOOP
    last := ascii(right(head, 1));
    head := left(head, -1);
    IF last = 55295 THEN RETURN head || chr(57344); END IF;
    IF last < 1114111 THEN RETURN head || chr(last + 1); END IF;
  END LOOP;
  RETURN prefix || chr(1114111);
END $$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "campaign_name_suffixes" (
  "suffix" text COLLATE "C" NOT NULL,
  "id" bigint NOT NULL,
  "created_at" timestamptz NOT NULL,
  "status" text NOT NULL,
  PRIMARY KEY ("suffix", "id") INCLUDE ("created_at", "status")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "creative_name_suffixes" (
  "suffix" text COLLATE "C" NOT NULL,
  "id" bigint NOT NULL,
  "created_at" timestamptz NOT NULL,
  "status" text NOT NULL,
  PRIMARY KEY ("suffix", "id") INCLUDE ("created_at", "status")
);
--> statement-breakpoint
-- A removed row (DELETE, or the old side of an UPDATE) takes its suffixes out (by the primary key,
-- one look-up each: no index on the id alone is needed); an added one puts them in. The side table
-- is the trigger's argument.
CREATE OR REPLACE FUNCTION "name_suffixes_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format('DELETE FROM %I WHERE "suffix" = ANY($1) AND "id" = $2', TG_ARGV[0])
      USING name_suffix_keys(OLD."name_search"), OLD."id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    EXECUTE format('INSERT INTO %I ("suffix", "id", "created_at", "status")
        SELECT s, $2, $3, $4 FROM unnest($1) AS s', TG_ARGV[0])
      USING name_suffix_keys(NEW."name_search"), NEW."id", NEW."created_at", NEW."status";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "name_suffixes_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('TRUNCATE %I', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Each list's rows, then its triggers: <table>_name_suffixes (added and removed rows),
-- <table>_name_suffixes_change (a new name, status or creation time) and
-- <table>_name_suffixes_truncate.
DO $$
DECLARE t text[];
BEGIN
  FOREACH t SLICE 1 IN ARRAY ARRAY[['campaigns', 'campaign_name_suffixes'], ['creatives', 'creative_name_suffixes']] LOOP
    EXECUTE format('INSERT INTO %2$I ("suffix", "id", "created_at", "status")
        SELECT s, "id", "created_at", "status" FROM %1$I, unnest(name_suffix_keys("name_search")) AS s
      ON CONFLICT DO NOTHING', t[1], t[2]);
    EXECUTE format('DROP TRIGGER IF EXISTS %1$I ON %2$I', t[1] || '_name_suffixes', t[1]);
    EXECUTE format('CREATE TRIGGER %1$I AFTER INSERT OR DELETE ON %2$I FOR EACH ROW
      EXECUTE FUNCTION "name_suffixes_follow"(%3$L)', t[1] || '_name_suffixes', t[1], t[2]);
    EXECUTE format('DROP TRIGGER IF EXISTS %1$I ON %2$I', t[1] || '_name_suffixes_change', t[1]);
    EXECUTE format('CREATE TRIGGER %1$I AFTER UPDATE OF "name", "status", "created_at" ON %2$I FOR EACH ROW
      WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."status" IS DISTINCT FROM NEW."status"
        OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
      EXECUTE FUNCTION "name_suffixes_follow"(%3$L)', t[1] || '_name_suffixes_change', t[1], t[2]);
    EXECUTE format('DROP TRIGGER IF EXISTS %1$I ON %2$I', t[1] || '_name_suffixes_truncate', t[1]);
    EXECUTE format('CREATE TRIGGER %1$I AFTER TRUNCATE ON %2$I FOR EACH STATEMENT
      EXECUTE FUNCTION "name_suffixes_truncate"(%3$L)', t[1] || '_name_suffixes_truncate', t[1], t[2]);
  END LOOP;
END $$;
--> statement-breakpoint
ANALYZE "campaign_name_suffixes";
--> statement-breakpoint
ANALYZE "creative_name_suffixes";
--> statement-breakpoint
DROP INDEX IF EXISTS "campaigns_name_suffixes_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "creatives_name_suffixes_idx";
--> statement-breakpoint
DROP FUNCTION IF EXISTS name_suffixes(text);
