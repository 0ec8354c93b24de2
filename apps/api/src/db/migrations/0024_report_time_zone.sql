ALTER TABLE "reports" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "generated_totals" jsonb;