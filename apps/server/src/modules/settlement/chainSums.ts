// What settlement needs of a draw's lines apart from winnings, kept where the lines are booked (decision
// 0043): per draw, company, rate chain, bet code, pool and open-stakes account, the lines' number, stake,
// net and, for each place of the chain, what passed it and the commission there (on what passed it and on
// what reached it), each rounded per line by linkSql before it is summed. None of it depends on the result,
// so placement adds it, a void takes it back, and settlement reads these sums for every line and prices
// only the striking lines' winnings one by one, instead of reading the million lines that do not strike.
//
// Rows are deltas, as the report summaries' (decision 0034): placement appends its batch's sums, a void
// appends the negated sums of its tickets' lines, no row is updated in place (nothing to wait for or
// deadlock on), readers sum them. They are not folded once a draw is distributed (as the report
// summaries are): no report reads them, and settlement reads a draw's about once a round.
//
// Placement computes its batch's sums here in JavaScript (chainSumsOfBatch), from the chains and sheets and
// the shares it already holds, so that its write statement only appends them; the same amounts in SQL
// (chainSumsCtes) serve voids, rebuilds and the migration's backfill. Both round with the link rule of
// packages/domain (commissionOn, linkSql.commission), and a test holds placement's sums equal to the
// sums rebuilt from the lines.
import { sql, type SQL } from 'drizzle-orm';
import { commissionOn, HierarchyLevel, linkSql, PackageType } from '@app/domain';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../ledger/queries';
import type { ChainToFreeze, Sheet } from './rateChains';

/** The longest chain there can be: one place per hierarchy level, from the company to the player. */
export const MAX_PLACES: number = HierarchyLevel.Player;

const ks = Array.from({ length: MAX_PLACES }, (_, i) => i + 1);
/** The sum columns of settle_sums, in table order. */
export const SUM_COLUMNS = ['tickets', 'lines', 'stake', 'net', 'c1', ...ks.map((k) => `p${k}`), ...ks.slice(1).map((k) => `c${k}`), ...ks.slice(1).map((k) => `ci${k}`)];

/**
 * What passed each place of a line's chain, p1..pN: the stake less what the place and those below it ate
 * (`eaten(k)`: the SQL of what place k ate), 0 beyond the chain's `len` places. A select list over a row
 * with the line's stake.
 */
export function passAmounts(eaten: (k: number) => string, len: string): string[] {
  return ks.map((k) => `case when ${k} <= ${len} then stake - ${ks.slice(0, k).map((j) => `(${eaten(j)})`).join(' - ')} else 0 end as p${k}`);
}

/**
 * The commission at each place k >= 2 of a line's chain, at the place's rate (`bp`[k]), rounded per line by
 * linkSql: on what passed it (ck) and on what reached it, i.e. what passed the place below (cik); 0 beyond
 * the chain. A select list over a row with the line's stake and p1..pN (passAmounts).
 */
function commissionAmounts(len: string, bp: string): string[] {
  const pass = (k: number) => (k === 0 ? 'stake' : `p${k}`);
  return [
    ...ks.slice(1).map((k) => `case when ${k} <= ${len} then ${linkSql.commission(pass(k), `${bp}[${k}]`)} else 0 end as c${k}`),
    ...ks.slice(1).map((k) => `case when ${k} <= ${len} then ${linkSql.commission(pass(k - 1), `${bp}[${k}]`)} else 0 end as ci${k}`),
  ];
}

/** Each place's commission rate of a chain's sheets for a code and pool (0 where the sheet has no row). */
const ratesOfSheets = (sheetIds: string, code: string, pool: string) =>
  `array(select coalesce(ro.commission_bp, rd.commission_bp, 0)
         from unnest(${sheetIds}) with ordinality as s(sheet_id, ord)
         left join rate_sheet_rows rd on rd.sheet_id = s.sheet_id and rd.code = ${code} and rd.pool_id is null
         left join rate_sheet_rows ro on ro.sheet_id = s.sheet_id and ro.code = ${code} and ro.pool_id = ${pool}
         order by s.ord)`;

/**
 * CTEs appending the settlement sums of a set of lines (prefix ss_). `lines` names a relation with id,
 * ticket_id, draw_id, company_id, pool_id, bet_code, stake, commission, chain_id (the ticket's frozen chain
 * for the line's package type) and stakes_id (the open-stakes account its ticket paid); `shares` one with
 * bet_line_id, user_id, amount. `sign` is 1 when the lines are placed, -1 when they are voided.
 */
