CREATE TABLE "campaign_delivery_totals" (
	"campaign_id" bigint PRIMARY KEY NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"advertiser_cost_micros" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The totals of the delivery already rolled up.
INSERT INTO "campaign_delivery_totals" ("campaign_id", "impressions", "clicks", "advertiser_cost_micros")
SELECT "campaign_id", sum("impressions"), sum("clicks"), sum("advertiser_cost_micros")
FROM "delivery_hourly" GROUP BY "campaign_id";
