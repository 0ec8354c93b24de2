CREATE TABLE "applist_dsp_assoc" (
	"applist_id" bigint NOT NULL,
	"dsp_name" text NOT NULL,
	"associate_applist_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applist_dsp_assoc_applist_id_dsp_name_pk" PRIMARY KEY("applist_id","dsp_name")
);
--> statement-breakpoint
CREATE TABLE "applist_entries" (
	"applist_id" bigint NOT NULL,
	"value" text collate "C" NOT NULL,
	CONSTRAINT "applist_entries_applist_id_value_pk" PRIMARY KEY("applist_id","value")
);
--> statement-breakpoint
CREATE TABLE "audience_members" (
	"audience_id" bigint NOT NULL,
	"value" text collate "C" NOT NULL,
	CONSTRAINT "audience_members_audience_id_value_pk" PRIMARY KEY("audience_id","value")
);
--> statement-breakpoint
CREATE TABLE "campaign_smart_app_lists" (
	"campaign_id" bigint NOT NULL,
	"list_id" bigint NOT NULL,
	CONSTRAINT "campaign_smart_app_lists_campaign_id_list_id_pk" PRIMARY KEY("campaign_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "list_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "list_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"owner_id" bigint NOT NULL,
	"applist_id" bigint,
	"audience_id" bigint,
	"payload" jsonb NOT NULL,
	"spool_path" text,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"actor_user_id" bigint,
	"effective_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "list_imports_kind_check" CHECK ("list_imports"."kind" in ('APPLIST_IMPORT', 'AUDIENCE_IMPORT', 'AUDIENCE_RULE')),
	CONSTRAINT "list_imports_status_check" CHECK ("list_imports"."status" in ('QUEUED', 'RUNNING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "smart_app_list_apps" (
	"list_id" bigint NOT NULL,
	"value" text collate "C" NOT NULL,
	CONSTRAINT "smart_app_list_apps_list_id_value_pk" PRIMARY KEY("list_id","value")
);
--> statement-breakpoint
CREATE TABLE "smart_app_lists" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "smart_app_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" integer NOT NULL,
	"genre_id" integer,
	"subgenre_id" integer,
	"app_count" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_app_lists_subgenre_check" CHECK ("smart_app_lists"."subgenre_id" is null or "smart_app_lists"."genre_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "applists" ADD COLUMN "kind" text DEFAULT 'APP' NOT NULL;--> statement-breakpoint
ALTER TABLE "applists" ADD COLUMN "default_mode" text DEFAULT 'BLOCK' NOT NULL;--> statement-breakpoint
ALTER TABLE "applists" ADD COLUMN "entry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applists" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "applists" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "source" text DEFAULT 'UPLOAD' NOT NULL;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "status" text DEFAULT 'READY' NOT NULL;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "rule" jsonb;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "matched_size" integer;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "device_id_count" integer;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "email_hash_count" integer;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "applist_dsp_assoc" ADD CONSTRAINT "applist_dsp_assoc_applist_id_applists_id_fk" FOREIGN KEY ("applist_id") REFERENCES "public"."applists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applist_entries" ADD CONSTRAINT "applist_entries_applist_id_applists_id_fk" FOREIGN KEY ("applist_id") REFERENCES "public"."applists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_members" ADD CONSTRAINT "audience_members_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_smart_app_lists" ADD CONSTRAINT "campaign_smart_app_lists_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_smart_app_lists" ADD CONSTRAINT "campaign_smart_app_lists_list_id_smart_app_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."smart_app_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_imports" ADD CONSTRAINT "list_imports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_imports" ADD CONSTRAINT "list_imports_applist_id_applists_id_fk" FOREIGN KEY ("applist_id") REFERENCES "public"."applists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_imports" ADD CONSTRAINT "list_imports_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_app_list_apps" ADD CONSTRAINT "smart_app_list_apps_list_id_smart_app_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."smart_app_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_app_lists" ADD CONSTRAINT "smart_app_lists_category_id_smart_app_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."smart_app_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_app_lists" ADD CONSTRAINT "smart_app_lists_genre_id_smart_app_categories_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."smart_app_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_app_lists" ADD CONSTRAINT "smart_app_lists_subgenre_id_smart_app_categories_id_fk" FOREIGN KEY ("subgenre_id") REFERENCES "public"."smart_app_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_app_lists" ADD CONSTRAINT "smart_app_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applist_dsp_assoc_upstream_key" ON "applist_dsp_assoc" USING btree ("dsp_name","associate_applist_id");--> statement-breakpoint
CREATE INDEX "campaign_smart_app_lists_list_idx" ON "campaign_smart_app_lists" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "list_imports_pending_idx" ON "list_imports" USING btree ("created_at","id") WHERE "list_imports"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "list_imports_applist_idx" ON "list_imports" USING btree ("applist_id");--> statement-breakpoint
CREATE INDEX "list_imports_audience_idx" ON "list_imports" USING btree ("audience_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_app_lists_name_key" ON "smart_app_lists" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "smart_app_lists_category_idx" ON "smart_app_lists" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "smart_app_lists_genre_idx" ON "smart_app_lists" USING btree ("genre_id");--> statement-breakpoint
CREATE INDEX "smart_app_lists_subgenre_idx" ON "smart_app_lists" USING btree ("subgenre_id");--> statement-breakpoint
ALTER TABLE "applists" ADD CONSTRAINT "applists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applists_owner_name_key" ON "applists" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "applists_created_idx" ON "applists" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "audiences_owner_name_key" ON "audiences" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "audiences_created_idx" ON "audiences" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "applists" ADD CONSTRAINT "applists_kind_check" CHECK ("applists"."kind" in ('APP', 'SITE'));--> statement-breakpoint
ALTER TABLE "applists" ADD CONSTRAINT "applists_default_mode_check" CHECK ("applists"."default_mode" in ('ALLOW', 'BLOCK'));--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_source_check" CHECK ("audiences"."source" in ('UPLOAD', 'RULE'));--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_status_check" CHECK ("audiences"."status" in ('PROCESSING', 'READY', 'FAILED', 'ARCHIVED'));--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_failure_check" CHECK ("audiences"."status" <> 'FAILED' or ("audiences"."failure_reason" is not null and "audiences"."failure_reason" <> ''));