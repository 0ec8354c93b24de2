CREATE TABLE "campaign_delivery_hours" (
	"campaign_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"advertiser_cost_micros" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_delivery_hours_key" ON "campaign_delivery_hours" USING btree ("campaign_id","hour");--> statement-breakpoint
-- The spend already rolled up, by campaign and hour (delivery_hourly summed: exact to the micro).
INSERT INTO "campaign_delivery_hours" ("campaign_id", "hour", "advertiser_cost_micros")
SELECT "campaign_id", "hour", sum("advertiser_cost_micros")
FROM "delivery_hourly" GROUP BY "campaign_id", "hour";
