CREATE SEQUENCE "public"."ticket_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bet_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" bigint NOT NULL,
	"company_id" integer,
	"user_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"draw_id" integer NOT NULL,
	"pool_id" smallint NOT NULL,
	"draw_date" date NOT NULL,
	"written_number" text NOT NULL,
	"number" text NOT NULL,
	"bet_type" smallint NOT NULL,
	"bet_code" text NOT NULL,
	"stake" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"unposted" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eat_shares" (
	"bet_line_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"draw_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "eat_shares_bet_line_id_user_id_pk" PRIMARY KEY("bet_line_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "eaten_totals" (
	"user_id" integer NOT NULL,
	"draw_id" integer NOT NULL,
	"key" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "eaten_totals_user_id_draw_id_key_pk" PRIMARY KEY("user_id","draw_id","key")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_no" text DEFAULT 'T' || lpad(nextval('ticket_no_seq')::text, 10, '0') NOT NULL,
	"xid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"placed_by" integer NOT NULL,
	"company_id" integer,
	"source_type" smallint NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"inbox_string" text,
	"receipt_string" text NOT NULL,
	"page_info" text,
	"customer_phone" text,
	"gross" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"net" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"transaction_id" bigint NOT NULL,
	"void_transaction_id" bigint,
	CONSTRAINT "tickets_ticket_no_unique" UNIQUE("ticket_no"),
	CONSTRAINT "tickets_xid_unique" UNIQUE("xid")
);
--> statement-breakpoint
ALTER TABLE "bet_lines" ADD CONSTRAINT "bet_lines_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_lines" ADD CONSTRAINT "bet_lines_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eat_shares" ADD CONSTRAINT "eat_shares_bet_line_id_bet_lines_id_fk" FOREIGN KEY ("bet_line_id") REFERENCES "public"."bet_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_lines_ticket_idx" ON "bet_lines" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "bet_lines_draw_number_idx" ON "bet_lines" USING btree ("draw_id","number");--> statement-breakpoint
CREATE INDEX "eat_shares_user_draw_idx" ON "eat_shares" USING btree ("user_id","draw_id");--> statement-breakpoint
CREATE INDEX "tickets_user_idx" ON "tickets" USING btree ("user_id","ordered_at");--> statement-breakpoint
CREATE INDEX "tickets_company_idx" ON "tickets" USING btree ("company_id","ordered_at");