-- The strikes of a draw's round summed per company, frozen chain, bet code and pool, with their winnings at
-- every place of the chain (issue 31 line 2, decision 0059): written by settlement's step 1 in the same
-- transaction as the round's winners, read by each company's booking. A round found before this table
-- existed has none: its booking prices the strikes from winners, as before.
CREATE TABLE "strike_sums" (
	"draw_id" integer NOT NULL,
	"round" integer NOT NULL,
	"company_id" integer NOT NULL,
	"chain_id" integer,
	"bet_code" text NOT NULL,
	"pool_id" smallint NOT NULL,
	"strikes" integer NOT NULL,
	"w1" bigint NOT NULL,
	"w2" bigint NOT NULL,
	"w3" bigint NOT NULL,
	"w4" bigint NOT NULL,
	"w5" bigint NOT NULL,
	"w6" bigint NOT NULL,
	"w7" bigint NOT NULL,
	"wi1" bigint NOT NULL,
	"wi2" bigint NOT NULL,
	"wi3" bigint NOT NULL,
	"wi4" bigint NOT NULL,
	"wi5" bigint NOT NULL,
	"wi6" bigint NOT NULL,
	"wi7" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "strike_sums_draw_round_company_idx" ON "strike_sums" USING btree ("draw_id","round","company_id");
