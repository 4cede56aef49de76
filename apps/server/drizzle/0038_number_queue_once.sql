-- A number is blocked once per account, pool, draw date and code while it stays blocked (decision 0062):
-- two batches that reach one limit side by side each ask to block it, and the second leaves the first's
-- row as it is. Duplicates blocked before are folded into the oldest.
DELETE FROM number_queue a USING number_queue b
  WHERE a.status = 0 AND b.status = 0 AND a.id > b.id AND a.owner_user_id = b.owner_user_id AND a.pool_id = b.pool_id
    AND a.draw_date = b.draw_date AND a.number = b.number AND a.bet_code = b.bet_code;
--> statement-breakpoint
CREATE UNIQUE INDEX number_queue_active_key ON number_queue (owner_user_id, pool_id, draw_date, number, bet_code) WHERE status = 0;
