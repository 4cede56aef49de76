CREATE TABLE "pool_weekday_cutoffs" (
	"pool_id" smallint NOT NULL,
	"weekday" smallint NOT NULL,
	"cutoff_hour" smallint NOT NULL,
	"cutoff_minute" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "pool_weekday_cutoffs_pool_id_weekday_pk" PRIMARY KEY("pool_id","weekday"),
	CONSTRAINT "pool_weekday_cutoffs_time" CHECK ("pool_weekday_cutoffs"."weekday" between 0 and 6 and "pool_weekday_cutoffs"."cutoff_hour" between 0 and 23 and "pool_weekday_cutoffs"."cutoff_minute" between 0 and 59)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bet_code_order" text DEFAULT 'B#S#4A#A#C' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_pools" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "own_cutoff_hour" smallint;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "own_cutoff_minute" smallint;--> statement-breakpoint
ALTER TABLE "pool_weekday_cutoffs" ADD CONSTRAINT "pool_weekday_cutoffs_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_own_cutoff" CHECK (("draws"."own_cutoff_hour" is null and "draws"."own_cutoff_minute" is null) or ("draws"."own_cutoff_hour" between 0 and 23 and "draws"."own_cutoff_minute" between 0 and 59));