-- What settlement needs of a draw's lines that do not strike, kept as deltas by placement and void
-- (issue 11 item 14, decision 0043; settlement/chainSums.ts): per draw, company, frozen chain, bet code, pool
-- and open-stakes account, the tickets, lines, stake, net, placed commission and, per place of the chain,
-- what passed it and the commission there, rounded per line. Backfilled here from every draw's active lines
-- by the statement of chainSums.rebuildChainSums (its text, for every draw; a test keeps the two the same).
CREATE TABLE "settle_sums" (
	"draw_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"chain_id" integer,
	"bet_code" text NOT NULL,
	"pool_id" smallint NOT NULL,
	"stakes_id" integer,
	"tickets" integer NOT NULL,
	"lines" integer NOT NULL,
	"stake" bigint NOT NULL,
	"net" bigint NOT NULL,
	"c1" bigint NOT NULL,
	"p1" bigint NOT NULL,
	"p2" bigint NOT NULL,
	"p3" bigint NOT NULL,
	"p4" bigint NOT NULL,
	"p5" bigint NOT NULL,
	"p6" bigint NOT NULL,
	"p7" bigint NOT NULL,
	"c2" bigint NOT NULL,
	"c3" bigint NOT NULL,
	"c4" bigint NOT NULL,
	"c5" bigint NOT NULL,
	"c6" bigint NOT NULL,
	"c7" bigint NOT NULL,
	"ci2" bigint NOT NULL,
	"ci3" bigint NOT NULL,
	"ci4" bigint NOT NULL,
	"ci5" bigint NOT NULL,
	"ci6" bigint NOT NULL,
	"ci7" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "settle_sums_draw_company_idx" ON "settle_sums" USING btree ("draw_id","company_id");--> statement-breakpoint
-- Backfill (chainSums.chainSumsBackfillSql for every draw).
with ss_del as (delete from settle_sums where draw_id in (select id from draws) returning 1),
        ss_src as materialized (
      select bl.id, bl.ticket_id, bl.draw_id, bl.company_id, bl.pool_id, bl.bet_code, bl.stake, bl.commission,
             case when p.package_type = 2 then t.rate_chain_gd else t.rate_chain_normal end as chain_id, je.account_id as stakes_id
      from bet_lines bl join tickets t on t.id = bl.ticket_id join pools p on p.id = bl.pool_id
      left join journal_entries je on je.transaction_id = t.transaction_id and je.amount > 0
      where bl.status = 1 and bl.draw_id in (select id from draws)),
        ss_shares as materialized (select bet_line_id, user_id, amount from eat_shares where draw_id in (select id from draws)),
        
    ss_rates as (
      select q.chain_id, q.bet_code, q.pool_id, rc.user_ids, array(select coalesce(ro.commission_bp, rd.commission_bp, 0)
         from unnest(rc.sheet_ids) with ordinality as s(sheet_id, ord)
         left join rate_sheet_rows rd on rd.sheet_id = s.sheet_id and rd.code = q.bet_code and rd.pool_id is null
         left join rate_sheet_rows ro on ro.sheet_id = s.sheet_id and ro.code = q.bet_code and ro.pool_id = q.pool_id
         order by s.ord) as bp
      from (select distinct chain_id, bet_code, pool_id from ss_src where chain_id is not null) q
      join rate_chains rc on rc.id = q.chain_id
    ),
    ss_eaten as (
      select l.id, l.ticket_id, l.draw_id, coalesce(l.company_id, 0) as company_id, l.chain_id, l.bet_code, l.pool_id, l.stakes_id,
             l.stake, l.commission, coalesce(cardinality(r.user_ids), 0) as len, r.bp, coalesce(max(e.amount) filter (where e.user_id = r.user_ids[1]), 0) as e1, coalesce(max(e.amount) filter (where e.user_id = r.user_ids[2]), 0) as e2, coalesce(max(e.amount) filter (where e.user_id = r.user_ids[3]), 0) as e3, coalesce(max(e.amount) filter (where e.user_id = r.user_ids[4]), 0) as e4, coalesce(max(e.amount) filter (where e.user_id = r.user_ids[5]), 0) as e5, coalesce(max(e.amount) filter (where e.user_id = r.user_ids[6]), 0) as e6, coalesce(max(e.amount) filter (where e.user_id = r.user_ids[7]), 0) as e7
      from ss_src l
      left join ss_rates r on r.chain_id = l.chain_id and r.bet_code = l.bet_code and r.pool_id = l.pool_id
      left join ss_shares e on e.bet_line_id = l.id
      group by l.id, l.ticket_id, l.draw_id, l.company_id, l.chain_id, l.bet_code, l.pool_id, l.stakes_id, l.stake, l.commission, r.user_ids, r.bp
    ),
    -- offset 0: each line's amounts computed once, not again in each sum that reads them.
    ss_pass as (select ss_eaten.*, case when 1 <= len then stake - (e1) else 0 end as p1, case when 2 <= len then stake - (e1) - (e2) else 0 end as p2, case when 3 <= len then stake - (e1) - (e2) - (e3) else 0 end as p3, case when 4 <= len then stake - (e1) - (e2) - (e3) - (e4) else 0 end as p4, case when 5 <= len then stake - (e1) - (e2) - (e3) - (e4) - (e5) else 0 end as p5, case when 6 <= len then stake - (e1) - (e2) - (e3) - (e4) - (e5) - (e6) else 0 end as p6, case when 7 <= len then stake - (e1) - (e2) - (e3) - (e4) - (e5) - (e6) - (e7) else 0 end as p7 from ss_eaten offset 0),
    ss_lines as (select ss_pass.*, case when 2 <= len then ((2 * (p2)::bigint * (bp[2]) + 10000) / 20000) else 0 end as c2, case when 3 <= len then ((2 * (p3)::bigint * (bp[3]) + 10000) / 20000) else 0 end as c3, case when 4 <= len then ((2 * (p4)::bigint * (bp[4]) + 10000) / 20000) else 0 end as c4, case when 5 <= len then ((2 * (p5)::bigint * (bp[5]) + 10000) / 20000) else 0 end as c5, case when 6 <= len then ((2 * (p6)::bigint * (bp[6]) + 10000) / 20000) else 0 end as c6, case when 7 <= len then ((2 * (p7)::bigint * (bp[7]) + 10000) / 20000) else 0 end as c7, case when 2 <= len then ((2 * (p1)::bigint * (bp[2]) + 10000) / 20000) else 0 end as ci2, case when 3 <= len then ((2 * (p2)::bigint * (bp[3]) + 10000) / 20000) else 0 end as ci3, case when 4 <= len then ((2 * (p3)::bigint * (bp[4]) + 10000) / 20000) else 0 end as ci4, case when 5 <= len then ((2 * (p4)::bigint * (bp[5]) + 10000) / 20000) else 0 end as ci5, case when 6 <= len then ((2 * (p5)::bigint * (bp[6]) + 10000) / 20000) else 0 end as ci6, case when 7 <= len then ((2 * (p6)::bigint * (bp[7]) + 10000) / 20000) else 0 end as ci7 from ss_pass offset 0),
    ss_ins as (
      insert into settle_sums (draw_id, company_id, chain_id, bet_code, pool_id, stakes_id, tickets, lines, stake, net, c1, p1, p2, p3, p4, p5, p6, p7, c2, c3, c4, c5, c6, c7, ci2, ci3, ci4, ci5, ci6, ci7)
      select draw_id, company_id, chain_id, bet_code, pool_id, stakes_id, count(distinct ticket_id), count(*), sum(stake), sum(stake - commission), sum(commission), sum(p1), sum(p2), sum(p3), sum(p4), sum(p5), sum(p6), sum(p7), sum(c2), sum(c3), sum(c4), sum(c5), sum(c6), sum(c7), sum(ci2), sum(ci3), sum(ci4), sum(ci5), sum(ci6), sum(ci7)
      from ss_lines group by draw_id, company_id, chain_id, bet_code, pool_id, stakes_id
      returning 1
    )
select count(*) from ss_ins;
