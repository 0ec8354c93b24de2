CREATE TABLE "bid_request_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"exchange_id" integer NOT NULL,
	"traffic_type" text NOT NULL,
	"country" text NOT NULL,
	"device_type" text NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"bid_responses" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"exchange_id" integer NOT NULL,
	"auction_id" text NOT NULL,
	"imp_id" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"campaign_id" bigint NOT NULL,
	"creative_id" bigint NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"os" text DEFAULT '' NOT NULL,
	"device_type" text DEFAULT '' NOT NULL,
	"traffic_type" text NOT NULL,
	"bid_micros" bigint DEFAULT 0 NOT NULL,
	"media_cost_micros" bigint DEFAULT 0 NOT NULL,
	"advertiser_cost_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_events_type_check" CHECK ("delivery_events"."type" in ('BID', 'WIN', 'BILLING', 'IMPRESSION', 'CLICK', 'CONVERSION', 'LOSS', 'VIDEO_START', 'VIDEO_FIRST_QUARTILE', 'VIDEO_MIDPOINT', 'VIDEO_THIRD_QUARTILE', 'VIDEO_COMPLETE'))
);
--> statement-breakpoint
CREATE TABLE "delivery_hourly" (
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
--> statement-breakpoint
CREATE UNIQUE INDEX "bid_request_hourly_key" ON "bid_request_hourly" USING btree ("hour","exchange_id","traffic_type","country","device_type");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_events_fact_key" ON "delivery_events" USING btree ("day","type","exchange_id","auction_id","imp_id","detail");--> statement-breakpoint
CREATE INDEX "delivery_events_occurred_idx" ON "delivery_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_hourly_key" ON "delivery_hourly" USING btree ("hour","campaign_id","creative_id","exchange_id","country","os","device_type","traffic_type");--> statement-breakpoint
CREATE INDEX "delivery_hourly_advertiser_idx" ON "delivery_hourly" USING btree ("advertiser_id","hour");--> statement-breakpoint
CREATE INDEX "delivery_hourly_campaign_idx" ON "delivery_hourly" USING btree ("campaign_id","hour");