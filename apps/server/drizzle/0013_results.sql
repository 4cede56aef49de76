CREATE TABLE "pool_results" (
	"draw_id" integer PRIMARY KEY NOT NULL,
	"pool_id" smallint NOT NULL,
	"draw_date" date NOT NULL,
	"numbers" jsonb NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"entered_by" integer,
	"changed_by" integer,
	"changed_at" timestamp with time zone NOT NULL,
	"released_by" integer,
	"released_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "pool_results_status" CHECK ("pool_results"."status" in ('entered', 'fetched', 'released'))
);
--> statement-breakpoint
CREATE TABLE "result_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"draw_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"numbers" jsonb,
	"source" text,
	"note" text
);
--> statement-breakpoint
CREATE INDEX "pool_results_date_idx" ON "pool_results" USING btree ("draw_date");--> statement-breakpoint
CREATE INDEX "result_history_draw_idx" ON "result_history" USING btree ("draw_id","at");--> statement-breakpoint
-- A result's history is its record of who entered, changed, fetched and released what: append-only.
CREATE TRIGGER result_history_append_only BEFORE UPDATE OR DELETE ON result_history
  FOR EACH ROW EXECUTE FUNCTION refuse_change();--> statement-breakpoint
CREATE TRIGGER result_history_no_truncate BEFORE TRUNCATE ON result_history
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
