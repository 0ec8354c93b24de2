CREATE TABLE "delivery_hourly_pending" (
	"hour" timestamp with time zone NOT NULL,
	"campaign_id" bigint NOT NULL,
	"creative_id" bigint NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"exchange_id" integer NOT NULL,
	"country" text NOT NULL,
	"os" text NOT NULL,
	"device_type" text NOT NULL,
	"traffic_type" text NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"media_cost_micros" bigint DEFAULT 0 NOT NULL,
	"advertiser_cost_micros" bigint DEFAULT 0 NOT NULL
);
