DROP INDEX "users_path_idx";--> statement-breakpoint
CREATE INDEX "users_path_idx" ON "users" USING btree ("path" collate "C");