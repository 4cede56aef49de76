// npm run bench:reports (issue 12 item 12): PostgreSQL (DATABASE_URL), LINES settled bet lines (default
// 10,000,000) over 60 draw dates (one Magnum draw a date), 20,000 players under 5-level chains (company,
// senior, master, agent, player); one draw, the last, holds MAP_LINES of them (default 1,000,000) for
// the map. Then, over HTTP, every report for the company and for an agent over 31 days, the map of the
// big draw, and the same with 8 users at once against one.
//
// The data is written by set-based SQL as bench/settle.ts writes it (accounts, frozen rate chains,
// tickets, lines, eat shares, one stake transaction); the report summaries by the product's own generator
// (reports/summaries.ts, as placement appends them), and every draw is settled by the product's steps
// (winners, then distribute, which books settlement_figures and folds the summaries).
// SEED_REUSE=1 keeps the seeded database as bench_reports_seed_LINES and reuses it on later runs.
// Every row is written once at its final size (issue 31 line 4: a row updated after its insert leaves a
// dead version behind, and every scan, the product's and the baselines', would read a table twice its size).
// Each report is timed beside its baseline (bench/reportBaselines.ts, bare SQL on the same summary rows),
// interleaved, with a digest of the product's answer (equal before and after a change of the product).
// USERS=0 stops after those (no concurrent users); SEED_IN_PLACE=1 measures on the kept seed, not a copy.
import { createHash } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { PoolResult } from '@app/domain';
import { distribute, insertWinners, startRound } from '../apps/server/src/modules/settlement/service';
import { summarizeDrawLines } from '../apps/server/src/modules/reports/summaries';
import { rebuildChainSums } from '../apps/server/src/modules/settlement/chainSums';
import { baselines } from './reportBaselines';
import { databaseExists, machine, rangeReports, startBench, XHR } from './support';
import { shuffledBy } from './shuffle';

const LINES = Number(process.env.LINES ?? 10_000_000);
const DATES = Number(process.env.DATES ?? 60);
const MAP_LINES = Math.min(Number(process.env.MAP_LINES ?? 1_000_000), Math.floor(LINES / 2));
const PLAYERS = Math.min(20_000, Math.max(200, Math.floor(LINES / 100)));
const LINES_PER_TICKET = 20;
const CODES = ['B', 'S', 'A', 'C'];
const FIRST_DATE = '2026-09-01';
const RESULT: PoolResult = {
  fourD: {
    first: '0042',
    second: '1111',
    third: '2222',
    starter: ['3001', '3002', '3003', '3004', '3005', '3006', '3007', '3008', '3009', '3010'],
    consolation: ['4001', '4002', '4003', '4004', '4005', '4006', '4007', '4008', '4009', '4010'],
  },
};

