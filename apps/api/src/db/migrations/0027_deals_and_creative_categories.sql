CREATE TABLE "deals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"exchange_id" integer NOT NULL,
	"deal_id" text NOT NULL,
	"name" text NOT NULL,
	"floor_micros" bigint DEFAULT 0 NOT NULL,
	"seats" text[] DEFAULT '{}'::text[] NOT NULL,
	"advertiser_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_floor_check" CHECK ("deals"."floor_micros" >= 0)
);
--> statement-breakpoint
ALTER TABLE "creatives" ADD COLUMN "adomain" text;--> statement-breakpoint
ALTER TABLE "creatives" ADD COLUMN "iab_categories" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deals_exchange_deal_key" ON "deals" USING btree ("exchange_id","deal_id");