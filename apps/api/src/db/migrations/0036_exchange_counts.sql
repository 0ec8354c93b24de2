-- The campaign and creative lists show how many exchanges each row has in all and in each approval
-- state. They were counted from campaign_exchanges and creative_exchanges for every page read (a CTE
-- grouping the page's rows). They are kept on the row instead, by triggers on the decision tables, so
-- every path that adds, decides or removes an exchange (the API's forms, the approval queue, a cascade
-- from a deleted campaign) keeps them: the list reads four integers of the rows it already reads. Each
-- change adds or subtracts one (an UPDATE of the owner's row, which waits for a concurrent one), so
-- concurrent decisions cannot lose a count as a recount from a snapshot could. The columns are not in
-- the schema's declarations (drizzle would select them with every row, and the change log would diff
-- them); the list queries name them (campaign-queries.ts, creative-queries.ts).
ALTER TABLE "campaigns" ADD COLUMN IF NOT EXISTS "exchanges_total" integer DEFAULT 0 NOT NULL,
  ADD COLUMN IF NOT EXISTS "exchanges_pending" integer DEFAULT 0 NOT NULL,
  ADD COLUMN IF NOT EXISTS "exchanges_approved" integer DEFAULT 0 NOT NULL,
  ADD COLUMN IF NOT EXISTS "exchanges_rejected" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "creatives" ADD COLUMN IF NOT EXISTS "exchanges_total" integer DEFAULT 0 NOT NULL,
  ADD COLUMN IF NOT EXISTS "exchanges_pending" integer DEFAULT 0 NOT NULL,
  ADD COLUMN IF NOT EXISTS "exchanges_approved" integer DEFAULT 0 NOT NULL,
  ADD COLUMN IF NOT EXISTS "exchanges_rejected" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The counts of the decisions already there.
DO $$
DECLARE owner text[];
BEGIN
  FOREACH owner SLICE 1 IN ARRAY ARRAY[['campaigns', 'campaign_exchanges', 'campaign_id'],
      ['creatives', 'creative_exchanges', 'creative_id']] LOOP
    EXECUTE format('UPDATE %1$I SET "exchanges_total" = x.total, "exchanges_pending" = x.pending,
        "exchanges_approved" = x.approved, "exchanges_rejected" = x.rejected
      FROM (SELECT %3$I AS owner_id, count(*) AS total,
          count(*) FILTER (WHERE "state" = ''PENDING'') AS pending,
          count(*) FILTER (WHERE "state" = ''APPROVED'') AS approved,
          count(*) FILTER (WHERE "state" = ''REJECTED'') AS rejected
        FROM %2$I GROUP BY %3$I) AS x
      WHERE %1$I."id" = x.owner_id', owner[1], owner[2], owner[3]);
  END LOOP;
END $$;
--> statement-breakpoint
-- A removed decision (DELETE, or the old side of an UPDATE) subtracts its state from its owner's
-- counts; an added one adds it. The owner's table and the decision's owner column are the trigger's
-- arguments.
CREATE OR REPLACE FUNCTION "exchange_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE change text := format('UPDATE %I SET "exchanges_total" = "exchanges_total" + $1,
    "exchanges_pending" = "exchanges_pending" + $1 * ($2 = ''PENDING'')::integer,
    "exchanges_approved" = "exchanges_approved" + $1 * ($2 = ''APPROVED'')::integer,
    "exchanges_rejected" = "exchanges_rejected" + $1 * ($2 = ''REJECTED'')::integer
  WHERE "id" = $3', TG_ARGV[0]);
BEGIN
  IF TG_OP <> 'INSERT' THEN
    EXECUTE change USING -1, OLD."state", (to_jsonb(OLD) ->> TG_ARGV[1])::bigint;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    EXECUTE change USING 1, NEW."state", (to_jsonb(NEW) ->> TG_ARGV[1])::bigint;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Each decision table's triggers: <table>_count_rows (added and removed decisions) and
-- <table>_count_changes (a decision whose state or owner changed).
DO $$
DECLARE d text[];
BEGIN
  FOREACH d SLICE 1 IN ARRAY ARRAY[['campaign_exchanges', 'campaigns', 'campaign_id'],
      ['creative_exchanges', 'creatives', 'creative_id']] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %1$I ON %2$I', d[1] || '_count_rows', d[1]);
    EXECUTE format('CREATE TRIGGER %1$I AFTER INSERT OR DELETE ON %2$I FOR EACH ROW
      EXECUTE FUNCTION "exchange_counts_follow"(%3$L, %4$L)', d[1] || '_count_rows', d[1], d[2], d[3]);
    EXECUTE format('DROP TRIGGER IF EXISTS %1$I ON %2$I', d[1] || '_count_changes', d[1]);
    EXECUTE format('CREATE TRIGGER %1$I AFTER UPDATE OF "state", %4$I ON %2$I FOR EACH ROW
      WHEN (OLD."state" IS DISTINCT FROM NEW."state" OR OLD.%4$I IS DISTINCT FROM NEW.%4$I)
      EXECUTE FUNCTION "exchange_counts_follow"(%3$L, %4$L)', d[1] || '_count_changes', d[1], d[2], d[3]);
  END LOOP;
END $$;
