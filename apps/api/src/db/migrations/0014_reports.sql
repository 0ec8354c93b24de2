CREATE TABLE "event_configs" (
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"event_name" text NOT NULL,
	"event_status" text DEFAULT 'ACTIVE' NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "event_configs_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "report_rows" (
	"report_id" bigint NOT NULL,
	"n" integer NOT NULL,
	"cells" jsonb NOT NULL,
	CONSTRAINT "report_rows_report_id_n_pk" PRIMARY KEY("report_id","n")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" bigint NOT NULL,
	"name" text NOT NULL,
	"report_type" text NOT NULL,
	"dimensions" jsonb NOT NULL,
	"metrics" jsonb NOT NULL,
	"event_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"date_from" text NOT NULL,
	"date_to" text NOT NULL,
	"schedule" text DEFAULT 'NONE' NOT NULL,
	"schedule_email" text,
	"last_mailed_at" timestamp with time zone,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"row_count" integer,
	"started_at" timestamp with time zone,
	"generated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_configs" ADD CONSTRAINT "event_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_rows" ADD CONSTRAINT "report_rows_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_configs_position" ON "event_configs" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "reports_owner_idx" ON "reports" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at");