CREATE TABLE "prize_claims" (
	"draw_id" integer NOT NULL,
	"round" integer NOT NULL,
	"ticket_id" bigint NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"reversal_transaction_id" bigint,
	"at" timestamp with time zone NOT NULL,
	"by" integer,
	CONSTRAINT "prize_claims_draw_id_round_ticket_id_pk" PRIMARY KEY("draw_id","round","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "seamless_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"callback_url" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "seamless_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"ticket_id" bigint NOT NULL,
	"draw_id" integer NOT NULL,
	"round" integer NOT NULL,
	"resend" integer DEFAULT 0 NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	CONSTRAINT "seamless_deliveries_status" CHECK ("seamless_deliveries"."status" in ('pending', 'delivered', 'failing'))
);
--> statement-breakpoint
CREATE INDEX "prize_claims_ticket_idx" ON "prize_claims" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_deliveries_key" ON "seamless_deliveries" USING btree ("account_id","ticket_id","draw_id","round","resend");--> statement-breakpoint
CREATE INDEX "seamless_deliveries_due_idx" ON "seamless_deliveries" USING btree ("next_attempt_at") WHERE status <> 'delivered';--> statement-breakpoint
CREATE INDEX "seamless_deliveries_ticket_idx" ON "seamless_deliveries" USING btree ("ticket_id");