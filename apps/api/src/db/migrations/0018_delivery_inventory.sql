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
ALTER TABLE "delivery_events" ADD COLUMN "inventory" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_daily_inventory_key" ON "delivery_daily_inventory" USING btree ("day","campaign_id","exchange_id","traffic_type","inventory");--> statement-breakpoint
CREATE INDEX "delivery_daily_inventory_scope_idx" ON "delivery_daily_inventory" USING btree ("advertiser_id","day");