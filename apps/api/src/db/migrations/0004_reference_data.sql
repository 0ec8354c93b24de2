CREATE TABLE "exchanges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchanges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchanges_status_check" CHECK ("exchanges"."status" in ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "smart_app_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "smart_app_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"level" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_app_categories_level_check" CHECK ("smart_app_categories"."level" in ('category', 'genre', 'subgenre')),
	CONSTRAINT "smart_app_categories_parent_check" CHECK (("smart_app_categories"."level" = 'category') = ("smart_app_categories"."parent_id" is null))
);
--> statement-breakpoint
CREATE TABLE "user_supported_exchanges" (
	"user_id" bigint NOT NULL,
	"exchange_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_supported_exchanges_user_id_exchange_id_pk" PRIMARY KEY("user_id","exchange_id")
);
--> statement-breakpoint
ALTER TABLE "smart_app_categories" ADD CONSTRAINT "smart_app_categories_parent_id_smart_app_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."smart_app_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_supported_exchanges" ADD CONSTRAINT "user_supported_exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_supported_exchanges" ADD CONSTRAINT "user_supported_exchanges_exchange_id_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchanges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchanges_name_key" ON "exchanges" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "exchanges_key_key" ON "exchanges" USING btree (lower("key"));--> statement-breakpoint
CREATE UNIQUE INDEX "smart_app_categories_sibling_name_key" ON "smart_app_categories" USING btree (coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "smart_app_categories_parent_idx" ON "smart_app_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "user_supported_exchanges_exchange_idx" ON "user_supported_exchanges" USING btree ("exchange_id");