CREATE TABLE "admin_job_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"trigger" text NOT NULL,
	"by_user_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detail" jsonb,
	CONSTRAINT "admin_job_runs_status" CHECK ("admin_job_runs"."status" in ('running', 'done', 'failed')),
	CONSTRAINT "admin_job_runs_trigger" CHECK ("admin_job_runs"."trigger" in ('manual', 'schedule'))
);
--> statement-breakpoint
CREATE INDEX "admin_job_runs_started_idx" ON "admin_job_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "admin_job_runs_job_idx" ON "admin_job_runs" USING btree ("job","started_at");
