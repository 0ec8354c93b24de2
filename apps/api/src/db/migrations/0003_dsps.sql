CREATE TABLE "dsps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dsps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" text NOT NULL,
	"endpoint_url" text NOT NULL,
	"credentials_sealed" text NOT NULL,
	"credentials_hint" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"exchanges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"qps_limit" integer DEFAULT 1000 NOT NULL,
	"last_test_at" timestamp with time zone,
	"last_test_ok" boolean,
	"last_test_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dsps_name_unique" UNIQUE("name")
);
