ALTER TABLE "bet_lines" DROP CONSTRAINT "bet_lines_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "bet_lines" DROP CONSTRAINT "bet_lines_draw_id_draws_id_fk";
--> statement-breakpoint
ALTER TABLE "eat_shares" DROP CONSTRAINT "eat_shares_bet_line_id_bet_lines_id_fk";
