CREATE TABLE "applists" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" bigint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audiences" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audiences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" bigint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_audiences" (
	"campaign_id" bigint NOT NULL,
	"audience_id" bigint NOT NULL,
	"mode" text NOT NULL,
	CONSTRAINT "campaign_audiences_campaign_id_audience_id_pk" PRIMARY KEY("campaign_id","audience_id"),
	CONSTRAINT "campaign_audiences_mode_check" CHECK ("campaign_audiences"."mode" in ('INCLUDE', 'EXCLUDE'))
);
--> statement-breakpoint
CREATE TABLE "campaign_creatives" (
	"campaign_id" bigint NOT NULL,
	"creative_id" bigint NOT NULL,
	CONSTRAINT "campaign_creatives_campaign_id_creative_id_pk" PRIMARY KEY("campaign_id","creative_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_dsp_assoc" (
	"campaign_id" bigint NOT NULL,
	"dsp_name" text NOT NULL,
	"campaign_associate_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_dsp_assoc_campaign_id_dsp_name_pk" PRIMARY KEY("campaign_id","dsp_name")
);
--> statement-breakpoint
CREATE TABLE "campaign_exchanges" (
	"campaign_id" bigint NOT NULL,
	"exchange_id" integer NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_exchanges_campaign_id_exchange_id_pk" PRIMARY KEY("campaign_id","exchange_id"),
	CONSTRAINT "campaign_exchanges_state_check" CHECK ("campaign_exchanges"."state" in ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "campaign_exchanges_reason_check" CHECK ("campaign_exchanges"."state" <> 'REJECTED' or ("campaign_exchanges"."reason" is not null and "campaign_exchanges"."reason" <> ''))
);
--> statement-breakpoint
CREATE TABLE "campaign_inventory_lists" (
	"campaign_id" bigint NOT NULL,
	"applist_id" bigint NOT NULL,
	"mode" text NOT NULL,
	CONSTRAINT "campaign_inventory_lists_campaign_id_applist_id_pk" PRIMARY KEY("campaign_id","applist_id"),
	CONSTRAINT "campaign_inventory_lists_mode_check" CHECK ("campaign_inventory_lists"."mode" in ('ALLOW', 'BLOCK'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"rejection_reason" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"total_budget_micros" bigint NOT NULL,
	"daily_budget_micros" bigint,
	"pacing" text DEFAULT 'EVEN' NOT NULL,
	"price_model" text DEFAULT 'CPM' NOT NULL,
	"bid_micros" bigint NOT NULL,
	"min_bid_micros" bigint NOT NULL,
	"max_bid_micros" bigint NOT NULL,
	"frequency_cap" jsonb,
	"day_parting" jsonb,
	"targeting" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('DRAFT', 'PENDING_APPROVAL', 'ACTIVE', 'PAUSED', 'COMPLETED', 'REJECTED', 'ARCHIVED')),
	CONSTRAINT "campaigns_pacing_check" CHECK ("campaigns"."pacing" in ('EVEN', 'ASAP')),
	CONSTRAINT "campaigns_price_model_check" CHECK ("campaigns"."price_model" in ('CPM', 'CPC', 'CPA')),
	CONSTRAINT "campaigns_flight_check" CHECK ("campaigns"."end_at" > "campaigns"."start_at"),
	CONSTRAINT "campaigns_budget_check" CHECK ("campaigns"."total_budget_micros" > 0 and ("campaigns"."daily_budget_micros" is null or ("campaigns"."daily_budget_micros" > 0 and "campaigns"."daily_budget_micros" <= "campaigns"."total_budget_micros"))),
	CONSTRAINT "campaigns_bid_range_check" CHECK ("campaigns"."min_bid_micros" > 0 and "campaigns"."min_bid_micros" <= "campaigns"."bid_micros" and "campaigns"."bid_micros" <= "campaigns"."max_bid_micros")
);
--> statement-breakpoint
ALTER TABLE "applists" ADD CONSTRAINT "applists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_audiences" ADD CONSTRAINT "campaign_audiences_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_audiences" ADD CONSTRAINT "campaign_audiences_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_creatives" ADD CONSTRAINT "campaign_creatives_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_creatives" ADD CONSTRAINT "campaign_creatives_creative_id_creatives_id_fk" FOREIGN KEY ("creative_id") REFERENCES "public"."creatives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_dsp_assoc" ADD CONSTRAINT "campaign_dsp_assoc_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_exchanges" ADD CONSTRAINT "campaign_exchanges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_exchanges" ADD CONSTRAINT "campaign_exchanges_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_exchanges" ADD CONSTRAINT "campaign_exchanges_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_inventory_lists" ADD CONSTRAINT "campaign_inventory_lists_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_inventory_lists" ADD CONSTRAINT "campaign_inventory_lists_applist_id_applists_id_fk" FOREIGN KEY ("applist_id") REFERENCES "public"."applists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applists_owner_idx" ON "applists" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "audiences_owner_idx" ON "audiences" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "campaign_audiences_audience_idx" ON "campaign_audiences" USING btree ("audience_id");--> statement-breakpoint
CREATE INDEX "campaign_creatives_creative_idx" ON "campaign_creatives" USING btree ("creative_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_dsp_assoc_upstream_key" ON "campaign_dsp_assoc" USING btree ("dsp_name","campaign_associate_id");--> statement-breakpoint
CREATE INDEX "campaign_exchanges_created_idx" ON "campaign_exchanges" USING btree ("created_at","campaign_id","exchange_id");--> statement-breakpoint
CREATE INDEX "campaign_exchanges_state_idx" ON "campaign_exchanges" USING btree ("state","created_at","campaign_id","exchange_id");--> statement-breakpoint
CREATE INDEX "campaign_exchanges_exchange_idx" ON "campaign_exchanges" USING btree ("exchange_id","state");--> statement-breakpoint
CREATE INDEX "campaign_inventory_lists_applist_idx" ON "campaign_inventory_lists" USING btree ("applist_id");--> statement-breakpoint
CREATE INDEX "campaigns_advertiser_created_idx" ON "campaigns" USING btree ("advertiser_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_status_created_idx" ON "campaigns" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_name_idx" ON "campaigns" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "campaigns_start_idx" ON "campaigns" USING btree ("start_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_end_idx" ON "campaigns" USING btree ("end_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_budget_idx" ON "campaigns" USING btree ("total_budget_micros","id");--> statement-breakpoint
-- Name search (ILIKE '%q%') through a trigram index where the server has pg_trgm (PostgreSQL
-- contrib); PGlite does not ship it unless loaded, and there a search scans the caller's scope.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    EXECUTE 'CREATE EXTENSION IF NOT EXISTS pg_trgm';
    EXECUTE 'CREATE INDEX IF NOT EXISTS campaigns_name_trgm_idx ON campaigns USING gin (name gin_trgm_ops)';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm is not available to this role: campaign name search scans';
END $$;
