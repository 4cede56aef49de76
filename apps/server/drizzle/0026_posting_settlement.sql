ALTER TABLE "remote_invoices" ADD COLUMN "rates" jsonb;--> statement-breakpoint
UPDATE "remote_invoices" ri SET "rates" = ra."rates" FROM "remote_agents" ra WHERE ra."id" = ri."remote_agent_id";--> statement-breakpoint
ALTER TABLE "remote_invoices" ALTER COLUMN "rates" SET NOT NULL;--> statement-breakpoint
CREATE TABLE "posting_links" (
	"draw_id" integer NOT NULL,
	"round" integer NOT NULL,
	"company_id" integer NOT NULL,
	"remote_agent_id" integer NOT NULL,
	"invoice_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"draw_date" date NOT NULL,
	"pool_id" smallint NOT NULL,
	"number" text NOT NULL,
	"bet_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"winnings" bigint NOT NULL,
	"link" bigint NOT NULL,
	CONSTRAINT "posting_links_draw_id_round_invoice_id_line_no_pk" PRIMARY KEY("draw_id","round","invoice_id","line_no")
);--> statement-breakpoint
CREATE INDEX "posting_links_company_idx" ON "posting_links" USING btree ("company_id","draw_date");
