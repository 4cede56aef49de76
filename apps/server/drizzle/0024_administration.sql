CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"title_cn" text,
	"message_cn" text,
	"title_bm" text,
	"message_bm" text,
	"all_companies" boolean DEFAULT true NOT NULL,
	"record_status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "announcement_targets" (
	"announcement_id" integer NOT NULL REFERENCES "announcements"("id") ON DELETE CASCADE,
	"company_id" integer NOT NULL,
	CONSTRAINT "announcement_targets_pk" PRIMARY KEY ("announcement_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "announcement_reads" (
	"announcement_id" integer NOT NULL REFERENCES "announcements"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announcement_reads_pk" PRIMARY KEY ("user_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rate" numeric(18, 6) DEFAULT '1' NOT NULL,
	"fake_rate" numeric(18, 6) DEFAULT '1' NOT NULL,
	"record_status" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "currencies_rates" CHECK ("currencies"."rate" > 0 AND "currencies"."fake_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "api_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" integer,
	"region" text,
	"uri" text NOT NULL,
	"method" text NOT NULL,
	"request_header" jsonb,
	"request_body" text,
	"response_status" integer,
	"response_content" text,
	"response_message" text,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "api_logs_direction" CHECK ("api_logs"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE INDEX "api_logs_direction_at_idx" ON "api_logs" USING btree ("direction","at");
--> statement-breakpoint
INSERT INTO "currencies" ("code", "name", "rate", "fake_rate") VALUES
	('MYR', 'Malaysian Ringgit', 1, 1),
	('SGD', 'Singapore Dollar', 0.3, 0.3),
	('THB', 'Thai Baht', 7.5, 7.5),
	('IDR', 'Indonesian Rupiah', 3500, 3500),
	('VND', 'Vietnamese Dong', 5500, 5500),
	('USD', 'US Dollar', 0.22, 0.22)
ON CONFLICT DO NOTHING;
