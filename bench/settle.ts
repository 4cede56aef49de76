// npm run bench:settle (issue 11 item 14): one draw and pool with LINES active bet lines (default
// 1,000,000; 20,000 players under 4-level chains, mixed codes and bet types, about 5% strikes), settled
// through the product's own code path (settleDraw: winners and distribute strike). In the same run, a
// bare set-based SQL computing the same strikes and links on the same data, with none of the product's
// layers, is timed for comparison. DATABASE_URL=postgres://... for PostgreSQL, else PGlite.
//
// The data is written by set-based SQL (not through the ordering API, which the bets benchmark measures):
// accounts, their frozen rate chains, tickets with one stake transaction, lines and eat shares.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { strikePatterns, type PoolResult } from '@app/domain';
import { settleDraw, startRound } from '../apps/server/src/modules/settlement/service';
import { checkLedger } from '../apps/server/src/modules/ledger/service';
import { rebuildChainSums } from '../apps/server/src/modules/settlement/chainSums';
import { databaseExists, machine, startBench } from './support';
import { BARE_SETTINGS, bareSettleSql } from './settleBare';
import { settlementStatements } from '../apps/server/src/platform/metrics';

/** Seconds spent so far in each settlement statement, from the server's own histogram (summed over its runs). */
async function statementSeconds(): Promise<Map<string, number>> {
  const { values } = await settlementStatements.get();
  return new Map(values.filter((v) => v.metricName?.endsWith('_sum')).map((v) => [String(v.labels.statement), v.value]));
}

const LINES = Number(process.env.LINES ?? 1_000_000);
const PLAYERS = Math.min(20_000, Math.max(100, Math.floor(LINES / 50)));
const LINES_PER_TICKET = 20;
const CODES = ['B', 'S', 'A', 'C'];

const RESULT: PoolResult = {
  fourD: {
    first: '0042',
    second: '1111',
    third: '2222',
    starter: ['3001', '3002', '3003', '3004', '3005', '3006', '3007', '3008', '3009', '3010'],
    consolation: ['4001', '4002', '4003', '4004', '4005', '4006', '4007', '4008', '4009', '4010'],
  },
};

type Db = Awaited<ReturnType<typeof startBench>>['db'];
const oneOf = async <T>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows[0];

