-- Notices: which notice priced a billed impression (price_source) and whether it came after the
-- exchange's notice window (is_late); per exchange, that window and its sealed price keys.
ALTER TABLE "delivery_events" ADD COLUMN "price_source" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD COLUMN "is_late" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "notice_window_seconds" integer DEFAULT 900 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "price_keys_sealed" text;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_notice_window_check" CHECK ("exchanges"."notice_window_seconds" between 60 and 86400);