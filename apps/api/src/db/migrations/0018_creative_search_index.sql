-- Creative name search (ILIKE '%q%') through a trigram index, as campaigns have (0006, 0007), where
-- the server has pg_trgm; PGlite does not ship it, and there a search scans the caller's creatives.
-- Measured with 100,000 creatives: a search for a common word cost the database 11 ms a page
-- without it. Creatives are written rarely, so entries go straight in (no pending list).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    EXECUTE 'CREATE EXTENSION IF NOT EXISTS pg_trgm';
    EXECUTE 'CREATE INDEX IF NOT EXISTS creatives_name_trgm_idx ON creatives USING gin (name gin_trgm_ops) WITH (fastupdate = off)';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm is not available to this role: creative name search scans';
END $$;
