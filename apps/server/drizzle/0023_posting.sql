CREATE TABLE "posting_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"draw_id" integer NOT NULL,
	"pool_id" smallint NOT NULL,
	"draw_date" date NOT NULL,
	"posted_by" integer NOT NULL,
	"posted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posting_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" bigint NOT NULL,
	"number" text NOT NULL,
	"bet_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"from_runs" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "posting_items_amount" CHECK ("posting_items"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "posting_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"remote_agent_id" integer NOT NULL,
	"draw_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"client_opcode" text NOT NULL,
	"secret_enc" text NOT NULL,
	"code_order" text DEFAULT 'B#S#4A#A#C' NOT NULL,
	"priority" integer NOT NULL,
	"post_enabled" boolean DEFAULT true NOT NULL,
	"cap_per_number" bigint,
	"rates" jsonb NOT NULL,
	"timeout_ms" integer DEFAULT 10000 NOT NULL,
	"record_status" smallint DEFAULT 1 NOT NULL,
	"last_answered_at" timestamp with time zone,
	"last_error" text,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "remote_agents_cap" CHECK ("remote_agents"."cap_per_number" is null or "remote_agents"."cap_per_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "remote_invoice_lines" (
	"invoice_id" bigint NOT NULL,
	"item_id" bigint,
	"line_no" integer NOT NULL,
	"number" text NOT NULL,
	"bet_code" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "remote_invoice_lines_invoice_id_line_no_pk" PRIMARY KEY("invoice_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "remote_invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"batch_id" bigint,
	"remote_agent_id" integer NOT NULL,
	"draw_id" integer NOT NULL,
	"pool_id" smallint NOT NULL,
	"draw_date" date NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" smallint NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"bet_text" text NOT NULL,
	"total" bigint NOT NULL,
	"remote_ticket_id" bigint,
	"remote_ticket_no" text,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"payout_remote" bigint,
	"payout_expected" bigint,
	"payout_checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "run_tickets" ADD COLUMN "posted_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_lines" ADD COLUMN "posting_batch_id" bigint;--> statement-breakpoint
CREATE INDEX "posting_batches_company_idx" ON "posting_batches" USING btree ("company_id","draw_date");--> statement-breakpoint
CREATE UNIQUE INDEX "posting_items_key" ON "posting_items" USING btree ("batch_id","number","bet_code");--> statement-breakpoint
CREATE UNIQUE INDEX "posting_payments_key" ON "posting_payments" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_agents_name" ON "remote_agents" USING btree ("name");--> statement-breakpoint
CREATE INDEX "remote_invoice_lines_item_idx" ON "remote_invoice_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_invoices_key" ON "remote_invoices" USING btree ("remote_agent_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "remote_invoices_company_idx" ON "remote_invoices" USING btree ("company_id","draw_date");