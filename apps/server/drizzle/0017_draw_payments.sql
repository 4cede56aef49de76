CREATE TABLE "draw_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"draw_date" date NOT NULL,
	"downline_id" integer NOT NULL,
	"upline_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"remark" text,
	"reference" text,
	"reverses_id" integer,
	"transaction_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by" integer NOT NULL,
	CONSTRAINT "draw_payments_amount" CHECK ("draw_payments"."amount" <> 0)
);
--> statement-breakpoint
CREATE INDEX "draw_payments_downline_idx" ON "draw_payments" USING btree ("downline_id","draw_date");--> statement-breakpoint
CREATE INDEX "draw_payments_upline_idx" ON "draw_payments" USING btree ("upline_id","draw_date");