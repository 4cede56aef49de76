// The set-based statements of settlement. Every money figure comes from packages/domain linkSql (the link
// rule written once); nothing here prices a line its own way.
import { sql, type SQL } from 'drizzle-orm';
import { linkSql, strikePatterns, type PoolResult, type StrikePattern } from '@app/domain';
import type { DbOrTx } from '../../platform/db';
import { chainOfLineSql, MAX_PLACES, passAmounts, rebuildChainSums, SUM_COLUMNS } from './chainSums';
import { manyPostingsCtes, rows } from '../ledger/queries';
import { strikingMatches, strikingNumbers } from './strikeNumbers';
import { timeSettlementStatement } from '../../platform/metrics';

/** Serialises the steps of one draw's settlement across transactions and server processes. */
export const SETTLE_LOCK_CLASS = 5011;

export async function lockSettlement(tx: DbOrTx, drawId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETTLE_LOCK_CLASS}::int, ${drawId}::int)`);
}

/** Advisory lock class of one company's booking of a draw (decision 0060). */
export const BOOKING_LOCK_CLASS = 5012;

/**
 * Taken first by every booking of a company's lines of a draw, before the settlement lock: the booking
 * writes the keys' figures before that lock (decision 0060), and two bookings of one company would
 * otherwise write the same figures at once. Nothing holding the settlement lock takes it.
 */
export async function lockCompanyBooking(tx: DbOrTx, drawId: number, companyId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK_CLASS}::int, hashtext(${`${drawId}:${companyId}`}))`);
}

export interface SettlementRow {
  drawId: number;
  poolName: string;
  drawDate: string;
  poolId: number;
  round: number;
  resultVersion: number;
  winnersAt: Date | null;
  distributedAt: Date | null;
}

/** How the credit log names a draw's settlement: its pool and date, and the round after a correction. */
export function drawMemo(s: { drawDate: string; poolName: string; round: number }): string {
  return `${s.poolName} ${s.drawDate}${s.round > 1 ? ` (round ${s.round})` : ''}`;
}

/** Whether a draw of the date has a settlement round started and not yet distributed: its figures may still change. */
export async function dateSettling(db: DbOrTx, drawDate: string): Promise<boolean> {
  const [r] = await rows<{ settling: boolean }>(db, sql`select exists (select 1 from draw_settlements where draw_date = ${drawDate}::date and distributed_at is null) as settling`);
  return r.settling;
}

export async function settlementOf(tx: DbOrTx, drawId: number): Promise<SettlementRow | undefined> {
  const [r] = await rows<SettlementRow>(
    tx,
    sql`select s.draw_id as "drawId", to_char(s.draw_date, 'YYYY-MM-DD') as "drawDate", s.pool_id as "poolId", p.name as "poolName", s.round,
               s.result_version as "resultVersion", s.winners_at as "winnersAt", s.distributed_at as "distributedAt"
        from draw_settlements s join pools p on p.id = s.pool_id where s.draw_id = ${drawId}::int`,
  );
  return r;
}

const TIER_COLUMNS = { first: 'n_first', second: 'n_second', third: 'n_third', fourth: 'n_fourth', fifth: 'n_fifth', sixth: 'n_sixth', starter: 'n_starter', consolation: 'n_consolation' } as const;
const PRIZE_TIERS = Object.keys(TIER_COLUMNS);

/**
 * The strikes of a draw's lines under the result's patterns, as CTEs ending in `s`: each striking line with
 * its prize tiers counted and its ibox factor. Step 1 inserts them into winners and prices them.
 */
function strikeCtes(drawId: number, patterns: StrikePattern[]): SQL {
  const counts = Object.entries(TIER_COLUMNS)
    .map(([prize, col]) => `count(*) filter (where prize = '${prize}')::smallint as ${col}`)
    .join(', ');
  const matches = strikingMatches(patterns);
  // Digits, codes, prize names and flags: array literals need no quoting.
  const arr = (xs: readonly (string | number | boolean)[]) => `{${xs.join(',')}}`;
  return sql`p as not materialized (
          select * from unnest(${arr(matches.number)}::text[], ${arr(matches.code)}::text[], ${arr(matches.prize)}::text[],
                               ${arr(matches.rank)}::int[], ${arr(matches.highestOnly)}::boolean[])
            as x(number, code, prize, rank, highest_only)
        ),
        m as (
          select bl.id, bl.ticket_id, bl.user_id, bl.company_id, p.prize, p.rank, p.highest_only,
                 bl.number, bl.bet_code, bl.stake, bl.bet_type, bl.line_no, bl.written_number, bl.pool_id
          -- Each candidate line joined by its number and code to the patterns it matches (strikingMatches):
          -- comparing each line's tail or head of every length with the patterns measured 0.25 s a draw.
          from bet_lines bl
          join p on p.number = bl.number and p.code = bl.bet_code
          where bl.draw_id = ${drawId}::int and bl.number = any(${arr(strikingNumbers(patterns))}::text[]) and bl.status = 1
        ),
        -- The parentheses matter: without them the order by sorts the union, and distinct on keeps any match.
        best as (
          select * from m where not highest_only
          union all
          (select distinct on (id) * from m where highest_only order by id, rank)
        ),
        -- The line's own columns come along from m (a line is in m once per slot it struck): no second
        -- lookup of each striking line. In the lines' order: each strike's ticket, eat shares and (step 1)
        -- winners' keys are then looked up in their indexes' order, not at random.
        s0 as (
          select id, ticket_id, user_id, company_id, number, bet_code, stake, bet_type, line_no, written_number, pool_id, ${sql.raw(counts)}
          from best group by id, ticket_id, user_id, company_id, number, bet_code, stake, bet_type, line_no, written_number, pool_id
          order by id
        ),
        -- ibox: the written number's lines of one ticket line and code share its written stake.
        ib as (
          select s0.id, sum(g.stake) as written, count(*) as perms
          from s0 join bet_lines g on g.ticket_id = s0.ticket_id and g.line_no = s0.line_no and g.draw_id = ${drawId}::int
                                  and g.bet_code = s0.bet_code and g.written_number = s0.written_number
          where s0.bet_type = 3
          group by s0.id
        ),
        s as (select s0.*, coalesce(ib.written, 1) as factor_num, coalesce(s0.stake * ib.perms, 1) as factor_den from s0 left join ib on ib.id = s0.id)`;
}

/**
 * Step 1: every strike of the draw, by joining the result's patterns (packages/domain strikePatterns)
 * against the draw's active lines. Highest-only codes (5D, 6D) keep their best match; the others count
 * every slot matched. ibox lines carry the exact-division factor: written stake / (line stake x permutations).
 * Each strike is priced at every place of its frozen chain (strikeWinsCtes) as it is found: the player's
 * winnings go into winners (player_winnings, which the release pays), and the winnings at every place,
 * summed per company, chain, code and pool, into strike_sums, which each company's booking reads
 * (decision 0059). Returns the strikes found.
 */
