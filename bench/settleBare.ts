// bench:settle's baseline: the per-account links of a draw computed by bare SQL statements from the raw
// rows (lines, their eat shares, tickets' frozen chains, the sheets' rates), with none of the product's
// layers or stored sums, written as fast as we know how (issue 31 line 2; docs/benchmarks.md "Settlement
// (issue 31)" explains it with its plan). Money only through linkSql (the one SQL form of the link rule).
import { sql } from 'drizzle-orm';
import { linkSql, type StrikePattern } from '@app/domain';
import { strikingNumbers } from '../apps/server/src/modules/settlement/strikeNumbers';

const PRIZES = ['first', 'second', 'third', 'starter', 'consolation'] as const;
/** The places of the bench's chains (player, agent, master, senior, company). */
const PLACES = [1, 2, 3, 4, 5];

/**
 * Run with hash aggregation off (`set local enable_hashagg = off`): the per-line step groups the merge of the
 * lines and their shares, which arrives in the lines' order, without a sort or a hash of a million groups.
 * The per-chain step sorts the million lines' links (measured faster than hashing them on this machine).
 */
export const BARE_SETTINGS = ['enable_hashagg = off'];

/**
 * Every account's link (member, link as text) over the draw's lines whose ids are in `ids` (inclusive): the
 * bench runs it on two backends at once, each on half the lines (both cores, as the product's settlement
 * uses them), and adds the halves per account; the sums are additive over lines. The bench's lines are 4D-family lines of one pool and one package
 * type (the ticket's normal chain), ibox factor 1: the product handles the general case, this does not.
 *
 * How, in each half: (1) the striking lines through the (draw_id, number) index; (2) each line once, merged with its eat
 * shares along both primary keys (no sort), grouped per line into what each place of its chain ate; (3) each
 * line's link at each place (pass less commission, less winnings only where it strikes), summed per chain;
 * (4) each chain's sums spread over its accounts and summed per account.
 */
export function bareSettleSql(drawId: number, patterns: StrikePattern[], ids: { lo: number; hi: number }) {
  const eaten = PLACES.map((k) => `coalesce(bigint_sum(es.amount) filter (where es.user_id = rc.user_ids[${k}]), 0) as e${k}`).join(', ');
  const payout = (k: number) => `(${PRIZES.map((z) => `w.n_${z} * cr.${z}[${k}]`).join(' + ')})`;
  const linkAt = (k: number) =>
    `case when cr.bp${k} is null then 0
          when w.id is null then l.p${k} - ${linkSql.commission(`l.p${k}`, `cr.bp${k}`)}
          else ${linkSql.link(`l.p${k}`, `cr.bp${k}`, payout(k))} end as l${k}`;
  return sql`
    with p as (select * from jsonb_to_recordset(${JSON.stringify(patterns)}::jsonb) as x(code text, side text, length int, pattern text, prize text)),
    w as (
      select bl.id, ${sql.raw(PRIZES.map((z) => `count(*) filter (where p.prize = '${z}') as n_${z}`).join(', '))}
      from bet_lines bl join p on p.code = bl.bet_code and right(bl.number, p.length) = p.pattern
      where bl.draw_id = ${drawId}::int and bl.number = any(${`{${strikingNumbers(patterns).join(',')}}`}::text[]) and bl.status = 1
        and bl.id between ${ids.lo} and ${ids.hi}
      group by bl.id
    ),
    -- The rates of each place of each set of sheets and code (null where the sheet has none: the company).
    r as (
      select s.sheet_ids, c.code, array_agg(rr.commission_bp order by x.ord) as bp,
             ${sql.raw(PRIZES.map((z) => `array_agg(rr.${z} order by x.ord) as ${z}`).join(', '))}
      from (select distinct sheet_ids from rate_chains) s
      cross join (select distinct code from rate_sheet_rows) c
      cross join lateral unnest(s.sheet_ids) with ordinality x(sheet_id, ord)
      left join rate_sheet_rows rr on rr.sheet_id = x.sheet_id and rr.code = c.code and rr.pool_id is null
      group by s.sheet_ids, c.code
    ),
    -- Each chain's rates by code: its places' commissions as columns (read once a line), payouts as arrays
    -- (read for the striking lines only).
    cr as (
      select rc.id as chain_id, r.code, ${sql.raw(PLACES.map((k) => `r.bp[${k}] as bp${k}`).join(', '))}, ${sql.raw(PRIZES.map((z) => `r.${z}`).join(', '))}
      from rate_chains rc join r on r.sheet_ids = rc.sheet_ids
    ),
    -- Each line with what passed each place of its chain: lines and shares merged in their keys' order and
    -- grouped per line into what each place ate.
    l as (
      select id, stake, bet_code, chain_id, ${sql.raw(PLACES.map((k) => `stake - ${PLACES.slice(0, k).map((j) => `e${j}`).join(' - ')} as p${k}`).join(', '))}
      from (
        select bl.id, bl.stake, bl.bet_code, min(t.rate_chain_normal) as chain_id, ${sql.raw(eaten)}
        from bet_lines bl join tickets t on t.id = bl.ticket_id join rate_chains rc on rc.id = t.rate_chain_normal
        -- The range on both sides: each scan starts at its half.
        left join eat_shares es on es.bet_line_id = bl.id and es.bet_line_id between ${ids.lo} and ${ids.hi}
        where bl.draw_id = ${drawId}::int and bl.status = 1 and bl.id between ${ids.lo} and ${ids.hi}
        group by bl.id
      ) e
      offset 0
    ),
    -- Each line's link at each place (linkSql), computed before the sort (offset 0) so that the sort
    -- carries six numbers a line; then summed per chain.
    lk as (
      select l.chain_id, ${sql.raw(PLACES.map(linkAt).join(', '))}
      from l
      join cr on cr.chain_id = l.chain_id and cr.code = l.bet_code
      left join w on w.id = l.id
      offset 0
    ),
    k as (select chain_id, ${sql.raw(PLACES.map((j) => `sum(l${j}) as l${j}`).join(', '))} from lk group by chain_id),
    t as (
      select rc.user_ids[c.ord] as member, sum(c.link) as link
      from k join rate_chains rc on rc.id = k.chain_id
      cross join lateral unnest(array[${sql.raw(PLACES.map((j) => `k.l${j}`).join(', '))}]) with ordinality c(link, ord)
      where c.ord <= cardinality(rc.user_ids)
      group by 1
    )
    select member, link::text as link from t`;
}
