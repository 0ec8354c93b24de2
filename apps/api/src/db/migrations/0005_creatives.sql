CREATE TABLE "creative_dsp_assoc" (
	"creative_id" bigint NOT NULL,
	"dsp_name" text NOT NULL,
	"creative_associate_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creative_dsp_assoc_creative_id_dsp_name_pk" PRIMARY KEY("creative_id","dsp_name")
);
--> statement-breakpoint
CREATE TABLE "creative_exchanges" (
	"creative_id" bigint NOT NULL,
	"exchange_id" integer NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creative_exchanges_creative_id_exchange_id_pk" PRIMARY KEY("creative_id","exchange_id"),
	CONSTRAINT "creative_exchanges_state_check" CHECK ("creative_exchanges"."state" in ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "creative_exchanges_reason_check" CHECK ("creative_exchanges"."state" <> 'REJECTED' or ("creative_exchanges"."reason" is not null and "creative_exchanges"."reason" <> ''))
);
--> statement-breakpoint
CREATE TABLE "creative_media" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "creative_media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"url" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"original_name" text NOT NULL,
	"uploaded_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creative_media_url_unique" UNIQUE("url"),
	CONSTRAINT "creative_media_kind_check" CHECK ("creative_media"."kind" in ('image', 'video', 'icon', 'main'))
);
--> statement-breakpoint
CREATE TABLE "creatives" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "creatives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"name" text NOT NULL,
	"creative_type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"size" text,
	"click_url" text,
	"pixel_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"impression_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"media" jsonb,
	"video_section" jsonb,
	"native_assets" jsonb,
	"html_tag" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creatives_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "creatives_type_check" CHECK ("creatives"."creative_type" in ('image', 'native', 'video', 'html')),
	CONSTRAINT "creatives_status_check" CHECK ("creatives"."status" in ('PENDING', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "creative_dsp_assoc" ADD CONSTRAINT "creative_dsp_assoc_creative_id_creatives_id_fk" FOREIGN KEY ("creative_id") REFERENCES "public"."creatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_exchanges" ADD CONSTRAINT "creative_exchanges_creative_id_creatives_id_fk" FOREIGN KEY ("creative_id") REFERENCES "public"."creatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_exchanges" ADD CONSTRAINT "creative_exchanges_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_exchanges" ADD CONSTRAINT "creative_exchanges_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_media" ADD CONSTRAINT "creative_media_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creative_dsp_assoc_upstream_key" ON "creative_dsp_assoc" USING btree ("dsp_name","creative_associate_id");--> statement-breakpoint
CREATE INDEX "creative_exchanges_state_idx" ON "creative_exchanges" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "creative_exchanges_exchange_idx" ON "creative_exchanges" USING btree ("exchange_id","state");--> statement-breakpoint
CREATE INDEX "creative_media_uploader_idx" ON "creative_media" USING btree ("uploaded_by","created_at");--> statement-breakpoint
CREATE INDEX "creatives_advertiser_created_idx" ON "creatives" USING btree ("advertiser_id","created_at","id");--> statement-breakpoint
CREATE INDEX "creatives_created_idx" ON "creatives" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "creatives_status_created_idx" ON "creatives" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "creatives_name_idx" ON "creatives" USING btree (lower("name"),"id");