CREATE TABLE "auto_ticket_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"auto_ticket_id" integer NOT NULL,
	"draw_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 1 NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"ticket_id" bigint,
	"ticket_no" text,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "auto_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"created_by" integer NOT NULL,
	"text" text NOT NULL,
	"lines" jsonb NOT NULL,
	"pools" smallint[] NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"draw_count" integer,
	"page_info" text,
	"customer_phone" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	"voided_at" timestamp with time zone,
	"voided_by" integer
);
--> statement-breakpoint
CREATE TABLE "resend_order_limits" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"max_resends" smallint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"user_id" integer NOT NULL,
	"ticket_id" bigint,
	"kind" text NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer NOT NULL,
	"acting_user_id" integer NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "auto_ticket_runs" ADD CONSTRAINT "auto_ticket_runs_auto_ticket_id_auto_tickets_id_fk" FOREIGN KEY ("auto_ticket_id") REFERENCES "public"."auto_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_tickets" ADD CONSTRAINT "auto_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resend_order_limits" ADD CONSTRAINT "resend_order_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_ticket_runs_claim_key" ON "auto_ticket_runs" USING btree ("auto_ticket_id","draw_date");--> statement-breakpoint
CREATE INDEX "auto_tickets_user_idx" ON "auto_tickets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "auto_tickets_active_idx" ON "auto_tickets" USING btree ("id") WHERE "auto_tickets"."status" = 'active';--> statement-breakpoint
CREATE INDEX "sms_outbox_status_idx" ON "sms_outbox" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "sms_outbox_ticket_idx" ON "sms_outbox" USING btree ("ticket_id");