export async function insertWinners(tx: DbOrTx, drawId: number, round: number, patterns: StrikePattern[]): Promise<number> {
  if (patterns.length === 0) return 0;
  // The lines that can strike are read through the (draw_id, number) index (strikingNumbers), not by a scan
  // of the draw's lines: about 5% of a draw strikes, and the scan of a million lines was most of the step.
  // The strikes are kept in a table of this transaction with their statistics, and the rates of their sets
  // of sheets priced once each (ratesSql, as the booking's are): joined from a CTE the planner believes has
  // a few rows, the rates were scanned once a strike (0.35 s for 51,500).
  const n = await longestChainOfDraw(tx);
  const tiers = PRIZE_TIERS.map((t) => `s.n_${t}`).join(', ');
  const ks = Array.from({ length: MAX_PLACES }, (_, i) => i + 1);
  const sums = [...ks.map((k) => (k <= n ? `bigint_sum(lw.w${k})` : '0')), ...ks.map((k) => (k <= n ? `bigint_sum(lw.wi${k})` : '0'))].join(', ');
  await tx.execute(sql`drop table if exists settle_strikes, strike_rates`);
  await timeSettlementStatement('winners: strikes', () => tx.execute(
    sql`create temp table settle_strikes on commit drop as
        with ${strikeCtes(drawId, patterns)}
        select s.id, s.ticket_id, s.user_id, s.company_id, s.number, s.bet_code, s.stake, s.pool_id, ${sql.raw(tiers)},
               s.factor_num as num, s.factor_den as den, ${sql.raw(chainOfLineSql)} as chain_id
        from s join tickets t on t.id = s.ticket_id join pools p on p.id = s.pool_id`,
  ));
  // Its size (no plan reads its columns' statistics).
  await tx.execute(sql`analyze settle_strikes (chain_id)`);
  await tx.execute(
    sql`create temp table strike_rates on commit drop as
        ${ratesSql(sql`select distinct rc.sheet_ids, c.bet_code, c.pool_id from (select distinct chain_id, bet_code, pool_id from settle_strikes) c join rate_chains rc on rc.id = c.chain_id`)}`,
  );
  await tx.execute(sql`analyze strike_rates`);
  const [r] = await timeSettlementStatement('winners', () => rows<{ n: number }>(
    tx,
    // In the lines' order (strikeCtes gives them so): each strike's eat shares and winners' keys are looked
    // up in their indexes' order, not at random.
    sql`with sw as (select * from settle_strikes),
        ${strikeWinsCtes(n, 'strike_rates', 'priced')},
        ins as (
          insert into winners (draw_id, round, bet_line_id, ticket_id, user_id, company_id,
                               n_first, n_second, n_third, n_fourth, n_fifth, n_sixth, n_starter, n_consolation, factor_num, factor_den,
                               number, bet_code, stake, player_winnings)
          select ${drawId}::int, ${round}::int, lw.id, lw.ticket_id, lw.user_id, lw.company_id,
                 lw.n_first, lw.n_second, lw.n_third, lw.n_fourth, lw.n_fifth, lw.n_sixth, lw.n_starter, lw.n_consolation, lw.num, lw.den,
                 lw.number, lw.bet_code, lw.stake,
                 -- A line without a frozen chain has no winnings (the booking refuses its draw).
                 case when lw.len > 0 then lw.w1 end
          from lw
          on conflict do nothing
          returning 1
        ),
        sums as (
          insert into strike_sums (draw_id, round, company_id, chain_id, bet_code, pool_id, strikes,
                                   ${sql.raw([...ks.map((k) => `w${k}`), ...ks.map((k) => `wi${k}`)].join(', '))})
          select ${drawId}::int, ${round}::int, coalesce(lw.company_id, 0), lw.chain_id, lw.bet_code, lw.pool_id, count(*)::int, ${sql.raw(sums)}
          from lw group by coalesce(lw.company_id, 0), lw.chain_id, lw.bet_code, lw.pool_id
        )
        select count(*)::int as n from ins`,
  ));
  // Fresh statistics for what reads the round's strikes next (the winning summary, each booking's check of
  // its strike sums and, should they disagree, its pricing): a table the planner believes empty is joined by
  // nested loops. Of the columns those read by only: every column's took 0.09 s for 51,500 strikes, on the
  // path of the booking, which waits for this step.
  await timeSettlementStatement('winners: analyze', () => tx.execute(sql`analyze winners (draw_id, round, company_id, user_id, ticket_id)`));
  return Number(r.n);
}

/** The draw's released result's version and strike patterns (null before one is released). */
export async function releasedResultOf(tx: DbOrTx, drawId: number): Promise<{ version: number; patterns: StrikePattern[] } | null> {
  const [res] = await rows<{ numbers: PoolResult; version: number }>(tx, sql`select numbers, version from pool_results where draw_id = ${drawId}::int and status = 'released'`);
  return res ? { version: Number(res.version), patterns: strikePatterns(res.numbers) } : null;
}

/** The strike patterns of the draw's released result (none before one is released). */
export async function patternsOfDraw(tx: DbOrTx, drawId: number): Promise<StrikePattern[]> {
  return (await releasedResultOf(tx, drawId))?.patterns ?? [];
}

/** The companies with active lines on the draw, or with lay-offs of it accepted by a remote (decision 0035). */
export async function companiesOfDraw(tx: DbOrTx, drawId: number): Promise<number[]> {
  const found = await rows<{ companyId: number }>(
    tx,
    sql`select distinct coalesce(company_id, 0) as "companyId" from bet_lines where draw_id = ${drawId}::int and status = 1
        union
        select distinct company_id from remote_invoices where draw_id = ${drawId}::int and status = 1
        order by 1`,
  );
  return found.map((r) => Number(r.companyId));
}

/**
 * The companies whose settlement sums of the draw hold lines, or with lay-offs of it accepted by a remote:
 * companiesOfDraw from the sums (one read of their index), when the lines' own companies are checked after.
 */
export async function companiesOfDrawSums(tx: DbOrTx, drawId: number): Promise<number[]> {
  const found = await rows<{ companyId: number }>(
    tx,
    sql`select coalesce(company_id, 0) as "companyId" from settle_sums where draw_id = ${drawId}::int group by 1 having sum(lines) <> 0
        union
        select distinct company_id from remote_invoices where draw_id = ${drawId}::int and status = 1
        order by 1`,
  );
  return found.map((r) => Number(r.companyId));
}