/** Writes the accounts, their frozen rates, the draw and its lines (the settlement's input). */
async function seed(db: Db) {
  const exec = (q: ReturnType<typeof sql>) => db.execute(q);
  const one = <T>(q: ReturnType<typeof sql>) => oneOf<T>(db, q);

  // -- accounts: company -> 5 seniors -> 25 masters -> 200 agents -> players --
  // Every row written once, as it is (no update after the insert: each would leave a dead copy behind, and
  // every scan would read a table larger than its data): ids are drawn first, so a path can name its own.
  await exec(sql`
    insert into users (id, username, password_hash, role_id, level, company_id, path)
    select id, 'bco', 'x', 3, 1, id, '/' || id || '/' from (select nextval(pg_get_serial_sequence('users', 'id')) as id) s`);
  const co = (await one<{ id: number }>(sql`select id from users where username = 'bco'`))!.id;
  const level = async (prefix: string, n: number, per: number, parentPrefix: string | null, roleId: number, lvl: number) => {
    await exec(sql`
      insert into users (id, username, password_hash, role_id, level, upline_id, company_id, path)
      select id, ${prefix} || g, 'x', ${roleId}, ${lvl}, upline_id, ${co}, path || id || '/'
      from (select nextval(pg_get_serial_sequence('users', 'id')) as id, g, p.id as upline_id, p.path
            from generate_series(0, ${n - 1}) g
            join users p on p.username = (case when ${parentPrefix}::text is null then 'bco' else ${parentPrefix}::text || (g / ${per}) end)) s`);
  };
  await level('bsen', 5, 5, null, 4, 4);
  await level('bmas', 25, 5, 'bsen', 4, 5);
  await level('bagt', 200, 8, 'bmas', 4, 6);
  await level('bply', PLAYERS, Math.ceil(PLAYERS / 200), 'bagt', 5, 7);

  // -- frozen rates: one sheet per level (player 26%, agent 27%, master 27.5%, senior 28%), one chain per player --
  const sheet = async (fp: string, bp: number, big: number[]) => {
    await exec(sql`insert into rate_sheets (package_id, fingerprint) values (0, ${fp})`);
    const id = (await one<{ id: number }>(sql`select id from rate_sheets where fingerprint = ${fp}`))!.id;
    await exec(sql`insert into rate_sheet_rows (sheet_id, code, commission_bp, first, second, third, starter, consolation) values
      (${id}, 'B', ${bp}, ${big[0]}, ${big[1]}, ${big[2]}, ${big[3]}, ${big[4]}),
      (${id}, 'S', ${bp}, 350000, 200000, 100000, 0, 0),
      (${id}, 'A', ${bp}, 66000, 0, 0, 0, 0),
      (${id}, 'C', ${bp}, 25000, 21000, 15000, 0, 0)`);
    return id;
  };
  const sP = await sheet('bench-p', 2600, [250000, 100000, 50000, 18000, 6000]);
  const sA = await sheet('bench-a', 2700, [260000, 105000, 52000, 19000, 6300]);
  const sM = await sheet('bench-m', 2750, [265000, 107000, 53000, 19500, 6400]);
  const sS = await sheet('bench-s', 2800, [270000, 110000, 54000, 20000, 6500]);
  await exec(sql`
    insert into rate_chains (fingerprint, package_type, user_ids, sheet_ids)
    select 'bench-' || p.id, 0, array[p.id, a.id, m.id, s.id, ${co}], array[${sP}, ${sA}, ${sM}, ${sS}, 0]
    from users p join users a on a.id = p.upline_id join users m on m.id = a.upline_id join users s on s.id = m.upline_id
    where p.username like 'bply%'`);

  // -- the draw, tickets (one stake transaction for all), lines and eat shares --
  await exec(sql`insert into draws (pool_id, draw_date, cutoff_at) values (1, '2026-12-02', now() - interval '1 hour')`);
  const drawId = (await one<{ id: number }>(sql`select id from draws where draw_date = '2026-12-02' and pool_id = 1`))!.id;
  const tickets = Math.ceil(LINES / LINES_PER_TICKET);
  await exec(sql`insert into journal_transactions (id, at, kind, company_id) values (nextval('journal_transactions_id_seq'), now(), 'stake', ${co})`);
  const txId = (await one<{ id: number }>(sql`select max(id) as id from journal_transactions`))!.id;
  await exec(sql`
    insert into tickets (id, user_id, placed_by, company_id, source_type, ordered_at, receipt_string, gross, commission, net, transaction_id, rate_chain_normal)
    select g, p.id, p.id, ${co}, 3, now(), 'bench', 0, 0, 0, ${txId}, rc.id
    from generate_series(1, ${tickets}) g
    join users p on p.username = 'bply' || ((g - 1) % ${PLAYERS})
    join rate_chains rc on rc.fingerprint = 'bench-' || p.id`);
  // Mixed codes and types: 1 in 20 numbers a 3-digit-tail strike candidate, a few ibox lines; ~5% strike.
  await exec(sql`
    insert into bet_lines (ticket_id, company_id, user_id, line_no, draw_id, pool_id, draw_date, written_number, number, bet_type, bet_code, stake, commission, unposted)
    select t.id, ${co}, t.user_id, (g % ${LINES_PER_TICKET}) + 1, ${drawId}, 1, '2026-12-02', x.num, x.num,
           case when g % 97 = 0 then 3 else 1 end, ${sql.raw(`(array['${CODES.join("','")}'])`)}[1 + g % ${CODES.length}],
           100 * (1 + g % 5), 26 * (1 + g % 5),
           -- What nobody ate (the eat shares below take 80%), written with the line: an update after the
           -- insert would leave a dead copy of every line, and every scan would read a table twice its size.
           100 * (1 + g % 5) - (100 * (1 + g % 5) * 80) / 100
    from generate_series(0, ${LINES - 1}) g
    join tickets t on t.id = 1 + g / ${LINES_PER_TICKET}
    cross join lateral (select case when g % 20 = 0 then (array['0042', '1111', '2222', '3005', '4007'])[1 + (g / 20) % 5]
                                    else lpad(((g::bigint * 7919) % 10000)::text, 4, '0') end as num) x`);
  // Agent 40%, master 10%, senior 10% of every line; the company eats 20%; the rest is unposted (written
  // with the line above).
  await exec(sql`
    insert into eat_shares (bet_line_id, user_id, draw_id, amount)
    select bl.id, c.member, ${drawId}, (bl.stake * c.pct) / 100
    from bet_lines bl join tickets t on t.id = bl.ticket_id join rate_chains rc on rc.id = t.rate_chain_normal
    cross join lateral (values (rc.user_ids[2], 40), (rc.user_ids[3], 10), (rc.user_ids[4], 10), (rc.user_ids[5], 20)) c(member, pct)
    where bl.draw_id = ${drawId}
    -- In the lines' order, as placement writes a ticket's lines and then their shares.
    order by bl.id, c.member`);
  // The accounts with their balances after the stake transaction (every player's net into open stakes),
  // and that transaction's entries.
  await exec(sql`
    with n as (select bl.user_id, sum(bl.stake - bl.commission) as net from bet_lines bl where bl.draw_id = ${drawId} group by bl.user_id),
    wallets as (
      insert into ledger_accounts (user_id, company_id, balance)
      select u.id, ${co}, -coalesce(n.net, 0) from users u left join n on n.user_id = u.id where u.company_id = ${co}
      returning id, user_id, balance
    ),
    stakes as (
      insert into ledger_accounts (code, company_id, balance) select ${`open-stakes:${co}:0`}, ${co}, sum(net) from n
      returning id, balance
    ),
    legs as (
      select w.id as account_id, w.balance as amount from wallets w join n on n.user_id = w.user_id
      union all select id, balance from stakes
    )
    insert into journal_entries (transaction_id, account_id, amount, balance_after, company_id, at)
    select ${txId}, account_id, amount, amount, ${co}, now() from legs`);
  // What placement adds to the settlement sums as it books each ticket (decision 0043), here for the whole
  // draw at once by the same generator (placement's own cost is measured by bench:bets).
  await exec(sql`analyze`);
  const t0 = Date.now();
  await rebuildChainSums(db, sql`select ${drawId}::int`, { perTicket: true });
  console.log(`settlement sums of the draw's lines written as placement writes them: ${((Date.now() - t0) / 1000).toFixed(2)} s (set-based, not timed as settlement)`);
  await exec(sql`analyze`);
}

