-- Automatic posting (issue 13 item 8; decision 0032): the job posts and distributes by itself, so a batch
-- and an invoice may have no person behind them (null: the job); a remote agent may say how long after the
-- house cutoff of a draw it still takes bets; the job's look for unposted lines each minute reads a partial
-- index holding only the lines still to be posted.
ALTER TABLE "posting_batches" ALTER COLUMN "posted_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_invoices" ALTER COLUMN "created_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_agents" ADD COLUMN "cutoff_minutes" integer;--> statement-breakpoint
ALTER TABLE "remote_agents" ADD CONSTRAINT "remote_agents_cutoff" CHECK ("remote_agents"."cutoff_minutes" is null or "remote_agents"."cutoff_minutes" between 0 and 1440);--> statement-breakpoint
CREATE INDEX "bet_lines_unposted_idx" ON "bet_lines" USING btree ("draw_id","company_id") WHERE "bet_lines"."unposted" > 0 and "bet_lines"."posting_batch_id" is null and "bet_lines"."status" = 1;