export async function bookingOf(tx: DbOrTx, drawId: number, companyId: number, round: number, step: string) {
  const [r] = await rows<{ transactionId: number | null }>(
    tx,
    sql`select transaction_id as "transactionId" from settlement_bookings
        where draw_id = ${drawId}::int and company_id = ${companyId}::int and round = ${round}::int and step = ${step}`,
  );
  return r;
}

export async function recordBooking(tx: DbOrTx, b: { drawId: number; companyId: number; round: number; step: string; transactionId: number | null; at: Date; by: number | null }) {
  await tx.execute(
    sql`insert into settlement_bookings (draw_id, company_id, round, step, transaction_id, at, by)
        values (${b.drawId}::int, ${b.companyId}::int, ${b.round}::int, ${b.step}, ${b.transactionId}, ${b.at.toISOString()}::timestamptz, ${b.by})`,
  );
}

/** The system account holding a company's players' winnings until they are released (created when missing). */
export async function heldWinningsAccount(tx: DbOrTx, companyId: number): Promise<number> {
  const code = `held-winnings:${companyId}`;
  await tx.execute(sql`insert into ledger_accounts (code, company_id, balance) values (${code}, ${companyId || null}, 0) on conflict (code) do nothing`);
  const [r] = await rows<{ id: number }>(tx, sql`select id from ledger_accounts where code = ${code}`);
  return Number(r.id);
}

/** The lines of one draw and company with their ticket's frozen chain. */
const linesOf = (drawId: number, companyId: number): SQL =>
  sql`select bl.id, bl.ticket_id, bl.bet_code, bl.pool_id, bl.stake, bl.commission,
             ${sql.raw(chainOfLineSql)} as chain_id
      from bet_lines bl join tickets t on t.id = bl.ticket_id join pools p on p.id = bl.pool_id
      where bl.draw_id = ${drawId}::int and bl.status = 1 and ${companyOfLineSql(companyId)}`;

/**
 * A line of the company (0: of none). Written on the column itself, not coalesce(company_id, 0), so the
 * planner estimates a company's lines from the column's statistics (a million, not a few thousand).
 */
const companyOfLineSql = (companyId: number): SQL => (companyId ? sql`bl.company_id = ${companyId}::int` : sql`(bl.company_id is null or bl.company_id = 0)`);

/**
 * The chain accounts of the company's lines on the draw that have no wallet yet (created before anything
 * is locked). Every chain account of a company's lines is a main account of that company, so when none of
 * them lacks a wallet (the usual case) the draw's lines are not read at all.
 */
export async function chainAccountsWithoutWallet(tx: DbOrTx, drawId: number, companyId: number): Promise<number[]> {
  if (companyId) {
    const [r] = await rows<{ missing: boolean }>(
      tx,
      sql`select exists (select 1 from users u where (u.id = ${companyId}::int or u.company_id = ${companyId}::int) and u.is_main_account
                           and not exists (select 1 from ledger_accounts la where la.user_id = u.id)) as missing`,
    );
    if (!r.missing) return [];
  }
  return uplinesOfDraw(tx, drawId, companyId);
}

/** The accounts of the draw's chains above the players (whose wallets the booking moves), for locking. */
export async function uplinesOfDraw(tx: DbOrTx, drawId: number, companyId: number): Promise<number[]> {
  const found = await rows<{ userId: number }>(
    tx,
    sql`select distinct u as "userId"
        from rate_chains rc, unnest(case when cardinality(rc.user_ids) = 1 then rc.user_ids else rc.user_ids[2:] end) as u
        where rc.id in (select distinct chain_id from (${linesOf(drawId, companyId)}) l)
        order by 1`,
  );
  return found.map((r) => Number(r.userId));
}

/** Lines of the draw and company whose ticket has no frozen rates for their package type (refused); from settle_keys. */
export async function linesWithoutRates(tx: DbOrTx): Promise<number> {
  const [r] = await rows<{ n: number }>(tx, sql`select coalesce(sum(n), 0)::int as n from settle_keys where chain_id is null`);
  return Number(r.n);
}

/** The accounts of the chains of the draw's lines (settle_keys) above the players (whose wallets the booking moves), for locking. */
export async function uplinesOfSettleLines(tx: DbOrTx): Promise<number[]> {
  const found = await rows<{ userId: number }>(
    tx,
    sql`select distinct u as "userId"
        from rate_chains rc, unnest(case when cardinality(rc.user_ids) = 1 then rc.user_ids else rc.user_ids[2:] end) as u
        where rc.id in (select chain_id from settle_keys)
        order by 1`,
  );
  return found.map((r) => Number(r.userId));
}

/**
 * Locks ledger accounts in the ledger's lock order: the accounts' wallets by id, then the system accounts
 * (open stakes, held winnings) by id, as placement and voiding lock wallets before open stakes.
 */
export async function lockAccounts(tx: DbOrTx, accountIds: number[]) {
  if (accountIds.length === 0) return;
  await tx.execute(sql`select 1 from ledger_accounts where id = any(${`{${accountIds.join(',')}}`}::int[]) order by user_id is null, id for update`);
}

export async function walletIds(tx: DbOrTx, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const found = await rows<{ id: number }>(tx, sql`select id from ledger_accounts where user_id = any(${`{${userIds.join(',')}}`}::int[]) order by id`);
  return found.map((r) => Number(r.id));
}

/** The open-stakes accounts the tickets of the draw's lines paid into (settle_stakes). */
export async function stakesAccountsOfSettleLines(tx: DbOrTx): Promise<number[]> {
  const found = await rows<{ id: number }>(tx, sql`select stakes_id as id from settle_stakes where stakes_id is not null order by 1`);
  return found.map((r) => Number(r.id));
}

/** What the draw's active lines of a company add up to: the settlement sums are checked against it. */
export interface LinesTotals {
  n: number;
  stake: string;
  c1: string;
}

/** The lines' totals of every company of a draw, in one read (a company without lines is absent; 0: of none). */
export async function linesTotalsOfDraw(db: DbOrTx, drawId: number): Promise<Map<number, LinesTotals>> {
  const found = await rows<{ companyId: number; n: number; stake: string; c1: string }>(
    db,
    sql`select coalesce(company_id, 0) as "companyId", count(*)::int as n, sum(stake)::text as stake, sum(commission)::text as c1
        from bet_lines where draw_id = ${drawId}::int and status = 1 group by 1`,
  );
  return new Map(found.map((r) => [Number(r.companyId), { n: Number(r.n), stake: r.stake, c1: r.c1 }]));
}

/** One company's totals of linesTotalsOfDraw (a company without lines has none). */
export const linesTotalsOf = (totals: Map<number, LinesTotals>, companyId: number): LinesTotals => totals.get(companyId) ?? { n: 0, stake: '0', c1: '0' };

