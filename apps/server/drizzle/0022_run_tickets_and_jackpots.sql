CREATE TABLE "run_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"draw_id" integer NOT NULL,
	"pool_id" smallint NOT NULL,
	"draw_date" date NOT NULL,
	"user_id" integer NOT NULL,
	"number" text NOT NULL,
	"bet_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "run_tickets_amount" CHECK ("run_tickets"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "pool_results" ADD COLUMN "jackpots" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "run_tickets_key" ON "run_tickets" USING btree ("draw_id","user_id","number","bet_code");--> statement-breakpoint
CREATE INDEX "run_tickets_company_idx" ON "run_tickets" USING btree ("company_id","draw_date");