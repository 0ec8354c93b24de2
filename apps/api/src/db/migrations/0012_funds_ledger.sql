-- hand-written (start): keep the single-entry ledger's rows aside before its table takes the
-- double-entry shape below; the block at the end of this file moves them into transfers.
CREATE TABLE "ledger_entries_v1" AS SELECT * FROM "ledger_entries";--> statement-breakpoint
DELETE FROM "ledger_entries";--> statement-breakpoint
-- end of hand-written (start)
CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_id" bigint,
	"code" text,
	"balance_micros" bigint DEFAULT 0 NOT NULL,
	"entry_count" bigint DEFAULT 0 NOT NULL,
	"low_balance_threshold_micros" bigint,
	"low_balance_alert_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('PLATFORM', 'AGENCY', 'ADVERTISER')),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" = 'PLATFORM') = ("ledger_accounts"."user_id" is null) and ("ledger_accounts"."kind" = 'PLATFORM') = ("ledger_accounts"."code" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"method" text,
	"reference" text,
	"note" text DEFAULT '' NOT NULL,
	"dedupe_key" text,
	"reverses_transfer_id" bigint,
	"campaign_id" bigint,
	"media_cost_micros" bigint,
	"advertiser_cost_micros" bigint,
	"created_by" bigint,
	"on_behalf_of" bigint,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_kind_check" CHECK ("ledger_transfers"."kind" in ('CREDIT', 'DEBIT', 'CARD_TOP_UP', 'ALLOCATION', 'PULL_BACK', 'SPEND', 'REVERSAL')),
	CONSTRAINT "ledger_transfers_method_check" CHECK ("ledger_transfers"."method" is null or "ledger_transfers"."method" in ('WIRE', 'CHEQUE', 'PROMOTION', 'ADJUSTMENT', 'REFUND', 'CARD')),
	CONSTRAINT "ledger_transfers_reversal_check" CHECK (("ledger_transfers"."kind" = 'REVERSAL') = ("ledger_transfers"."reverses_transfer_id" is not null)),
	CONSTRAINT "ledger_transfers_spend_costs_check" CHECK (("ledger_transfers"."kind" = 'SPEND') = ("ledger_transfers"."media_cost_micros" is not null and "ledger_transfers"."advertiser_cost_micros" is not null))
);
--> statement-breakpoint
CREATE TABLE "card_top_ups" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_micros" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"transfer_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "card_top_ups_status_check" CHECK ("card_top_ups"."status" in ('PENDING', 'COMPLETED')),
	CONSTRAINT "card_top_ups_amount_positive" CHECK ("card_top_ups"."amount_micros" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_created_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "ledger_user_idx";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "transfer_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "account_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "account_seq" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "balance_after_micros" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_reverses_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("reverses_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_on_behalf_of_users_id_fk" FOREIGN KEY ("on_behalf_of") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_top_ups" ADD CONSTRAINT "card_top_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_top_ups" ADD CONSTRAINT "card_top_ups_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_top_ups" ADD CONSTRAINT "card_top_ups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_key" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_key" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ledger_accounts_alert_due_idx" ON "ledger_accounts" USING btree ("low_balance_alert_due_at") WHERE "ledger_accounts"."low_balance_alert_due_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_dedupe_key" ON "ledger_transfers" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_reverses_key" ON "ledger_transfers" USING btree ("reverses_transfer_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_created_idx" ON "ledger_transfers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "card_top_ups_user_idx" ON "card_top_ups" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_account_seq_key" ON "ledger_entries" USING btree ("account_id","account_seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_time_idx" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "kind";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "reference";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "created_by";
--> statement-breakpoint
-- hand-written: platform accounts, accounts of existing agencies and advertisers, the old rows as
-- balanced transfers, and the database rules of the ledger (running balance, append-only, every
-- transfer sums to zero). Keep this block (and the start block) when regenerating.
INSERT INTO "ledger_accounts" ("kind", "code") VALUES ('PLATFORM', 'FUNDING'), ('PLATFORM', 'MEDIA'), ('PLATFORM', 'MARGIN');--> statement-breakpoint
INSERT INTO "ledger_accounts" ("kind", "user_id")
  SELECT "role", "id" FROM "users" WHERE "role" IN ('AGENCY', 'ADVERTISER') ORDER BY "id";--> statement-breakpoint
-- Each old entry becomes a transfer between its user and the platform (FUNDING; MEDIA for spend).
-- Old spend had no margin: media cost = advertiser cost. The dedupe key keeps the old id.
INSERT INTO "ledger_transfers" ("kind", "method", "reference", "note", "dedupe_key", "media_cost_micros", "advertiser_cost_micros", "created_by", "occurred_at", "created_at")
  SELECT
    CASE WHEN o."kind" = 'SPEND' AND o."amount_micros" < 0 THEN 'SPEND' WHEN o."amount_micros" > 0 THEN 'CREDIT' ELSE 'DEBIT' END,
    CASE WHEN o."kind" = 'SPEND' AND o."amount_micros" < 0 THEN NULL WHEN o."kind" = 'DEPOSIT' THEN NULL WHEN o."kind" = 'REFUND' THEN 'REFUND' ELSE 'ADJUSTMENT' END,
    o."reference",
    o."description",
    'migrated:' || o."id",
    CASE WHEN o."kind" = 'SPEND' AND o."amount_micros" < 0 THEN -o."amount_micros" END,
    CASE WHEN o."kind" = 'SPEND' AND o."amount_micros" < 0 THEN -o."amount_micros" END,
    o."created_by",
    o."created_at",
    o."created_at"
  FROM "ledger_entries_v1" o ORDER BY o."created_at", o."id";--> statement-breakpoint
INSERT INTO "ledger_entries" ("transfer_id", "account_id", "account_seq", "amount_micros", "balance_after_micros", "created_at")
  SELECT "transfer_id", "account_id",
    row_number() OVER (PARTITION BY "account_id" ORDER BY "created_at", "old_id", "leg"),
    "amount_micros",
    sum("amount_micros") OVER (PARTITION BY "account_id" ORDER BY "created_at", "old_id", "leg"),
    "created_at"
  FROM (
    SELECT t."id" AS "transfer_id", a."id" AS "account_id", o."amount_micros", o."created_at", o."id" AS "old_id", 0 AS "leg"
      FROM "ledger_entries_v1" o
      JOIN "ledger_transfers" t ON t."dedupe_key" = 'migrated:' || o."id"
      JOIN "ledger_accounts" a ON a."user_id" = o."user_id"
    UNION ALL
    SELECT t."id", p."id", -o."amount_micros", o."created_at", o."id", 1
      FROM "ledger_entries_v1" o
      JOIN "ledger_transfers" t ON t."dedupe_key" = 'migrated:' || o."id"
      JOIN "ledger_accounts" p ON p."code" = CASE WHEN t."kind" = 'SPEND' THEN 'MEDIA' ELSE 'FUNDING' END
  ) legs
  ORDER BY "created_at", "old_id", "leg";--> statement-breakpoint
UPDATE "ledger_accounts" a SET "balance_micros" = s."total", "entry_count" = s."entries"
  FROM (SELECT "account_id", sum("amount_micros") AS "total", count(*) AS "entries" FROM "ledger_entries" GROUP BY "account_id") s
  WHERE s."account_id" = a."id";--> statement-breakpoint
DROP TABLE "ledger_entries_v1";--> statement-breakpoint
-- The running balance is kept by the database: an entry adds its amount to its account's row (the
-- row lock the service took first, or this update's own) and records the balance after it. An
-- entry whose caller computed another balance_after means the caller did not hold the lock: refused.
-- A caller that did not lock (platform accounts) gives null and gets the balance filled in. The
-- entry's account_seq (1, 2, 3, ... per account) records the order the balance changed in.
CREATE FUNCTION "ledger_apply_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE after bigint; seq bigint;
BEGIN
  UPDATE "ledger_accounts" SET "balance_micros" = "balance_micros" + NEW."amount_micros", "entry_count" = "entry_count" + 1, "updated_at" = now()
    WHERE "id" = NEW."account_id" RETURNING "balance_micros", "entry_count" INTO after, seq;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger account % does not exist', NEW."account_id" USING ERRCODE = '23503';
  END IF;
  IF NEW."balance_after_micros" IS NOT NULL AND NEW."balance_after_micros" <> after THEN
    RAISE EXCEPTION 'ledger entry on account %: balance after % expected, % given', NEW."account_id", after, NEW."balance_after_micros" USING ERRCODE = '23514';
  END IF;
  NEW."balance_after_micros" := after;
  NEW."account_seq" := seq;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_apply" BEFORE INSERT ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_apply_entry"();--> statement-breakpoint
-- Append-only: history is never edited; a mistake is undone by a reversal transfer.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The ledger is append-only: % on % is not allowed. Post a reversal instead.', TG_OP, TG_TABLE_NAME USING ERRCODE = '55000';
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_append_only" BEFORE UPDATE OR DELETE ON "ledger_transfers" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_no_truncate" BEFORE TRUNCATE ON "ledger_transfers" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
-- At commit, every transfer touched has at least two entries and they sum to zero.
CREATE FUNCTION "ledger_assert_balanced"(transfer bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE total numeric; legs integer;
BEGIN
  SELECT coalesce(sum("amount_micros"), 0), count(*) INTO total, legs FROM "ledger_entries" WHERE "transfer_id" = transfer;
  IF total <> 0 OR legs < 2 THEN
    RAISE EXCEPTION 'ledger transfer % does not balance: % entries summing to %', transfer, legs, total USING ERRCODE = '23514';
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "ledger_check_new_transfer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ledger_assert_balanced"(NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "ledger_check_new_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "ledger_assert_balanced"(NEW."transfer_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_transfers_balanced" AFTER INSERT ON "ledger_transfers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_new_transfer"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_new_entry"();
-- end of hand-written