/** Whether settle_keys adds up to the lines' totals (lines, stake and the players' commission). */
export async function keysAgree(tx: DbOrTx, lines: LinesTotals): Promise<boolean> {
  const [sums] = await rows<{ n: number; stake: string; c1: string }>(
    tx,
    sql`select coalesce(sum(n), 0)::int as n, coalesce(sum(stake), 0)::text as stake, coalesce(sum(c1), 0)::text as c1 from settle_keys`,
  );
  return Number(sums.n) === lines.n && sums.stake === lines.stake && sums.c1 === lines.c1;
}

/**
 * The rates of each set of sheets, code and pool of `keys` (distinct rows of sheet_ids, bet_code, pool_id),
 * one array entry per place: commission (bp), whether the place's sheet prices the code (priced) and each
 * prize tier's payout. Rates are those of the chain's sheets, shared by many chains (a sheet is a set of
 * rates, kept once): each (sheets, code, pool) is priced once, and the chains find theirs by their sheets
 * (a handful of rows, not one per chain and code).
 */
function ratesSql(keys: SQL): SQL {
  return sql`select u.sheet_ids, u.bet_code, u.pool_id,
               array_agg(coalesce(ro.commission_bp, rd.commission_bp, 0) order by s.ord) as bp,
               array_agg(coalesce(ro.sheet_id, rd.sheet_id) is not null order by s.ord) as priced,
               ${sql.raw(PRIZE_TIERS.map((t) => `array_agg(coalesce(ro.${t}, rd.${t}, 0) order by s.ord) as ${t}`).join(', '))}
        from (${keys}) u
        cross join lateral unnest(u.sheet_ids) with ordinality as s(sheet_id, ord)
        left join rate_sheet_rows rd on rd.sheet_id = s.sheet_id and rd.code = u.bet_code and rd.pool_id is null
        left join rate_sheet_rows ro on ro.sheet_id = s.sheet_id and ro.code = u.bet_code and ro.pool_id = u.pool_id
        group by u.sheet_ids, u.bet_code, u.pool_id`;
}

/**
 * The draw's lines of the company, read into small tables of this transaction, analysed so that the booking
 * is planned on their true sizes (decisions 0040, 0041, 0043). What every line contributes apart from
 * winnings does not depend on the result: placement and void keep it as sums (settle_sums, chainSums.ts),
 * and those are read, not the lines; only the striking lines (about 5%) are read one by one.
 *
 * - `settle_keys`: the draw's active lines of the company summed per chain, code and pool (settle_sums'
 *   deltas added up): tickets, lines (n), stake, the players' placed commission (c1), and per place what
 *   passed it (p1..pN) and the commission there on what passed it (c2..cN) and on what reached it
 *   (ci2..ciN). A line whose ticket has no frozen chain is counted with chain_id null (linesWithoutRates
 *   refuses the booking). The accounts to lock and the lines without rates are read from it.
 * - `settle_stakes`: the lines' net (stake less commission) per open-stakes account their tickets paid.
 * - `settle_rates`: the rates of each set of sheets, code and pool, one array entry per place (chains share
 *   their sheets: a handful of rows).
 * - `settle_wins` (prepareSettleWins): the striking lines' winnings at every place of their chain, on what
 *   passed the place and on what reached it (what passed each place is computed by chainSums.passAmounts,
 *   as the sums were), each rounded per line, summed per chain, code and pool, as step 1 priced them
 *   (strike_sums).
 * - `settle_spread` (prepareSettleSpread): the keys spread over the accounts of their chains, without the
 *   winnings: the figures but for the strikes, which the booking adds.
 *
 * This writes the first three, which do not depend on the result. Before it trusts the sums it compares
 * their lines, stake and commission with the lines' own (one read of the draw's lines, without their eat
 * shares); should they differ, the draw's sums are rebuilt from the lines here, and the booking goes on
 * from those; with `rebuild` false (before the settlement lock is held: only its holder may rebuild the
 * sums) it returns false instead, having kept nothing. With `check` false it builds them without that
 * check: the caller checks them (keysAgree) against totals read elsewhere (settleDraw: by step 1's
 * connection, beside this one).
 * Also sets this transaction's memory for hashes (work_mem); JIT compilation is off in the server's
 * sessions (decision 0053): the booking statement is large, and compiling it cost more than it saved.
 */
export async function prepareSettleKeys(
  tx: DbOrTx,
  a: { drawId: number; companyId: number },
  o: { rebuild: boolean; check?: boolean } = { rebuild: true },
): Promise<boolean> {
  const n = await longestChainOfDraw(tx);
  if (n > MAX_PLACES) throw new Error(`a rate chain has ${n} places; settlement sums keep ${MAX_PLACES}`);
  // Hashes of the draw's groups are kept in memory rather than spilled to disk (the default is 4 MB);
  // for this transaction only.
  await tx.execute(sql`set local work_mem = '256MB'`);
  // (settle_wins, the strikes, depends on none of these: it is kept.)
  for (const t of ['settle_keys', 'settle_stakes', 'settle_rates']) await tx.execute(sql.raw(`drop table if exists ${t}`));
  const ofCompany = sql`draw_id = ${a.drawId}::int and company_id = ${a.companyId}::int`;
  // The sums of the places the draw's chains have (the columns beyond the longest chain hold zeros).
  const keyColumns = SUM_COLUMNS.slice(2).filter((c) => {
    const place = /^(?:p|c|ci)(\d+)$/.exec(c);
    return !place || Number(place[1]) <= n;
  });
  const readSums = async () => {
    for (const t of ['settle_keys', 'settle_stakes']) await tx.execute(sql.raw(`drop table if exists ${t}`));
    // Grouped by sorting: hashing 80,000 keys' two dozen sums measured 0.9 s against 0.3 s.
    await tx.execute(sql`set local enable_hashagg = off`);
    await tx.execute(
      sql`create temp table settle_keys on commit drop as
          select chain_id, bet_code, pool_id, sum(tickets)::int as tickets, sum(lines)::int as n,
                 ${sql.raw(keyColumns.map((c) => `bigint_sum(${c}) as ${c}`).join(', '))}
          from settle_sums where ${ofCompany}
          group by chain_id, bet_code, pool_id having sum(lines) <> 0`,
    );
    await tx.execute(sql`reset enable_hashagg`);
    return o.check === false || keysAgree(tx, linesTotalsOf(await linesTotalsOfDraw(tx, a.drawId), a.companyId));
  };
  if (!(await timeSettlementStatement('keys: sums and check', readSums))) {
    if (!o.rebuild) return false;
    // Sums that disagree with the lines are never booked: rebuilt from the lines (final once a result is
    // released) for the whole draw, then read again.
    console.warn(`settlement: draw ${a.drawId} company ${a.companyId}: its settlement sums disagreed with its lines; rebuilt`);
    await rebuildChainSums(tx, sql`select ${a.drawId}::int`);
    if (!(await readSums())) throw new Error(`draw ${a.drawId}: settlement sums disagree with the lines after a rebuild`);
  }
  await timeSettlementStatement('keys: stakes', () => tx.execute(
    sql`create temp table settle_stakes on commit drop as
        select stakes_id, bigint_sum(net) as net from settle_sums where ${ofCompany} group by stakes_id having bigint_sum(net) <> 0`,
  ));
  await tx.execute(sql.raw(`create temp table settle_rates (sheet_ids int[], bet_code text, pool_id smallint, bp int[], priced boolean[], ${PRIZE_TIERS.map((t) => `${t} bigint[]`).join(', ')}) on commit drop`));
  await timeSettlementStatement('keys: rates', () => tx.execute(
    sql`insert into settle_rates ${ratesSql(sql`select distinct rc.sheet_ids, k.bet_code, k.pool_id from settle_keys k join rate_chains rc on rc.id = k.chain_id`)}`,
  ));
  await tx.execute(sql`analyze settle_rates`);
  // Their sizes and the columns they are joined on: statistics of the two dozen sums measured most of the
  // analyze, and no plan reads them.
  await timeSettlementStatement('keys: analyze', async () => {
    for (const t of ['settle_keys (chain_id, bet_code, pool_id)', 'settle_stakes (stakes_id)']) await tx.execute(sql.raw(`analyze ${t}`));
  });
  return true;
}