async function main() {
  // SETTLE_REUSE=1 (PostgreSQL): the data is seeded once into bench_settle_seed_LINES, kept, and each run
  // settles a fresh copy of it (to measure settlement again without writing a million lines again).
  const reuse = process.env.SETTLE_REUSE === '1' && !!process.env.DATABASE_URL;
  const seedName = `bench_settle_seed_${LINES}`;
  const t0 = Date.now();
  let seeded = false;
  if (reuse && !(await databaseExists(seedName))) {
    const s = await startBench('settle', { keepAs: seedName });
    await seed(s.db);
    await s.stop();
    seeded = true;
  }
  const b = await startBench('settle', reuse ? { template: seedName } : {});
  const db = b.db;
  const exec = (q: ReturnType<typeof sql>) => db.execute(q);
  const one = <T>(q: ReturnType<typeof sql>) => oneOf<T>(db, q);
  if (!reuse) await seed(db);
  const drawId = (await one<{ id: number }>(sql`select id from draws where draw_date = '2026-12-02' and pool_id = 1`))!.id;
  const tickets = Number((await one<{ n: string }>(sql`select count(*)::text as n from tickets`))!.n);
  const lines = Number((await one<{ n: string }>(sql`select count(*)::text as n from bet_lines where draw_id = ${drawId}`))!.n);
  const how = reuse ? (seeded ? 'written, kept as ' + seedName : 'copied from ' + seedName) : 'to write';
  console.log(`data: ${lines.toLocaleString()} lines, ${tickets.toLocaleString()} tickets, ${PLAYERS.toLocaleString()} players (${((Date.now() - t0) / 1000).toFixed(1)} s ${how})`);

  // -- the bare SQL (bareSettleSql): strikes and every link of every line, summed per account; no layers,
  // nothing written. Run before and after the product, interleaved in the same run.
  const patterns = strikePatterns(RESULT);
  // SETTLE_BARE=off: the product alone (to read its plans with auto_explain, say); no ratio is printed.
  const bareOff = process.env.SETTLE_BARE === 'off';
  // Two halves of the draw's lines by id, on two backends at once, added per account.
  const range = (await one<{ lo: string; hi: string }>(sql`select min(id)::text as lo, max(id)::text as hi from bet_lines where draw_id = ${drawId}`))!;
  const [lo, hi] = [Number(range.lo), Number(range.hi)];
  const mid = Math.floor((lo + hi) / 2);
  const runBare = async () => {
    if (bareOff) return { accounts: 0, total: '0', digest: '', ms: NaN };
    const t = Date.now();
    // In a transaction with the settings the product's distribution has (work_mem; JIT off in every
    // session of the server's pool, decision 0053: compiling the statement costs more than it saves).
    const halves = await Promise.all(
      [{ lo, hi: mid }, { lo: mid + 1, hi }].map((ids) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`set local work_mem = '256MB'`);
          for (const s of BARE_SETTINGS) await tx.execute(sql.raw(`set local ${s}`));
          if (process.env.BARE_JIT === '1') await tx.execute(sql`set local jit = on`);
          return ((await tx.execute(bareSettleSql(drawId, patterns, ids))) as unknown as { rows: { member: number; link: string }[] }).rows;
        }),
      ),
    );
    const links = new Map<number, bigint>();
    for (const r of halves.flat()) links.set(Number(r.member), (links.get(Number(r.member)) ?? 0n) + BigInt(r.link));
    const ms = Date.now() - t;
    const members = [...links.keys()].sort((a, b) => a - b);
    // The same text as the product's digest below (member:link in member order, md5).
    const digest = createHash('md5').update(members.map((m) => `${m}:${links.get(m)}`).join(',')).digest('hex');
    return { accounts: members.length, total: String([...links.values()].reduce((a, b) => a + b, 0n)), digest, ms };
  };
  // Once untimed first: the fresh copy's pages are read from disk by whatever reads them first, and its
  // first timed run was 0.6-2.3 s slower than its second; the product, run after it, found them read.
  // Now both timed runs and the product read the same warm pages.
  if (!bareOff) console.log(`bare SQL, warming the copy (not counted): ${((await runBare()).ms / 1000).toFixed(2)} s`);
  const bare1 = await runBare();
  console.log(`bare SQL: ${(bare1.ms / 1000).toFixed(2)} s (${bare1.accounts} accounts, links total ${bare1.total})`);

  // -- the product: release starts round 1; settleDraw runs winners and distribute strike --
  await exec(sql`insert into pool_results (draw_id, pool_id, draw_date, numbers, status, source, changed_at, released_at) values
    (${drawId}, 1, '2026-12-02', ${JSON.stringify(RESULT)}::jsonb, 'released', 'manual', now(), now())`);
  await db.transaction((tx) => startRound(tx, { id: drawId, poolId: 1, drawDate: '2026-12-02' }, 1, new Date()));
  const heapBefore = process.memoryUsage().heapUsed;
  const statementsBefore = await statementSeconds();
  const start = Date.now();
  const deps = { db, clock: { now: () => new Date() }, config: b.config };
  // The product's own path: settleDraw (on PostgreSQL its two steps at once, distribution reading the
  // sums while the strikes are found).
  const d = await settleDraw(deps, drawId, null);
  const ms = Date.now() - start;
  const statementsAfter = await statementSeconds();
  const steps = [...statementsAfter].map(([step, sec]) => ({ step, ms: (sec - (statementsBefore.get(step) ?? 0)) * 1000 })).filter((x) => x.ms > 0);
  const settled = { lines: d.lines, strikes: d.strikes };
  console.log(`  statements (the server's fourd_settlement_statement_duration_seconds): ${steps.map((x) => `${x.step} ${(x.ms / 1000).toFixed(2)} s`).join(', ')}`);
  const heapAfter = process.memoryUsage().heapUsed;

  const bare2 = await runBare();
  const bareMs = (bare1.ms + bare2.ms) / 2;
  console.log(`bare SQL again: ${(bare2.ms / 1000).toFixed(2)} s`);
  console.log(`settleDraw: ${(ms / 1000).toFixed(2)} s for ${settled.lines.toLocaleString()} lines, ${settled.strikes.toLocaleString()} strikes (${(ms / bareMs).toFixed(2)}x the bare SQL's mean of ${(bareMs / 1000).toFixed(2)} s before and after); heap ${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB`);
  // The same per-account link totals as the bare SQL, and a digest of every figure written (to compare runs).
  const mine = await one<{ digest: string; figures: string }>(sql`
    select (select md5(string_agg(user_id || ':' || link, ',' order by user_id))
              from (select user_id, sum(link) as link from settlement_figures where draw_id = ${drawId} group by user_id) f) as digest,
           (select md5(string_agg(f::text, ',' order by user_id, via_user_id, bet_code)) from settlement_figures f where draw_id = ${drawId}) as figures`);
  const same = mine!.digest === bare1.digest && bare1.digest === bare2.digest;
  console.log(`per-account links ${same ? 'equal to' : 'DIFFERENT from'} the bare SQL's; figures digest ${mine!.figures}`);
  const problems = await checkLedger(db);
  console.log(`ledger check: ${problems.length === 0 ? 'balanced' : JSON.stringify(problems).slice(0, 300)}`);
  console.log(machine(b.kind));
  await b.stop();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
