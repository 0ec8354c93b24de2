CREATE TABLE "delivery_daily_campaign_total" (
	"day" date NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"media_cost_micros" bigint DEFAULT 0 NOT NULL,
	"advertiser_cost_micros" bigint DEFAULT 0 NOT NULL,
	"agency_margin_micros" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_daily_campaign_total_key" ON "delivery_daily_campaign_total" USING btree ("day","campaign_id");--> statement-breakpoint
CREATE INDEX "delivery_daily_campaign_total_scope_idx" ON "delivery_daily_campaign_total" USING btree ("advertiser_id","day");--> statement-breakpoint
-- The days compacted before this tier existed, summed from the tier by campaign, creative and exchange
-- (itself delivery_hourly summed, so this is exact to the micro).
INSERT INTO "delivery_daily_campaign_total" ("day", "advertiser_id", "campaign_id", "bids", "wins", "impressions", "clicks", "conversions", "media_cost_micros", "advertiser_cost_micros", "agency_margin_micros")
SELECT "day", min("advertiser_id"), "campaign_id", sum("bids"), sum("wins"), sum("impressions"), sum("clicks"), sum("conversions"), sum("media_cost_micros"), sum("advertiser_cost_micros"), sum("agency_margin_micros")
FROM "delivery_daily_campaign" GROUP BY "day", "campaign_id";