/**
 * Each strike of `sw` priced at every place of its chain, as CTEs ending in `lw` (every column of `sw`, the
 * chain's length `len`, and w1..wN, wi1..wiN): its winnings on what passed each place (none for the company
 * at the top of a longer chain: it has no upline link yet) and on what reached it, at the place's payouts
 * for the line's prizes (`rates`, rows of ratesSql), rounded per line (linkSql). What passed each place is
 * computed by chainSums.passAmounts, as the sums were. `sw` has each strike's line id, code, pool, stake,
 * chain, prize tiers, ibox factor (num, den) and, with `w1` 'player_winnings', the player's winnings found
 * with the strike.
 */
function strikeWinsCtes(n: number, rates: string, w1: 'priced' | 'player_winnings'): SQL {
  // Places beyond the longest chain ate nothing (passAmounts names every place).
  const eatenAt = Array.from({ length: MAX_PLACES }, (_, i) =>
    i < n ? `coalesce(bigint_sum(es.amount) filter (where es.user_id = rc.user_ids[${i + 1}]), 0) as e${i + 1}` : `0::bigint as e${i + 1}`,
  ).join(', ');
  const payoutAt = (k: number) => `(${PRIZE_TIERS.map((t) => `sw.n_${t} * cr.${t}[${k}]`).join(' + ')})`;
  const places = Array.from({ length: n }, (_, i) => i + 1);
  const placeWins = (k: number) => `case when ${k} <= len and not (${k} = len and ${k} > 1) then ${linkSql.winnings(`p${k}`, `payout${k}`, 'num', 'den')} else 0 end as w${k}`;
  const winsAt = [
    w1 === 'priced' ? placeWins(1) : 'coalesce(player_winnings, 0) as w1',
    ...places.slice(1).map(placeWins),
    ...places.map((k) => `case when ${k} <= len then ${linkSql.winnings(k === 1 ? 'stake' : `p${k - 1}`, `payout${k}`, 'num', 'den')} else 0 end as wi${k}`),
  ];
  return sql.raw(`sx as (
          select sw.*, coalesce(cardinality(rc.user_ids), 0) as len, e.*,
                 ${places.map((k) => `coalesce(${payoutAt(k)}, 0) as payout${k}`).join(', ')}
          from sw
          left join rate_chains rc on rc.id = sw.chain_id
          left join ${rates} cr on cr.sheet_ids = rc.sheet_ids and cr.bet_code = sw.bet_code and cr.pool_id = sw.pool_id
          -- What each place of the chain ate of the line (its shares, by their key).
          cross join lateral (select ${eatenAt} from eat_shares es where es.bet_line_id = sw.id) e
        ),
        sp as (select sx.*, ${passAmounts((k) => `e${k}`, 'len').join(', ')} from sx offset 0),
        lw as (select sp.*, ${winsAt.join(', ')} from sp offset 0)`);
}

/**
 * `settle_wins` (see prepareSettleKeys): the company's strikes of the round as step 1 summed them
 * (strike_sums), kept if they agree with its winners (settleWinsAgree); else (a round found before step 1
 * kept its sums) priced here from winners by the same statement; then the statistics of the booking's tables.
 */
export async function prepareSettleWins(tx: DbOrTx, a: { drawId: number; companyId: number; round: number }) {
  const n = await longestChainOfDraw(tx);
  const places = Array.from({ length: n }, (_, i) => i + 1);
  const wins = places.flatMap((k) => [`w${k}`, `wi${k}`]);
  await tx.execute(sql`drop table if exists settle_wins`);
  await timeSettlementStatement('strikes: sums', () => tx.execute(
    sql`create temp table settle_wins on commit drop as
        select chain_id, bet_code, pool_id, strikes, ${sql.raw(wins.join(', '))}
        from strike_sums where draw_id = ${a.drawId}::int and round = ${a.round}::int and company_id = ${a.companyId}::int`,
  ));
  if (!(await settleWinsAgree(tx, a))) {
    console.warn(`settlement: draw ${a.drawId} company ${a.companyId} round ${a.round}: no strike sums agree with its winners; priced from winners`);
    await tx.execute(sql`drop table settle_wins`);
    const tiers = sql.raw(PRIZE_TIERS.map((t) => `n_${t}`).join(', '));
    // The strikes are read from winners (they carry the line's ticket, code and stake; the draw's pool is the
    // line's), not from the draw's lines: a lookup of each strike's ticket and shares, not a scan.
    await timeSettlementStatement('strikes: wins', () => tx.execute(
      sql`create temp table settle_wins on commit drop as
          with sw as (
            select w.bet_line_id as id, w.bet_code, d.pool_id, w.stake, ${sql.raw(chainOfLineSql)} as chain_id, ${tiers},
                   w.factor_num as num, w.factor_den as den, w.player_winnings
            from winners w
            join draws d on d.id = w.draw_id join pools p on p.id = d.pool_id
            join tickets t on t.id = w.ticket_id
            where w.draw_id = ${a.drawId}::int and w.round = ${a.round}::int and ${companyOfWinnerSql(a.companyId)}
            -- In the lines' order: the shares are looked up in their index's order.
            order by w.bet_line_id
          ),
          ${strikeWinsCtes(n, 'settle_rates', 'player_winnings')}
          select chain_id, bet_code, pool_id, count(*)::int as strikes, ${sql.raw(wins.map((c) => `sum(${c})::bigint as ${c}`).join(', '))}
          from lw group by chain_id, bet_code, pool_id`,
    ));
  }
  // Its size and the columns it is joined on (as the keys', prepareSettleKeys).
  await timeSettlementStatement('keys: analyze', () => tx.execute(sql`analyze settle_wins (chain_id, bet_code, pool_id)`));
}

