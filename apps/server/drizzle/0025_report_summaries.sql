CREATE TABLE "sales_summary" (
	"draw_id" integer NOT NULL,
	"pool_id" smallint NOT NULL,
	"draw_date" date NOT NULL,
	"user_id" integer NOT NULL,
	"via_user_id" integer NOT NULL,
	"bet_code" text NOT NULL,
	"tickets" integer NOT NULL,
	"lines" integer NOT NULL,
	"turnover" bigint NOT NULL,
	"commission" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "map_summary" (
	"draw_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"number" text NOT NULL,
	"bet_code" text NOT NULL,
	"stake" bigint NOT NULL,
	"eaten" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_summary_user_date_idx" ON "sales_summary" USING btree ("user_id","draw_date");--> statement-breakpoint
CREATE INDEX "sales_summary_draw_idx" ON "sales_summary" USING btree ("draw_id");--> statement-breakpoint
CREATE INDEX "map_summary_draw_user_idx" ON "map_summary" USING btree ("draw_id","user_id","number");
--> statement-breakpoint
-- Backfill from the active lines (the same sums placement appends: reports/summaries.ts), one row per key.
WITH sm_lines AS (
  SELECT l.id, l.ticket_id, l.draw_id, l.pool_id, l.draw_date, l.user_id, l.number, l.bet_code, l.stake, l.commission
  FROM bet_lines l JOIN tickets t ON t.id = l.ticket_id AND t.status = 1 WHERE l.status = 1
),
sm_chain AS (
  SELECT u.id AS owner, a.uid::int AS uid, coalesce(p.ids[a.n::int + 1], '0')::int AS via
  FROM users u
  CROSS JOIN LATERAL (SELECT string_to_array(trim(both '/' from u.path), '/') AS ids) p
  CROSS JOIN LATERAL unnest(p.ids) WITH ORDINALITY AS a(uid, n)
  WHERE u.id IN (SELECT DISTINCT user_id FROM sm_lines)
),
sm_sales AS (
  INSERT INTO sales_summary (draw_id, pool_id, draw_date, user_id, via_user_id, bet_code, tickets, lines, turnover, commission)
  SELECT x.draw_id, x.pool_id, x.draw_date, c.uid, c.via, coalesce(x.bet_code, ''), count(DISTINCT x.ticket_id), count(*), sum(x.stake), sum(x.commission)
  FROM sm_lines x JOIN sm_chain c ON c.owner = x.user_id
  GROUP BY GROUPING SETS ((x.draw_id, x.pool_id, x.draw_date, c.uid, c.via, x.bet_code), (x.draw_id, x.pool_id, x.draw_date, c.uid, c.via))
)
INSERT INTO map_summary (draw_id, user_id, number, bet_code, stake, eaten)
SELECT x.draw_id, c.uid, x.number, x.bet_code, sum(x.stake), coalesce(sum(e.amount), 0)
FROM sm_lines x JOIN sm_chain c ON c.owner = x.user_id
LEFT JOIN eat_shares e ON e.bet_line_id = x.id AND e.user_id = c.uid
WHERE c.uid <> x.user_id
GROUP BY x.draw_id, c.uid, x.number, x.bet_code;
