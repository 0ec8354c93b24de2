ALTER TABLE "ledger_entries" ADD COLUMN "effective_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_effective_idx" ON "ledger_entries" USING btree ("account_id","effective_at");--> statement-breakpoint
-- hand-written: the entries booked so far count when their transfer occurred (the delivery hour
-- for spend). The ledger is append-only, so its guard is lifted for this one fill and put back.
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_append_only";--> statement-breakpoint
UPDATE "ledger_entries" e SET "effective_at" = t."occurred_at" FROM "ledger_transfers" t WHERE t."id" = e."transfer_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_append_only";
-- end of hand-written