/** A strike of the company (0: of none), as companyOfLineSql for lines. */
const companyOfWinnerSql = (companyId: number): SQL => (companyId ? sql`w.company_id = ${companyId}::int` : sql`(w.company_id is null or w.company_id = 0)`);

/**
 * Whether settle_wins has the round's strikes of the company as step 1 wrote them into winners: as many
 * strikes, and the same player's winnings in all (winners.player_winnings, which the release of the held
 * winnings pays).
 */
export async function settleWinsAgree(tx: DbOrTx, a: { drawId: number; companyId: number; round: number }): Promise<boolean> {
  const [r] = await rows<{ agree: boolean }>(
    tx,
    sql`select (select coalesce(sum(strikes), 0) from settle_wins) = (select count(*) from winners w where w.draw_id = ${a.drawId}::int and w.round = ${a.round}::int and ${companyOfWinnerSql(a.companyId)})
           and (select coalesce(sum(w1), 0) from settle_wins)
             = (select coalesce(sum(coalesce(w.player_winnings, 0)), 0) from winners w where w.draw_id = ${a.drawId}::int and w.round = ${a.round}::int and ${companyOfWinnerSql(a.companyId)})
           as agree`,
  );
  return r.agree;
}

/** The figure columns summed per account, via and code (besides lines, tickets, stake, pass and eaten). */
const FIGURE_SUMS = ['comm', 'win', 'link', 'link_below', 'comm_in', 'win_in', 'comm_below', 'win_below', 'own'] as const;
/** Those of them a strike's winnings move: the others come from the keys alone. */
const WIN_SUMS = new Set<string>(['win', 'link', 'link_below', 'win_in', 'win_below', 'own']);
/** The figures' columns (settlement_figures) of those sums that are kept (own is the journal's alone). */
const FIGURE_COLUMNS = {
  comm: 'commission',
  win: 'winnings',
  link: 'link',
  link_below: 'link_below',
  comm_in: 'commission_in',
  win_in: 'winnings_in',
  comm_below: 'commission_below',
  win_below: 'winnings_below',
} as const;

/**
 * The columns a spread reads of each key, from the keys (`s`, settle_keys: what passed each place and the
 * commissions, no winnings) or from the strikes (`w`, settle_wins: the winnings alone). The figures are
 * sums of these columns, so the keys' figures and the strikes' add up to the figures of both.
 */
function spreadColumns(n: number, from: 'keys' | 'wins'): string {
  const ks = Array.from({ length: n }, (_, i) => i + 1);
  const list = (f: (k: number) => string) => ks.map(f).join(', ');
  const prevPass = (k: number) => (k === 1 ? 's.stake' : `s.p${k - 1}`);
  if (from === 'wins')
    return [list((k) => `0::bigint as p${k}, 0::bigint as e${k}, 0::bigint as c${k}, 0::bigint as ci${k}`), list((k) => `w.w${k}::bigint as w${k}, w.wi${k}::bigint as wi${k}`)].join(', ');
  return [
    list((k) => `s.p${k}::bigint as p${k}`),
    // What each place ate: what passed the place below less what passed it (a sum of differences is the
    // difference of the sums).
    list((k) => `(${prevPass(k)} - s.p${k})::bigint as e${k}`),
    // c: commission at the account's own rates on what passed it (the player's: charged at placement); ci:
    // on what reached it (reports).
    list((k) => (k === 1 ? 's.c1::bigint as c1' : `s.c${k}::bigint as c${k}`)),
    list((k) => (k === 1 ? 's.c1::bigint as ci1' : `s.ci${k}::bigint as ci${k}`)),
    // w: the winnings at the account's own payouts on what passed it; wi: on what reached it.
    list((k) => `0::bigint as w${k}, 0::bigint as wi${k}`),
  ].join(',\n                 ');
}

/**
 * The keys of `src` (a CTE: each key's chain accounts `user_ids`, code, `priced`, tickets, n, stake and
 * spreadColumns) spread over the accounts of their chains, as CTEs ending in `${src}_fa`: every account's
 * figures (n lines per row) and its tickets, the key's rows at each place of its chain (link_below,
 * comm_below, win_below: those of the place below), summed per account, via and code, in that order. A
 * draw's lines of one ticket share one chain (the draw's pool is normal or GD): a key's tickets are counted
 * once at each place of its chain.
 */
