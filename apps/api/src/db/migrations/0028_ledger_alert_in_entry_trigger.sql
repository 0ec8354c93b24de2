-- The low-balance alert is marked by the trigger that applies an entry to its account, in the same
-- row update as the balance: an account holder's balance that crosses its threshold downwards marks
-- the alert due, whichever statement posted the entry. Spend is then posted in one statement (no
-- second update of the row, which a statement cannot make after its own trigger changed it).
CREATE OR REPLACE FUNCTION "ledger_apply_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE after bigint; seq bigint;
BEGIN
  UPDATE "ledger_accounts" SET "balance_micros" = "balance_micros" + NEW."amount_micros", "entry_count" = "entry_count" + 1, "updated_at" = now(),
    "low_balance_alert_due_at" = CASE
      WHEN "user_id" IS NOT NULL AND "low_balance_threshold_micros" IS NOT NULL
        AND "balance_micros" >= "low_balance_threshold_micros"
        AND "balance_micros" + NEW."amount_micros" < "low_balance_threshold_micros" THEN now()
      ELSE "low_balance_alert_due_at" END
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
END $$;
