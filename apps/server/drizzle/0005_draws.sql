CREATE TABLE "draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" smallint NOT NULL,
	"draw_date" date NOT NULL,
	"is_special" boolean DEFAULT false NOT NULL,
	"record_status" smallint DEFAULT 1 NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "pool_cutoffs" (
	"pool_id" smallint PRIMARY KEY NOT NULL,
	"cutoff_hour" smallint NOT NULL,
	"cutoff_minute" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_cutoffs" ADD CONSTRAINT "pool_cutoffs_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draws_pool_date_key" ON "draws" USING btree ("pool_id","draw_date");--> statement-breakpoint
CREATE INDEX "draws_date_idx" ON "draws" USING btree ("draw_date");