-- Pools as data (decision 0037): what the rules need of a pool is on its row, so a pool the super admin
-- adds works with no code change. The seeded eight keep their ids; their digit is their id.
ALTER TABLE "pools" ADD COLUMN "digit" text;--> statement-breakpoint
UPDATE "pools" SET "digit" = "id"::text;--> statement-breakpoint
ALTER TABLE "pools" ALTER COLUMN "digit" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_digit_unique" UNIQUE("digit");--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "package_type" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "pools" SET "package_type" = 2 WHERE "id" = 8;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "result_form" text DEFAULT '4D' NOT NULL;--> statement-breakpoint
UPDATE "pools" SET "result_form" = '4D+5D+6D' WHERE "id" = 3;--> statement-breakpoint
UPDATE "pools" SET "result_form" = '4D+6D' WHERE "id" = 8;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "draw_days" smallint[] DEFAULT '{0,3,6}'::smallint[] NOT NULL;--> statement-breakpoint
UPDATE "pools" SET "draw_days" = '{0,1,2,3,4,5,6}'::smallint[] WHERE "id" = 8;--> statement-breakpoint
CREATE UNIQUE INDEX "pools_name_unique" ON "pools" (lower("name"));
