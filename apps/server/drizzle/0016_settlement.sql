CREATE TABLE "draw_settlements" (
	"draw_id" integer PRIMARY KEY NOT NULL,
	"draw_date" date NOT NULL,
	"pool_id" smallint NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"result_version" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"winners_at" timestamp with time zone,
	"distributed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_chains" (
	"id" serial PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"package_type" smallint NOT NULL,
	"user_ids" integer[] NOT NULL,
	"sheet_ids" integer[] NOT NULL,
	CONSTRAINT "rate_chains_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
CREATE TABLE "rate_sheet_rows" (
	"sheet_id" integer NOT NULL,
	"code" text NOT NULL,
	"pool_id" smallint,
	"commission_bp" integer NOT NULL,
	"first" bigint DEFAULT 0 NOT NULL,
	"second" bigint DEFAULT 0 NOT NULL,
	"third" bigint DEFAULT 0 NOT NULL,
	"fourth" bigint DEFAULT 0 NOT NULL,
	"fifth" bigint DEFAULT 0 NOT NULL,
	"sixth" bigint DEFAULT 0 NOT NULL,
	"starter" bigint DEFAULT 0 NOT NULL,
	"consolation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"ibox_rounding" text DEFAULT 'exact' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_sheets_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
CREATE TABLE "report_blocks" (
	"draw_date" date PRIMARY KEY NOT NULL,
	"blocked" boolean NOT NULL,
	"by" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_bookings" (
	"draw_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"round" integer NOT NULL,
	"step" text NOT NULL,
	"transaction_id" bigint,
	"at" timestamp with time zone NOT NULL,
	"by" integer,
	CONSTRAINT "settlement_bookings_draw_id_company_id_round_step_pk" PRIMARY KEY("draw_id","company_id","round","step"),
	CONSTRAINT "settlement_bookings_step" CHECK ("settlement_bookings"."step" in ('distribute', 'release', 'reverse-distribute', 'reverse-release'))
);
--> statement-breakpoint
CREATE TABLE "settlement_figures" (
	"draw_id" integer NOT NULL,
	"round" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bet_code" text NOT NULL,
	"lines" integer NOT NULL,
	"turnover" bigint NOT NULL,
	"pass" bigint NOT NULL,
	"eaten" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"winnings" bigint NOT NULL,
	"link" bigint NOT NULL,
	"link_below" bigint NOT NULL,
	CONSTRAINT "settlement_figures_draw_id_round_user_id_bet_code_pk" PRIMARY KEY("draw_id","round","user_id","bet_code")
);
--> statement-breakpoint
CREATE TABLE "winners" (
	"draw_id" integer NOT NULL,
	"round" integer NOT NULL,
	"bet_line_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"n_first" smallint DEFAULT 0 NOT NULL,
	"n_second" smallint DEFAULT 0 NOT NULL,
	"n_third" smallint DEFAULT 0 NOT NULL,
	"n_fourth" smallint DEFAULT 0 NOT NULL,
	"n_fifth" smallint DEFAULT 0 NOT NULL,
	"n_sixth" smallint DEFAULT 0 NOT NULL,
	"n_starter" smallint DEFAULT 0 NOT NULL,
	"n_consolation" smallint DEFAULT 0 NOT NULL,
	"factor_num" bigint DEFAULT 1 NOT NULL,
	"factor_den" bigint DEFAULT 1 NOT NULL,
	"player_winnings" bigint,
	CONSTRAINT "winners_draw_id_round_bet_line_id_pk" PRIMARY KEY("draw_id","round","bet_line_id")
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rate_chain_normal" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rate_chain_gd" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_sheet_rows_key" ON "rate_sheet_rows" USING btree ("sheet_id","code",coalesce("pool_id", 0));--> statement-breakpoint
CREATE INDEX "settlement_figures_user_idx" ON "settlement_figures" USING btree ("user_id","draw_id");--> statement-breakpoint
CREATE INDEX "winners_ticket_idx" ON "winners" USING btree ("ticket_id");