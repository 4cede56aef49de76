// bench:settle's baseline: the per-account links of a draw computed by one bare SQL statement from the raw
// rows (lines, their eat shares, tickets' frozen chains, the sheets' rates), with none of the product's
// layers or stored sums, written as fast as we know how (issue 31 line 2; docs/benchmarks.md "Settlement
// (issue 31)" explains it with its plan). Money only through linkSql (the one SQL form of the link rule).
import { sql } from 'drizzle-orm';
import { linkSql, type StrikePattern } from '@app/domain';
import { strikingNumbers } from '../apps/server/src/modules/settlement/strikeNumbers';

const PRIZES = ['first', 'second', 'third', 'starter', 'consolation'] as const;

/**
 * One row: accounts, the links' total and an md5 of every account's link in account order (the digest the
 * product's figures are compared with). The bench's lines are 4D-family lines of one pool and one package
 * type (the ticket's normal chain), ibox factor 1: the product handles the general case, this does not.
 */
export function bareSettleSql(drawId: number, patterns: StrikePattern[]) {
  const prize = (z: string) => `coalesce(w.n_${z}, 0)`;
  return sql`
    -- The striking lines, through the (draw_id, number) index: only numbers that can match a pattern.
    with p as (select * from jsonb_to_recordset(${JSON.stringify(patterns)}::jsonb) as x(code text, side text, length int, pattern text, prize text)),
    w as (
      select bl.id, ${sql.raw(PRIZES.map((z) => `count(*) filter (where p.prize = '${z}') as n_${z}`).join(', '))}
      from bet_lines bl join p on p.code = bl.bet_code and right(bl.number, p.length) = p.pattern
      where bl.draw_id = ${drawId}::int and bl.number = any(${`{${strikingNumbers(patterns).join(',')}}`}::text[]) and bl.status = 1
      group by bl.id
    ),
    -- Every line at every place of its ticket's frozen chain, with what that place ate of it.
    m as (
      select bl.id, bl.stake, c.member, c.sheet_id, c.ord, coalesce(es.amount, 0) as eaten, bl.bet_code, w.id is not null as strikes,
             ${sql.raw(PRIZES.map((z) => `${prize(z)} as n_${z}`).join(', '))}
      from bet_lines bl join tickets t on t.id = bl.ticket_id join rate_chains rc on rc.id = t.rate_chain_normal
      cross join lateral unnest(rc.user_ids, rc.sheet_ids) with ordinality c(member, sheet_id, ord)
      left join w on w.id = bl.id
      left join eat_shares es on es.bet_line_id = bl.id and es.user_id = c.member
      where bl.draw_id = ${drawId}::int and bl.status = 1
    ),
    -- What passed each place (the stake less what it and the places below ate), its rates for the code.
    k as (
      select m.member, m.strikes, m.stake - sum(m.eaten) over (partition by m.id order by m.ord) as pass, r.commission_bp as bp,
             (${sql.raw(PRIZES.map((z) => `m.n_${z} * r.${z}`).join(' + '))}) as payout
      from m left join rate_sheet_rows r on r.sheet_id = m.sheet_id and r.code = m.bet_code and r.pool_id is null
    ),
    -- The link rule (linkSql.link: pass - commission - winnings), its winnings part computed only for the
    -- striking lines (nil for the others); a place without rates (the company at the top) has none.
    t as (
      select member,
             sum(case when bp is null then 0
                      when strikes then ${sql.raw(linkSql.link('pass', 'bp', 'payout'))}
                      else pass - ${sql.raw(linkSql.commission('pass', 'bp'))} end) as link
      from k group by member
    )
    select count(*)::int as accounts, sum(link)::text as total, md5(string_agg(member || ':' || link, ',' order by member)) as digest
    from t`;
}
