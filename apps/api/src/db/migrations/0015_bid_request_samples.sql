CREATE TABLE "bid_request_samples" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bid_request_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"hour" integer NOT NULL,
	"exchange_id" integer NOT NULL,
	"user_hash" text DEFAULT '' NOT NULL,
	"facts" jsonb NOT NULL,
	"imps" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bid_request_samples_day_idx" ON "bid_request_samples" USING btree ("day","id");