type Bench = Awaited<ReturnType<typeof startBench>>;
type Db = Bench['db'];
const all = async <T>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
const dateOf = (i: number) => new Date(Date.parse(`${FIRST_DATE}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
const secs = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

async function seed(b: Bench) {
  const db = b.db;
  const exec = (q: ReturnType<typeof sql>) => db.execute(q);
  const one = async <T>(q: ReturnType<typeof sql>) => (await all<T>(db, q))[0];
  const admin = await b.login('benchadmin');
  // The company and the measured agent through the API (so that they can sign in), the rest by SQL.
  const co = (await b.call(admin, '/api/Account/CreateOrUpdateUser', { username: 'rco', password: 'Bench-pass-1', fullName: 'rco', level: 1, creditLimit: 9_000_000_000, positionTaking: 100 })) as { userId: number };
  const coId = co.userId;
  const level = async (prefix: string, n: number, per: number, parentPrefix: string | null, roleId: number, lvl: number) => {
    // The id drawn first (a volatile select list keeps the subquery apart), so that the path is written
    // with the row rather than by a second pass.
    await exec(sql`
      insert into users (id, username, password_hash, role_id, level, upline_id, company_id, path)
      select x.id, ${prefix} || x.g, 'x', ${roleId}, ${lvl}, x.upline, ${coId}, x.path || x.id || '/'
      from (select nextval(pg_get_serial_sequence('users', 'id')) as id, g, p.id as upline, p.path
            from generate_series(0, ${n - 1}) g
            join users p on p.username = (case when ${parentPrefix}::text is null then 'rco' else ${parentPrefix}::text || (g / ${per}) end)
            order by g) x`);
  };
  await level('rsen', 5, 5, null, 4, 4);
  await level('rmas', 25, 5, 'rsen', 4, 5);
  await level('ragt', 200, 8, 'rmas', 4, 6);
  await level('rply', PLAYERS, Math.ceil(PLAYERS / 200), 'ragt', 5, 7);
  // The measured agent signs in with the company's password (same hash).
  await exec(sql`update users a set password_hash = c.password_hash, skip_tnc = c.skip_tnc, tnc_agreed_at = c.tnc_agreed_at
                 from users c where c.id = ${coId} and a.username = 'ragt0'`);
  await exec(sql`insert into user_permission_roles (user_id, role_id) select u.id, r.id from users u, permission_roles r
                 where u.username = 'ragt0' and r.seed_key = 'agent'`);

  // Frozen rates: one sheet per level, one chain per player (as bench/settle.ts).
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
  const sP = await sheet('rep-p', 2600, [250000, 100000, 50000, 18000, 6000]);
  const sA = await sheet('rep-a', 2700, [260000, 105000, 52000, 19000, 6300]);
  const sM = await sheet('rep-m', 2750, [265000, 107000, 53000, 19500, 6400]);
  const sS = await sheet('rep-s', 2800, [270000, 110000, 54000, 20000, 6500]);
  await exec(sql`
    insert into rate_chains (fingerprint, package_type, user_ids, sheet_ids)
    select 'rep-' || p.id, 0, array[p.id, a.id, m.id, s.id, ${coId}], array[${sP}, ${sA}, ${sM}, ${sS}, 0]
    from users p join users a on a.id = p.upline_id join users m on m.id = a.upline_id join users s on s.id = m.upline_id
    where p.username like 'rply%'`);
  await exec(sql`create temporary table rep_players as select row_number() over (order by p.id) - 1 as k, p.id, rc.id as chain
                 from users p join rate_chains rc on rc.fingerprint = 'rep-' || p.id where p.username like 'rply%'`);
  await exec(sql`create index on rep_players (k)`);
  await exec(sql`insert into journal_transactions (id, at, kind, company_id) values (nextval('journal_transactions_id_seq'), now(), 'stake', ${coId})`);
  const txId = (await one<{ id: number }>(sql`select max(id) as id from journal_transactions`))!.id;

  // 60 draws; the last holds MAP_LINES, the others share the rest.
  const rest = Math.floor((LINES - MAP_LINES) / (DATES - 1));
  let ticketBase = 0;
  for (let i = 0; i < DATES; i++) {
    const t0 = Date.now();
    const date = dateOf(i);
    const lines = i === DATES - 1 ? LINES - rest * (DATES - 1) : rest;
    await exec(sql`insert into draws (pool_id, draw_date, cutoff_at) values (1, ${date}, ${`${date}T11:00:00Z`}::timestamptz)`);
    const drawId = (await one<{ id: number }>(sql`select id from draws where draw_date = ${date} and pool_id = 1`))!.id;
    const tickets = Math.ceil(lines / LINES_PER_TICKET);
    await exec(sql`
      insert into tickets (id, user_id, placed_by, company_id, source_type, ordered_at, receipt_string, gross, commission, net, transaction_id, rate_chain_normal)
      select ${ticketBase} + g, p.id, p.id, ${coId}, 3, ${`${date}T08:00:00Z`}::timestamptz, 'bench', s.gross, s.commission, s.gross - s.commission, ${txId}, p.chain
      from generate_series(1, ${tickets}) g join rep_players p on p.k = (${ticketBase} + g) % ${PLAYERS}
      -- The ticket's totals from its lines' formulas below, so that no ticket is written twice.
      cross join lateral (select sum(100 * (1 + l % 5)) as gross, sum(26 * (1 + l % 5)) as commission
                          from generate_series(${LINES_PER_TICKET} * (g - 1), least(${LINES_PER_TICKET} * g, ${lines}) - 1) l) s`);
    await exec(sql`
      insert into bet_lines (ticket_id, company_id, user_id, line_no, draw_id, pool_id, draw_date, written_number, number, bet_type, bet_code, stake, commission, unposted)
      select t.id, ${coId}, t.user_id, (g % ${LINES_PER_TICKET}) + 1, ${drawId}, 1, ${date}, x.num, x.num, 1,
             ${sql.raw(`(array['${CODES.join("','")}'])`)}[1 + g % ${CODES.length}], 100 * (1 + g % 5), 26 * (1 + g % 5),
             100 * (1 + g % 5) - (100 * (1 + g % 5) * 80) / 100
      from generate_series(0, ${lines - 1}) g
      join tickets t on t.id = ${ticketBase} + 1 + g / ${LINES_PER_TICKET}
      cross join lateral (select case when g % 20 = 0 then (array['0042', '1111', '2222', '3005', '4007'])[1 + (g / 20) % 5]
                                      else lpad(((g::bigint * 7919 + ${i * 37}) % 10000)::text, 4, '0') end as num) x`);
    // Agent 40%, master 10%, senior 10%; the company eats 20%; the rest is unposted.
    await exec(sql`
      insert into eat_shares (bet_line_id, user_id, draw_id, amount)
      select bl.id, c.member, ${drawId}, (bl.stake * c.pct) / 100
      from bet_lines bl join tickets t on t.id = bl.ticket_id join rate_chains rc on rc.id = t.rate_chain_normal
      cross join lateral (values (rc.user_ids[2], 40), (rc.user_ids[3], 10), (rc.user_ids[4], 10), (rc.user_ids[5], 20)) c(member, pct)
      where bl.draw_id = ${drawId}`);
    await exec(sql`analyze tickets, bet_lines, eat_shares`);
    await summarizeDrawLines(db, drawId);
    ticketBase += tickets;
    console.log(`  draw ${i + 1}/${DATES} ${date}: ${lines.toLocaleString()} lines (${secs(t0)})`);
  }
  // The stake transaction: every player's net into open stakes; the accounts are written here with the
  // balances it leaves (one write each).
  await exec(sql`
    with n as (select t.user_id, sum(t.net) as net from tickets t where t.company_id = ${coId} group by t.user_id),
    la as (insert into ledger_accounts (user_id, company_id, balance)
           select u.id, ${coId}, coalesce(-n.net, 0) from users u left join n on n.user_id = u.id where u.company_id = ${coId} and u.id <> ${coId}
           returning id, user_id, balance),
    os as (insert into ledger_accounts (code, company_id, balance) select ${`open-stakes:${coId}:0`}, ${coId}, sum(net) from n returning id, balance),
    legs as (select la.id as account_id, la.balance as amount from la join n on n.user_id = la.user_id union all select id, balance from os)
    insert into journal_entries (transaction_id, account_id, amount, balance_after, company_id, at)
    select ${txId}, account_id, amount, amount, ${coId}, now() from legs`);
  // What placement would have added to the settlement sums (decision 0043), draw by draw.
  await exec(sql`analyze`);
  for (const d of await all<{ id: number }>(db, sql`select id from draws order by id`)) await rebuildChainSums(db, sql`select ${Number(d.id)}::int`, { perTicket: true });
  await exec(sql`analyze`);

  // Every draw settled by the product's steps (the figures win/loss reads; the summaries folded).
  const deps = { db, clock: { now: () => new Date() }, config: b.config };
  const draws = await all<{ id: number; date: string }>(db, sql`select id, to_char(draw_date, 'YYYY-MM-DD') as date from draws where pool_id = 1 order by draw_date`);
  for (const d of draws) {
    const t0 = Date.now();
    await exec(sql`insert into pool_results (draw_id, pool_id, draw_date, numbers, status, source, changed_at, released_at) values
      (${d.id}, 1, ${d.date}, ${JSON.stringify(RESULT)}::jsonb, 'released', 'manual', now(), now())`);
    await db.transaction((tx) => startRound(tx, { id: Number(d.id), poolId: 1, drawDate: d.date }, 1, new Date()));
    await insertWinners(deps, Number(d.id));
    await distribute(deps, Number(d.id), null);
    console.log(`  settled ${d.date} (${secs(t0)})`);
  }
  await exec(sql`analyze`);
}

const pct = (v: number[], p: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('bench:reports runs on PostgreSQL: set DATABASE_URL');
  const reuse = process.env.SEED_REUSE === '1';
  const seedName = `bench_reports_seed_${LINES}`;
  const t0 = Date.now();
  let how = 'written';
  if (reuse && (await databaseExists(seedName))) {
    // Migrations added since the seed was written run on it once (and are kept with it).
    const m = Date.now();
    const kept = await startBench('reports', { keepAs: seedName, existing: true });
    // The settled summaries are insert-only: autovacuum sets their pages all-visible after a while (so the
    // stakeholder report reads its covering index alone); here at once.
    await kept.db.execute(sql`vacuum (analyze) stakeholder_summary, winning_summary, winners`);
    await kept.db.execute(sql`analyze`);
    await kept.stop();
    how = `copied from ${seedName}, migrated in ${secs(m)}`;
  }
  else if (reuse) {
    const s = await startBench('reports', { keepAs: seedName });
    await seed(s);
    await s.stop();
    how = `written, kept as ${seedName}`;
  }
  // REPORT_CONCURRENCY: the report gate's turns (decision 0045; default the cores); a large number is no gate.
  const gate = process.env.REPORT_CONCURRENCY ? { config: { reportConcurrency: Number(process.env.REPORT_CONCURRENCY) } } : {};
  // SEED_IN_PLACE=1 (with SEED_REUSE=1): measure on the kept seed itself rather than a copy (the reports
  // only read; the sign-ins write sessions), which saves copying 10 GB before each of several runs.
  const inPlace = reuse && process.env.SEED_IN_PLACE === '1';
  const b = await startBench('reports', inPlace ? { keepAs: seedName, existing: true, ...gate } : reuse ? { template: seedName, ...gate } : gate);
  if (!reuse) await seed(b);
  const db = b.db;
  const [c] = await all<{ lines: string; tickets: string; map: string; mapDraw: number; figures: string; sales: string; maps: string }>(db, sql`
    select (select count(*) from bet_lines)::text as lines, (select count(*) from tickets)::text as tickets,
           (select max(draw_id) from bet_lines) as "mapDraw",
           (select count(*) from bet_lines where draw_id = (select max(draw_id) from bet_lines))::text as map,
           (select count(*) from settlement_figures)::text as figures, (select count(*) from sales_summary)::text as sales,
           (select count(*) from map_summary)::text as maps`);
  console.log(`data: ${Number(c.lines).toLocaleString()} lines, ${Number(c.tickets).toLocaleString()} tickets, ${PLAYERS.toLocaleString()} players, ${DATES} draw dates; map draw ${Number(c.map).toLocaleString()} lines; summaries: ${Number(c.sales).toLocaleString()} sales rows, ${Number(c.maps).toLocaleString()} map rows, ${Number(c.figures).toLocaleString()} settlement figures (${secs(t0)}, ${how})`);

  // Eight agents sign in (ragt0 since the seed; the others as it was written then, for seeds kept before).
  const AGENTS = Array.from({ length: 8 }, (_, i) => `ragt${i}`);
  await db.execute(sql`update users a set password_hash = c.password_hash, skip_tnc = c.skip_tnc, tnc_agreed_at = c.tnc_agreed_at
                       from users c where c.username = 'rco' and a.username in (${sql.join(AGENTS.map((a) => sql`${a}`), sql`, `)})`);
  await db.execute(sql`insert into user_permission_roles (user_id, role_id) select u.id, r.id from users u, permission_roles r
                       where u.username in (${sql.join(AGENTS.map((a) => sql`${a}`), sql`, `)}) and r.seed_key = 'agent'
                         and not exists (select 1 from user_permission_roles x where x.user_id = u.id and x.role_id = r.id)`);
  const coCookie = await b.login('rco');
  const agentCookies = await Promise.all(AGENTS.map((a) => b.login(a)));
  const agentCookie = agentCookies[0];
  const range = { fromDate: dateOf(DATES - 31), toDate: dateOf(DATES - 1) };
  const reports = rangeReports(range, dateOf(DATES - 1));
  let lastBody = '';
  const time = async (cookie: string, name: string, q: Record<string, string | number>) => {
    const s = performance.now();
    const res = await fetch(`${b.base}/api/Report/${name}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`, { headers: { ...XHR, cookie } });
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    lastBody = await res.text();
    return performance.now() - s;
  };
  const timeSql = async (q: ReturnType<typeof sql>) => {
    const s = performance.now();
    await db.execute(q);
    return performance.now() - s;
  };
  // The answer's digest (the body as the client gets it), to show a change of the product left it alone.
  const digest = () => createHash('sha256').update(lastBody).digest('hex').slice(0, 12);
  const mapQ = { drawId: Number(c.mapDraw) };
  const nodes = await all<{ id: number; path: string; username: string }>(db, sql`select id, path, username from users where username in ('rco', 'ragt0')`);
  const nodeOf = (u: string) => {
    const r = nodes.find((x) => x.username === u)!;
    return { id: Number(r.id), path: r.path, company: u === 'rco' };
  };
  const base = {
    company: baselines(nodeOf('rco'), range, dateOf(DATES - 1), mapQ.drawId),
    agent: baselines(nodeOf('ragt0'), range, dateOf(DATES - 1), mapQ.drawId),
  };
  const REPS = Number(process.env.REPS ?? 3);
  // Product (over HTTP) and its baseline (bare SQL on the bench's connection) alternate, after one warm
  // call of each; medians of REPS.
  console.log(`\n| report | company, 31 days: product / baseline (median of ${REPS}) | agent, 31 days: product / baseline | digest company / agent |`);
  console.log('|---|---|---|---|');
  for (const [name, q] of [...reports, ['GetMapReport', mapQ] as [string, Record<string, number>]]) {
    const row: string[] = [];
    const digests: string[] = [];
    for (const [who, cookie] of [['company', coCookie], ['agent', agentCookie]] as const) {
      const bare = base[who][name];
      await time(cookie, name, q); // warm
      digests.push(digest());
      await timeSql(bare);
      const t: number[] = [];
      const tb: number[] = [];
      for (let i = 0; i < REPS; i++) {
        t.push(await time(cookie, name, q));
        tb.push(await timeSql(bare));
      }
      row.push(`${pct(t, 50).toFixed(0)} / ${pct(tb, 50).toFixed(0)} ms`);
    }
    const label = name === 'GetMapReport' ? `GetMapReport (${Number(c.map).toLocaleString()}-line draw)` : name;
    console.log(`| ${label} | ${row.join(' | ')} | ${digests.join(' / ')} |`);
  }
  const users = Number(process.env.USERS ?? 8);
  if (users === 0) {
    console.log(`# ${machine(b.kind)}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    await b.stop();
    return;
  }

  // One user, then 8 at once, each running the company's and the agent's reports in turn: first in step
  // (every user the same calls in the same order from the same instant, so all 8 ask for the heaviest
  // report together), then each user in an order of its own (a fixed shuffle per user, the same every
  // run), as agents reading their screens at once would.
  const calls: [string, Record<string, string | number>, string][] = [];
  for (const [name, q] of [...reports, ['GetMapReport', mapQ] as [string, Record<string, number>]]) {
    for (const cookie of [coCookie, agentCookie]) calls.push([name, q, cookie]);
  }
  const shuffled = (seed: number) => shuffledBy(seed, calls);
  const round = async (order = calls) => {
    const t: number[] = [];
    for (const [name, q, cookie] of order) t.push(await time(cookie, name, q));
    return t;
  };
  const single = (await round()).concat(await round());
  const s8 = performance.now();
  const many = (await Promise.all(Array.from({ length: users }, async () => (await round()).concat(await round())))).flat();
  const inStep = (performance.now() - s8) / 1000;
  const s8own = performance.now();
  const own = (await Promise.all(Array.from({ length: users }, async (_, u) => (await round(shuffled(u + 1))).concat(await round(shuffled(u + 101)))))).flat();
  const ownOrder = (performance.now() - s8own) / 1000;
  // Then eight different agents in step, each its own reports (eight subtrees: nothing to share), against
  // one agent alone.
  const agentCalls = (cookie: string) => calls.filter(([, , c]) => c === agentCookie).map(([n, q]) => [n, q, cookie] as [string, Record<string, string | number>, string]);
  const oneAgent = (await round(agentCalls(agentCookie))).concat(await round(agentCalls(agentCookie)));
  const s8agents = performance.now();
  const agents = (await Promise.all(agentCookies.map(async (cookie) => (await round(agentCalls(cookie))).concat(await round(agentCalls(cookie)))))).flat();
  const agentsTime = (performance.now() - s8agents) / 1000;
  console.log(`\nall reports (company and agent, map included), 1 user: p50 ${pct(single, 50).toFixed(0)} ms, p95 ${pct(single, 95).toFixed(0)} ms`);
  console.log(`${users} users at once, in step: p50 ${pct(many, 50).toFixed(0)} ms, p95 ${pct(many, 95).toFixed(0)} ms (${(pct(many, 95) / pct(single, 95)).toFixed(2)}x one user's p95; ${inStep.toFixed(1)} s)`);
  console.log(`${users} users at once, each its own order: p50 ${pct(own, 50).toFixed(0)} ms, p95 ${pct(own, 95).toFixed(0)} ms (${(pct(own, 95) / pct(single, 95)).toFixed(2)}x one user's p95; ${ownOrder.toFixed(1)} s)`);
  console.log(`one agent's reports, 1 agent: p50 ${pct(oneAgent, 50).toFixed(0)} ms, p95 ${pct(oneAgent, 95).toFixed(0)} ms; ${AGENTS.length} different agents at once, in step: p50 ${pct(agents, 50).toFixed(0)} ms, p95 ${pct(agents, 95).toFixed(0)} ms (${(pct(agents, 95) / pct(oneAgent, 95)).toFixed(2)}x; ${agentsTime.toFixed(1)} s)`);
  console.log(`# report gate: ${b.config.reportConcurrency} at once; ${machine(b.kind)}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await b.stop();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
