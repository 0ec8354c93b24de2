CREATE TABLE "delivery_daily_advertiser" (
	"day" date NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"media_cost_micros" bigint DEFAULT 0 NOT NULL,
	"advertiser_cost_micros" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_daily_campaign" (
	"day" date NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"creative_id" bigint NOT NULL,
	"exchange_id" integer NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"media_cost_micros" bigint DEFAULT 0 NOT NULL,
	"advertiser_cost_micros" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_daily_geo" (
	"day" date NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"country" text NOT NULL,
	"os" text NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"media_cost_micros" bigint DEFAULT 0 NOT NULL,
	"advertiser_cost_micros" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_daily_inventory" (
	"day" date NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"exchange_id" integer NOT NULL,
	"traffic_type" text NOT NULL,
	"inventory" text NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"media_cost_micros" bigint DEFAULT 0 NOT NULL,
	"advertiser_cost_micros" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_hourly_advertiser" (
	"hour" timestamp with time zone NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"media_cost_micros" bigint DEFAULT 0 NOT NULL,
	"advertiser_cost_micros" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollup_compaction" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"compacted_before" date NOT NULL,
	CONSTRAINT "rollup_compaction_one_row" CHECK ("rollup_compaction"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "delivery_events" ADD COLUMN "inventory" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_daily_advertiser_key" ON "delivery_daily_advertiser" USING btree ("day","advertiser_id");--> statement-breakpoint
CREATE INDEX "delivery_daily_advertiser_scope_idx" ON "delivery_daily_advertiser" USING btree ("advertiser_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_daily_campaign_key" ON "delivery_daily_campaign" USING btree ("day","campaign_id","creative_id","exchange_id");--> statement-breakpoint
CREATE INDEX "delivery_daily_campaign_scope_idx" ON "delivery_daily_campaign" USING btree ("advertiser_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_daily_geo_key" ON "delivery_daily_geo" USING btree ("day","advertiser_id","country","os");--> statement-breakpoint
CREATE INDEX "delivery_daily_geo_scope_idx" ON "delivery_daily_geo" USING btree ("advertiser_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_daily_inventory_key" ON "delivery_daily_inventory" USING btree ("day","campaign_id","exchange_id","traffic_type","inventory");--> statement-breakpoint
CREATE INDEX "delivery_daily_inventory_scope_idx" ON "delivery_daily_inventory" USING btree ("advertiser_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_hourly_advertiser_key" ON "delivery_hourly_advertiser" USING btree ("hour","advertiser_id");--> statement-breakpoint
CREATE INDEX "delivery_hourly_advertiser_scope_idx" ON "delivery_hourly_advertiser" USING btree ("advertiser_id","hour");--> statement-breakpoint
CREATE TABLE "report_rows_chunked" AS SELECT "report_id", ("n" - 1) / 500 AS "n", jsonb_agg("cells" ORDER BY "n") AS "cells" FROM "report_rows" GROUP BY "report_id", ("n" - 1) / 500;--> statement-breakpoint
DELETE FROM "report_rows";--> statement-breakpoint
INSERT INTO "report_rows" ("report_id", "n", "cells") SELECT "report_id", "n", "cells" FROM "report_rows_chunked";--> statement-breakpoint
DROP TABLE "report_rows_chunked";