export function chainSumsCtes(lines: string, shares: string, sign: 1 | -1, perTicket = false): SQL {
  const neg = sign === 1 ? '' : '-';
  const eatenAt = ks.map((k) => `coalesce(max(e.amount) filter (where e.user_id = r.user_ids[${k}]), 0) as e${k}`).join(', ');
  const sums = [
    `${neg}count(distinct ticket_id)`,
    `${neg}count(*)`,
    `${neg}sum(stake)`,
    `${neg}sum(stake - commission)`,
    `${neg}sum(commission)`,
    ...SUM_COLUMNS.slice(5).map((c) => `${neg}sum(${c})`),
  ];
  return sql.raw(`
    ss_rates as (
      select q.chain_id, q.bet_code, q.pool_id, rc.user_ids, ${ratesOfSheets('rc.sheet_ids', 'q.bet_code', 'q.pool_id')} as bp
      from (select distinct chain_id, bet_code, pool_id from ${lines} where chain_id is not null) q
      join rate_chains rc on rc.id = q.chain_id
    ),
    ss_eaten as (
      select l.id, l.ticket_id, l.draw_id, coalesce(l.company_id, 0) as company_id, l.chain_id, l.bet_code, l.pool_id, l.stakes_id,
             l.stake, l.commission, coalesce(cardinality(r.user_ids), 0) as len, r.bp, ${eatenAt}
      from ${lines} l
      left join ss_rates r on r.chain_id = l.chain_id and r.bet_code = l.bet_code and r.pool_id = l.pool_id
      left join ${shares} e on e.bet_line_id = l.id
      group by l.id, l.ticket_id, l.draw_id, l.company_id, l.chain_id, l.bet_code, l.pool_id, l.stakes_id, l.stake, l.commission, r.user_ids, r.bp
    ),
    -- offset 0: each line's amounts computed once, not again in each sum that reads them.
    ss_pass as (select ss_eaten.*, ${passAmounts((k) => `e${k}`, 'len').join(', ')} from ss_eaten offset 0),
    ss_lines as (select ss_pass.*, ${commissionAmounts('len', 'bp').join(', ')} from ss_pass offset 0),
    ss_ins as (
      insert into settle_sums (draw_id, company_id, chain_id, bet_code, pool_id, stakes_id, ${SUM_COLUMNS.join(', ')})
      select draw_id, company_id, chain_id, bet_code, pool_id, stakes_id, ${sums.join(', ')}
      from ss_lines group by draw_id, company_id, chain_id, bet_code, pool_id, stakes_id${perTicket ? ', ticket_id' : ''}
      returning 1
    )`);
}

/** The frozen chain of a line (bl) of a ticket (t) in a pool (p): the ticket's normal or GD chain. */
export const chainOfLineSql = `case when p.package_type = ${PackageType.GD} then t.rate_chain_gd else t.rate_chain_normal end`;

/**
 * The active lines chosen by `where` (over bl, the line) as chainSumsCtes reads them, each with its
 * ticket's frozen chain and the open-stakes account its stake transaction credited (none for a ticket of
 * no net: it paid nothing). Voiding reads its tickets' lines this way; rebuilding, a draw's.
 */
export const activeLinesSql = (where: SQL) => sql`
      select bl.id, bl.ticket_id, bl.draw_id, bl.company_id, bl.pool_id, bl.bet_code, bl.stake, bl.commission,
             ${sql.raw(chainOfLineSql)} as chain_id, je.account_id as stakes_id
      from bet_lines bl join tickets t on t.id = bl.ticket_id join pools p on p.id = bl.pool_id
      left join journal_entries je on je.transaction_id = t.transaction_id and je.amount > 0
      where bl.status = 1 and ${where}`;

/**
 * Rebuilds the settlement sums of the given draws (a subquery of draw ids) from their active lines, in one
 * statement (its delete and its read share a snapshot): the migration's backfill, the admin tool's resync,
 * settlement's repair when the sums disagree with the lines, and the benchmarks' seeding.
 */
export async function rebuildChainSums(db: DbOrTx, draws: SQL, opts: { perTicket?: boolean } = {}): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`${chainSumsBackfillSql(draws, opts.perTicket)} select (select count(*) from ss_ins)::int as n`);
  return Number(r.n);
}

/**
 * The CTEs of rebuildChainSums (migration 0031 runs them, as text, for every draw). `perTicket` writes a row
 * per ticket and key, as placement's deltas are (the benchmarks' seeding, to read what settlement would).
 */