function spreadCtes(src: string, n: number): string {
  const ks = Array.from({ length: n }, (_, i) => i + 1);
  // One row per place of the key's chain: a branch per place over the keys, each reading its place's
  // columns. A lateral per key (nine arrays unnested, or a VALUES list) measured 0.7-0.9 s for 80,000 keys
  // into 400,000 rows: its rescan per key, not the figures.
  // Each branch knows its place k, so it computes the place's figure columns itself: the rows sorted for
  // the grouping carry the accounts and the sums only (not the chain's arrays), a narrower sort.
  // At the top of a longer chain (k = len > 1) the company has no upline link yet: no commission, winnings
  // or link of its own, and what reaches it is valued at its downline's (its spreads are nil). A company's
  // own ticket (a chain of one) links it to itself: in the figures it neither owes an upline nor is owed from
  // below (its result on the bet is nil), though the booking pays it the link (own).
  const placeRow = (k: number, from: string) => {
    const len = 'cardinality(g.user_ids)';
    const top = k === 1 ? 'false' : `${len} = ${k}`;
    const ifTop = (atTop: string, below: string) => (k === 1 ? below : `case when ${top} then ${atTop} else ${below} end`);
    const link = `g.p${k} - g.c${k} - g.w${k}`;
    const cols =
      k === 1
        ? {
            member: 'g.user_ids[1]',
            via: '0',
            comm: 'g.c1',
            win: 'g.w1',
            link: `case when ${len} = 1 then 0 else ${link} end`,
            link_below: '0',
            comm_in: 'g.ci1',
            win_in: 'g.wi1',
            comm_below: '0',
            win_below: '0',
            own: `case when ${len} = 1 then ${link} else 0 end`,
          }
        : {
            member: `g.user_ids[${k}]`,
            via: `g.user_ids[${k - 1}]`,
            comm: ifTop('0', `g.c${k}`),
            win: ifTop('0', `g.w${k}`),
            link: ifTop('0', link),
            link_below: `g.p${k - 1} - g.c${k - 1} - g.w${k - 1}`,
            comm_in: ifTop(`g.c${k - 1}`, `g.ci${k}`),
            win_in: ifTop(`g.w${k - 1}`, `g.wi${k}`),
            comm_below: `g.c${k - 1}`,
            win_below: `g.w${k - 1}`,
            own: `g.p${k - 1} - g.c${k - 1} - g.w${k - 1} - (${ifTop('0', link)})`,
          };
    const unpriced = `case when not g.priced[${k}] and not ${top} then g.n else 0 end`;
    return `select ${cols.member} as member, ${cols.via} as via, g.bet_code, g.n, g.tickets, g.stake, g.p${k} as pass, g.e${k} as eaten,
               ${FIGURE_SUMS.map((c) => `(${cols[c]})::bigint as ${c}`).join(', ')}, ${unpriced} as unpriced
        from ${from} g where ${len} >= ${k}`;
  };
  // Places 1 and 2 (the player, and the account above it: via is the player) give one figure row per
  // player, code and account above, so their rows are grouped as they are. From place 3 up many players'
  // keys meet in one figure row: the keys are first summed per chain above the player (`${src}_h`, its
  // first place nulled: an account keeps its index in the chain; a few thousand rows), then spread.
  // Spreading all 80,000 keys to every place sorted 400,000 rows for 160,920 figures.
  const above = `${src}_h`;
  const upper = (from: number, col: string) => ks.filter((k) => k >= from).map((k) => `bigint_sum(g.${col}${k}) as ${col}${k}`);
  const aboveCols = [...upper(2, 'p'), ...upper(2, 'c'), ...upper(2, 'w'), ...upper(3, 'e'), ...upper(3, 'ci'), ...upper(3, 'wi')].join(', ');
  const placeRows = [...ks.filter((k) => k <= 2).map((k) => placeRow(k, src)), ...ks.filter((k) => k >= 3).map((k) => placeRow(k, above))].join(
    '\n          union all\n          ',
  );
  return `${
    n < 3
      ? ''
      : `${above} as materialized (
          select 0 || g.user_ids[2:] as user_ids, g.bet_code, g.priced, sum(g.tickets) as tickets, sum(g.n) as n, bigint_sum(g.stake) as stake, ${aboveCols}
          from ${src} g where cardinality(g.user_ids) >= 3
          group by 1, 2, 3
        ),`
  }
        ${src}_fa as (
          select member, via, bet_code, sum(n)::int as lines, sum(tickets)::int as tickets, bigint_sum(stake) as stake, bigint_sum(pass) as pass,
                 bigint_sum(eaten) as eaten, ${FIGURE_SUMS.map((c) => `bigint_sum(${c}) as ${c}`).join(', ')}, sum(unpriced) as unpriced
          from (${placeRows}
                order by member, via, bet_code) c
          group by member, via, bet_code
        )`;
}

/**
 * `settle_spread` (see prepareSettleKeys): the company's keys spread over the accounts of their chains
 * (spreadCtes), without winnings, in the figures' order. It does not depend on the result: the booking
 * reads it before the settlement lock while step 1 finds and prices the strikes (decision 0059), then adds
 * the strikes' figures to it.
 */
export async function prepareSettleSpread(tx: DbOrTx) {
  const n = await longestChainOfDraw(tx);
  await tx.execute(sql`drop table if exists settle_spread`);
  await timeSettlementStatement('keys: spread', () => tx.execute(
    sql.raw(`create temp table settle_spread on commit drop as
        with gk as materialized (
          select rc.user_ids, s.bet_code, cr.priced, s.tickets, s.n, s.stake::bigint as stake,
                 ${spreadColumns(n, 'keys')}
          from settle_keys s
          join rate_chains rc on rc.id = s.chain_id
          left join settle_rates cr on cr.sheet_ids = rc.sheet_ids and cr.bet_code = s.bet_code and cr.pool_id = s.pool_id
        ),
        ${spreadCtes('gk', n)}
        select * from gk_fa order by member, via, bet_code`),
  ));
}

/**
 * The keys' figures (settle_spread, no winnings yet) written for the draw's round and company: before the
 * settlement lock beside step 1, under it elsewhere (decision 0060); bookDistribution adds the strikes'.
 */
export async function insertKeysFigures(tx: DbOrTx, a: { drawId: number; companyId: number; round: number }) {
  await timeSettlementStatement('keys: figures', () => tx.execute(
    sql`insert into settlement_figures (draw_id, round, company_id, user_id, via_user_id, bet_code, lines, tickets, turnover, pass, eaten,
                                        ${sql.raw(Object.values(FIGURE_COLUMNS).join(', '))})
        select ${a.drawId}::int, ${a.round}::int, ${a.companyId}::int, member, via, bet_code, lines, tickets, stake, pass, eaten,
               ${sql.raw(Object.keys(FIGURE_COLUMNS).join(', '))}
        from settle_spread`,
  ));
}

/** Takes back the keys' figures written for a round the booking then did not book (decision 0060). */
export async function deleteKeysFigures(tx: DbOrTx, a: { drawId: number; companyId: number; round: number }) {
  await tx.execute(sql`delete from settlement_figures where draw_id = ${a.drawId}::int and round = ${a.round}::int and company_id = ${a.companyId}::int`);
}

/**
 * Step 2 for one draw and company, in one statement: every active line's links (DOMAIN's link rule, via
 * linkSql) are computed for its whole frozen chain, booked as one journal transaction (open stakes pay
 * each player's link to its upline, each account above receives from below what it does not owe above,
 * the players' winnings go to the company's held account), and the strikes' part is added to the per-level
 * figures the keys' part already wrote (insertKeysFigures, decision 0060). The accounts are locked by the
 * caller. Returns the journal transaction id, the number of lines, and the links without rates and strikes
 * without lines (both refused by the caller).
 */
