-- Summaries of what settlement booked (issue 12 item 12, decision 0039): the stakeholder, payout, payout
-- statistic and winning reports read these instead of every figure or strike of a subtree. Written by the
-- distribution that books the money (settlement/service distributeCompany, reports/settledSummaries.ts),
-- rebuilt by the admin tool's resync; backfilled here from the same sources by the same SQL.
ALTER TABLE "winners" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "winners" ADD COLUMN "bet_code" text;--> statement-breakpoint
ALTER TABLE "winners" ADD COLUMN "stake" bigint;--> statement-breakpoint
UPDATE "winners" w SET "number" = l.number, "bet_code" = l.bet_code, "stake" = l.stake FROM "bet_lines" l WHERE l.id = w.bet_line_id;--> statement-breakpoint
CREATE INDEX "winners_draw_number_idx" ON "winners" USING btree ("draw_id","round","number","ticket_id","bet_line_id");--> statement-breakpoint
CREATE INDEX "winners_user_draw_idx" ON "winners" USING btree ("user_id","draw_id");--> statement-breakpoint
CREATE TABLE "stakeholder_summary" (
	"draw_id" integer NOT NULL,
	"round" integer NOT NULL,
	"draw_date" date NOT NULL,
	"pool_id" smallint NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bet_code" text NOT NULL,
	"turnover" bigint NOT NULL,
	"eaten" bigint NOT NULL,
	"pass" bigint NOT NULL,
	"link" bigint NOT NULL,
	"link_below" bigint NOT NULL,
	CONSTRAINT "stakeholder_summary_draw_id_round_user_id_bet_code_pk" PRIMARY KEY("draw_id","round","user_id","bet_code")
);
--> statement-breakpoint
CREATE TABLE "winning_summary" (
	"draw_id" integer NOT NULL,
	"round" integer NOT NULL,
	"draw_date" date NOT NULL,
	"pool_id" smallint NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"number" text NOT NULL,
	"bet_code" text NOT NULL,
	"prize" text NOT NULL,
	"lines" integer NOT NULL,
	"bettors" integer NOT NULL,
	"stake" bigint NOT NULL,
	"winnings" bigint NOT NULL,
	CONSTRAINT "winning_summary_draw_id_round_user_id_company_id_number_bet_code_prize_pk" PRIMARY KEY("draw_id","round","user_id","company_id","number","bet_code","prize")
);
--> statement-breakpoint
CREATE INDEX "stakeholder_summary_user_date_idx" ON "stakeholder_summary" USING btree ("user_id","draw_date");--> statement-breakpoint
-- Covering: a company's accounts over a range are read from the index alone (index-only scan), not from
-- the heap pages its rows are spread over.
CREATE INDEX "stakeholder_summary_company_date_idx" ON "stakeholder_summary" USING btree ("company_id","bet_code","draw_date") INCLUDE ("user_id","draw_id","round","turnover","eaten","link","link_below");--> statement-breakpoint
CREATE INDEX "winning_summary_user_date_idx" ON "winning_summary" USING btree ("user_id","draw_date");--> statement-breakpoint
-- Backfill: every distributed booking's figures and strikes (reports/settledSummaries.ts, same shape).
INSERT INTO stakeholder_summary (draw_id, round, draw_date, pool_id, company_id, user_id, bet_code, turnover, eaten, pass, link, link_below)
SELECT f.draw_id, f.round, d.draw_date, d.pool_id, f.company_id, f.user_id, coalesce(f.bet_code, ''),
       sum(f.turnover), sum(f.eaten), sum(f.pass), sum(f.link), sum(f.link_below)
FROM settlement_figures f JOIN draws d ON d.id = f.draw_id
WHERE EXISTS (SELECT 1 FROM settlement_bookings b WHERE b.draw_id = f.draw_id AND b.round = f.round AND b.company_id = f.company_id AND b.step = 'distribute')
GROUP BY GROUPING SETS ((f.draw_id, f.round, d.draw_date, d.pool_id, f.company_id, f.user_id, f.bet_code), (f.draw_id, f.round, d.draw_date, d.pool_id, f.company_id, f.user_id));
--> statement-breakpoint
INSERT INTO winning_summary (draw_id, round, draw_date, pool_id, company_id, user_id, number, bet_code, prize, lines, bettors, stake, winnings)
SELECT w.draw_id, w.round, d.draw_date, d.pool_id, coalesce(w.company_id, 0), a.uid::int, w.number, w.bet_code,
       CASE WHEN w.n_first > 0 THEN 'first' WHEN w.n_second > 0 THEN 'second' WHEN w.n_third > 0 THEN 'third' WHEN w.n_fourth > 0 THEN 'fourth'
            WHEN w.n_fifth > 0 THEN 'fifth' WHEN w.n_sixth > 0 THEN 'sixth' WHEN w.n_starter > 0 THEN 'starter' WHEN w.n_consolation > 0 THEN 'consolation' END,
       count(*), count(DISTINCT w.user_id), sum(w.stake), sum(coalesce(w.player_winnings, 0))
FROM winners w JOIN draws d ON d.id = w.draw_id JOIN users u ON u.id = w.user_id
CROSS JOIN LATERAL unnest(string_to_array(trim(both '/' from u.path), '/')) AS a(uid)
WHERE EXISTS (SELECT 1 FROM settlement_bookings b WHERE b.draw_id = w.draw_id AND b.round = w.round AND b.company_id = coalesce(w.company_id, 0) AND b.step = 'distribute')
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
