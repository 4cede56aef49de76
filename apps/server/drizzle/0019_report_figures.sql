ALTER TABLE "settlement_figures" DROP CONSTRAINT "settlement_figures_draw_id_round_user_id_bet_code_pk";--> statement-breakpoint
ALTER TABLE "settlement_figures" ADD COLUMN "via_user_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_figures" ADD COLUMN "tickets" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_figures" ADD COLUMN "commission_in" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_figures" ADD COLUMN "winnings_in" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_figures" ADD COLUMN "commission_below" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_figures" ADD COLUMN "winnings_below" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_figures" ADD CONSTRAINT "settlement_figures_draw_id_round_user_id_via_user_id_bet_code_pk" PRIMARY KEY("draw_id","round","user_id","via_user_id","bet_code");