export const chainSumsBackfillSql = (draws: SQL, perTicket = false) =>
  sql`with ss_del as (delete from settle_sums where draw_id in (${draws}) returning 1),
        ss_src as materialized (${activeLinesSql(sql`bl.draw_id in (${draws})`)}),
        ss_shares as materialized (select bet_line_id, user_id, amount from eat_shares where draw_id in (${draws})),
        ${chainSumsCtes('ss_src', 'ss_shares', 1, perTicket)}`;

/** A placed line as chainSumsOfBatch reads it: its ticket's frozen chain for its pool, and what each account ate of it. */
export interface SumsLine {
  ticketId: number;
  drawId: number;
  companyId: number | null;
  poolId: number;
  betCode: string;
  stake: number;
  commission: number;
  chainId: number | null;
  chain: ChainToFreeze | null;
  stakesId: number | null;
  shares: readonly { userId: number; amount: number }[];
}

/** One row of settle_sums: its key and its sums in SUM_COLUMNS order. */
export interface SumsRow {
  drawId: number;
  companyId: number;
  chainId: number | null;
  betCode: string;
  poolId: number;
  stakesId: number | null;
  sums: number[];
}

const sheetRates = new WeakMap<Sheet, Map<string, number>>();

/** A sheet's commission for a code in a pool: the pool's own row, else the code's row for every pool, else 0 (as settlement reads rate_sheet_rows). */
function commissionBpOf(sheet: Sheet | null, code: string, poolId: number): number {
  if (!sheet) return 0;
  let byKey = sheetRates.get(sheet);
  if (!byKey) {
    byKey = new Map(sheet.rows.map((r) => [`${r.code}|${r.poolId ?? ''}`, r.commissionBp]));
    sheetRates.set(sheet, byKey);
  }
  return byKey.get(`${code}|${poolId}`) ?? byKey.get(`${code}|`) ?? 0;
}

/** The settle_sums rows of a batch of placed lines: the same sums chainSumsCtes writes for them. */
export function chainSumsOfBatch(lines: readonly SumsLine[]): SumsRow[] {
  const out = new Map<string, { row: SumsRow; tickets: Set<number> }>();
  const amounts = new Array<number>(SUM_COLUMNS.length - 5);
  for (const l of lines) {
    const members = l.chain?.userIds ?? [];
    const len = members.length;
    // p1..pN, then c2..cN, then ci2..ciN (SUM_COLUMNS after c1).
    let pass = l.stake;
    const passes: number[] = [];
    for (let k = 1; k <= MAX_PLACES; k++) {
      if (k <= len) {
        let eaten = 0;
        for (const x of l.shares) if (x.userId === members[k - 1]) eaten = x.amount;
        pass -= eaten;
        passes.push(pass);
      } else passes.push(0);
      amounts[k - 1] = passes[k - 1];
    }
    for (let k = 2; k <= MAX_PLACES; k++) {
      const bp = k <= len ? commissionBpOf(l.chain!.sheets[k - 1], l.betCode, l.poolId) : 0;
      amounts[MAX_PLACES + k - 2] = k <= len ? commissionOn(passes[k - 1], { commissionBp: bp, payout: {} }) : 0;
      amounts[2 * MAX_PLACES + k - 3] = k <= len ? commissionOn(passes[k - 2], { commissionBp: bp, payout: {} }) : 0;
    }
    const key = `${l.drawId}|${l.companyId ?? 0}|${l.chainId}|${l.betCode}|${l.poolId}|${l.stakesId}`;
    let entry = out.get(key);
    if (!entry) {
      entry = {
        row: { drawId: l.drawId, companyId: l.companyId ?? 0, chainId: l.chainId, betCode: l.betCode, poolId: l.poolId, stakesId: l.stakesId, sums: new Array<number>(SUM_COLUMNS.length).fill(0) },
        tickets: new Set(),
      };
      out.set(key, entry);
    }
    const sums = entry.row.sums;
    entry.tickets.add(l.ticketId);
    sums[1] += 1;
    sums[2] += l.stake;
    sums[3] += l.stake - l.commission;
    sums[4] += l.commission;
    for (let i = 0; i < amounts.length; i++) sums[5 + i] += amounts[i];
  }
  return [...out.values()].map(({ row, tickets }) => {
    row.sums[0] = tickets.size;
    return row;
  });
}