export async function bookDistribution(tx: DbOrTx, a: { drawId: number; companyId: number; round: number; heldId: number; at: Date; by: number | null; memo: string }) {
  // Every line of the draw is in settle_keys, summed per chain, code and pool (what passed each place and the
  // commissions there, rounded per line), spread already over the chains' accounts (settle_spread); the
  // striking lines add their winnings (settle_wins, rounded per line), spread here the same way and added
  // to the keys' figures of the same account, via and code: every sum below is of per-line rounded amounts.
  const n = await longestChainOfDraw(tx);
  const moved = [...WIN_SUMS].filter((c) => c in FIGURE_COLUMNS) as (keyof typeof FIGURE_COLUMNS)[];
  const [r] = await timeSettlementStatement('book: figures and journal', () => rows<{ txId: number; lines: number; unpriced: number; unmatched: number }>(
    tx,
    sql`with tx as materialized (select nextval('journal_transactions_id_seq') as tx_id),
        -- Each strikes' key with its chain's accounts.
        gw as materialized (
          select rc.user_ids, w.bet_code, null::boolean[] as priced, 0 as tickets, 0 as n, 0::bigint as stake, ${sql.raw(spreadColumns(n, 'wins'))}
          from settle_wins w
          join rate_chains rc on rc.id = w.chain_id
        ),
        ${sql.raw(spreadCtes('gw', n))},
        -- The strikes' figures added to the keys', written already (insertKeysFigures): only the figures a
        -- strike moves are rewritten, in the columns it moves (no index has them: on pages with room, see
        -- migration 0036, no index entry is written). A strike's line is one of its key's lines: a strikes'
        -- figure without the keys' is counted and refused.
        fig as (
          update settlement_figures f
          set ${sql.raw(moved.map((c) => `${FIGURE_COLUMNS[c]} = f.${FIGURE_COLUMNS[c]} + w.${c}`).join(', '))}
          from gw_fa w
          where f.draw_id = ${a.drawId}::int and f.round = ${a.round}::int and f.user_id = w.member and f.via_user_id = w.via and f.bet_code = w.bet_code
            and f.company_id = ${a.companyId}::int
          returning 1
        ),
        -- The lines' net back from the open-stakes accounts their tickets' stake transactions credited.
        stakes as (select stakes_id as account_id, -net as amount from settle_stakes),
        -- Each account above the players: what it receives from below less what it owes above. A ticket
        -- its company placed for itself (a chain of one) is held by that company: it receives the link.
        own as materialized (select member, bigint_sum(own) as amount from (select member, own from settle_spread union all select member, own from gw_fa) o group by member),
        ${manyPostingsCtes(
          a.at,
          'settlement',
          sql`select tx_id, ${a.by}::int as initiated_by, ${a.companyId || null}::int as company_id, ${a.memo}::text as memo from tx`,
          sql`select tx.tx_id, s.account_id, s.amount from (
                select w.id as account_id, own.amount from own join ledger_accounts w on w.user_id = own.member
                union all
                -- The striking lines' player winnings (winners.player_winnings, found with the strike).
                select ${a.heldId}::int, sum(w1) from settle_wins
                union all
                select account_id, amount from stakes
              ) s, tx where s.amount <> 0`,
        )}
        select (select tx_id from tx) as "txId", (select coalesce(sum(n), 0) from settle_keys)::int as lines,
               (select coalesce(sum(unpriced), 0) from settle_spread)::int as unpriced,
               -- Strikes' figures that found no keys' figure of the round to add to.
               ((select count(*) from gw_fa) - (select count(*) from fig))::int as unmatched`,
  ));
  return { txId: Number(r.txId), lines: Number(r.lines), unpriced: Number(r.unpriced), unmatched: Number(r.unmatched) };
}

/** The longest rate chain (accounts from the player to the company): the places the statement prices. */
async function longestChainOfDraw(tx: DbOrTx): Promise<number> {
  const [r] = await rows<{ n: number | null }>(tx, sql`select max(cardinality(user_ids))::int as n from rate_chains`);
  return Math.max(1, Number(r.n ?? 1));
}

/** Whether a journal transaction has entries (a settlement of only zero amounts writes none). */
export async function hasEntries(tx: DbOrTx, txId: number): Promise<boolean> {
  const [r] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from journal_entries where transaction_id = ${txId}`);
  return Number(r.n) > 0;
}

/** Players' held winnings of a draw's round for one company, per wallet. */
export async function heldPerPlayer(tx: DbOrTx, drawId: number, round: number, companyId: number) {
  return rows<{ userId: number; walletId: number | null; amount: number }>(
    tx,
    sql`select w.user_id as "userId", la.id as "walletId", sum(w.player_winnings)::bigint as amount
        from winners w left join ledger_accounts la on la.user_id = w.user_id
        where w.draw_id = ${drawId}::int and w.round = ${round}::int and coalesce(w.company_id, 0) = ${companyId}::int and w.player_winnings > 0
          -- A ticket whose prize an upline paid already (Payment/ClaimPrizes) is not paid twice.
          and not exists (select 1 from prize_claims c where c.draw_id = w.draw_id and c.round = w.round and c.ticket_id = w.ticket_id)
        group by w.user_id, la.id order by la.id`,
  );
}

/** Posts one journal transaction of the given legs (accounts locked by the caller); returns its id. */
export async function postLegs(tx: DbOrTx, a: { at: Date; kind: string; by: number | null; companyId: number; memo: string; legs: { accountId: number; amount: number }[] }) {
  const legs = a.legs.filter((l) => l.amount !== 0);
  if (legs.length === 0) return null;
  const [r] = await rows<{ txId: number }>(
    tx,
    sql`with tx as materialized (select nextval('journal_transactions_id_seq') as tx_id),
        ${manyPostingsCtes(
          a.at,
          a.kind,
          sql`select tx_id, ${a.by}::int as initiated_by, ${a.companyId || null}::int as company_id, ${a.memo}::text as memo from tx`,
          sql`select tx.tx_id, x.account_id, x.amount from tx, jsonb_to_recordset(${JSON.stringify(legs.map((l) => ({ account_id: l.accountId, amount: l.amount })))}::jsonb) as x(account_id int, amount bigint)`,
        )}
        select tx_id as "txId" from tx`,
  );
  return Number(r.txId);
}

/** The entries of a journal transaction, to reverse it. */
export async function entriesOf(tx: DbOrTx, txId: number) {
  return rows<{ accountId: number; amount: number }>(tx, sql`select account_id as "accountId", amount from journal_entries where transaction_id = ${txId} order by account_id`);
}

/** The accounts the journal transactions of earlier rounds' unreversed bookings moved (to lock them first). */
export async function accountsOfUnreversed(tx: DbOrTx, drawId: number, companyId: number, round: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select distinct je.account_id as id from settlement_bookings b join journal_entries je on je.transaction_id = b.transaction_id
        where b.draw_id = ${drawId}::int and b.company_id = ${companyId}::int and b.round < ${round}::int and b.step in ('distribute', 'release')
          and not exists (select 1 from settlement_bookings r where r.draw_id = b.draw_id and r.company_id = b.company_id
                          and r.round = b.round and r.step = 'reverse-' || b.step)`,
  );
  return found.map((r) => Number(r.id));
}

/** Bookings of earlier rounds of the draw and company not reversed yet. */
export async function unreversed(tx: DbOrTx, drawId: number, companyId: number, round: number) {
  return rows<{ round: number; step: string; transactionId: number | null }>(
    tx,
    sql`select b.round, b.step, b.transaction_id as "transactionId" from settlement_bookings b
        where b.draw_id = ${drawId}::int and b.company_id = ${companyId}::int and b.round < ${round}::int and b.step in ('distribute', 'release')
          and not exists (select 1 from settlement_bookings r where r.draw_id = b.draw_id and r.company_id = b.company_id
                          and r.round = b.round and r.step = 'reverse-' || b.step)
        order by b.round, b.step desc`,
  );
}
