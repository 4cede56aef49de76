ALTER TABLE "permission_roles" ADD COLUMN "seed_key" text;--> statement-breakpoint
ALTER TABLE "master_templates" ADD COLUMN "seed_key" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "seed_key" text;