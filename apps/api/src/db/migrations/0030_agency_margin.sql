-- The agency's part of the margin, recorded at delivery (BILLING events and every rollup tier). Rows
-- recorded before it read 0: the split in force when they were delivered was never kept, and today's
-- margins may differ, so their whole margin stays the platform's rather than a guess rewriting history.
ALTER TABLE "delivery_daily_advertiser" ADD COLUMN "agency_margin_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_daily_campaign" ADD COLUMN "agency_margin_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_daily_geo" ADD COLUMN "agency_margin_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_daily_inventory" ADD COLUMN "agency_margin_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD COLUMN "agency_margin_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_hourly" ADD COLUMN "agency_margin_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_hourly_advertiser" ADD COLUMN "agency_margin_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_hourly_pending" ADD COLUMN "agency_margin_micros" bigint DEFAULT 0 NOT NULL;