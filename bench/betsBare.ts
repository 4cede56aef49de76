// The baseline of bench/bets.ts (issue 31 lines 1 and 4): the same tickets placed by a bare transaction
// per ticket, straight on the database, with no HTTP, no application and no batching. Run in a process of
// its own, as the load is; prints its result as JSON. PostgreSQL only.
//
// Each ticket copies one the product placed in the phase before (BENCH_TEMPLATES, round robin), so that it
// writes the same rows into the same tables under the same indexes: the ticket, its lines and eat shares,
// its journal transaction with both legs, and the eaten totals its shares count against. One statement,
// prepared once per connection, does what a placement must do and nothing else:
// - claims the idempotency key (a key seen before places nothing);
// - the cutoff: every draw of the ticket's lines open and before its cutoff, by the server's clock;
// - credit: the owner's wallet is debited only if the net stake stays within its credit limit, and the
//   open-stakes account credited only if the wallet was (both locked by their updates until commit);
// - the journal transaction and its two entries with their balances after;
// - the ticket, its lines and their shares; the eaten totals, locked in key order, added to.
// It leaves out what the product does beyond that: the fight limits and red numbers checked against the
// totals, the packages' rates and commission computed, the inbox row, the number queue, the stored
// answer, and the report and settlement summaries (sales_summary, map_summary, settle_sums).
// BENCH_EXPLAIN=1 prints the statement's plan once (rolled back) before the run.
import fs from 'node:fs';
import pg from 'pg';

const url = process.env.BENCH_DATABASE_URL!;
const templates = JSON.parse(fs.readFileSync(process.env.BENCH_TEMPLATES!, 'utf8')) as number[];
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const PLACE = `
with tpl as (select * from tickets where id = $1),
k as (
  insert into idempotency_keys (user_id, key, scope, status, response, created_at)
  select user_id, $2, 'bare', 1, '{}'::jsonb, now() from tpl
  on conflict do nothing returning user_id
),
open as (
  select 1 from k
  where not exists (select 1 from bet_lines l join draws d on d.id = l.draw_id
                    where l.ticket_id = $1 and (d.record_status <> 1 or d.cutoff_at <= now()))
),
w as (
  update ledger_accounts a set balance = a.balance + l.amount, updated_at = now()
  from tpl, journal_entries l, users u
  where l.transaction_id = tpl.transaction_id and l.amount < 0 and a.id = l.account_id and u.id = tpl.user_id
    and a.balance + l.amount + u.credit_limit >= 0 and exists (select 1 from open)
  returning a.id, a.balance, l.amount, a.company_id
),
s as (
  update ledger_accounts a set balance = a.balance + l.amount, updated_at = now()
  from tpl, journal_entries l
  where l.transaction_id = tpl.transaction_id and l.amount >= 0 and a.id = l.account_id and exists (select 1 from w)
  returning a.id, a.balance, l.amount, a.company_id
),
t as (
  insert into journal_transactions (id, at, kind, initiated_by, company_id, memo)
  select nextval('journal_transactions_id_seq'), now(), 'stake', tpl.placed_by, tpl.company_id, null from tpl where exists (select 1 from s)
  returning id
),
je as (
  insert into journal_entries (transaction_id, account_id, amount, balance_after, company_id, at)
  select t.id, x.id, x.amount, x.balance, x.company_id, now() from t, (select * from w union all select * from s) x
),
tk as (
  insert into tickets (id, ticket_no, xid, user_id, placed_by, company_id, source_type, ordered_at, inbox_string, receipt_string,
                       page_info, customer_phone, gross, commission, net, transaction_id, rate_chain_normal, rate_chain_gd)
  select nextval('tickets_id_seq'), 'T' || lpad(nextval('ticket_no_seq')::text, 10, '0'), gen_random_uuid(), user_id, placed_by, company_id,
         source_type, now(), inbox_string, receipt_string, page_info, customer_phone, gross, commission, net, t.id, rate_chain_normal, rate_chain_gd
  from tpl, t
  returning id
),
-- Each line of the template with the id of its copy, so that the shares follow their line.
m as materialized (select l.*, nextval('bet_lines_id_seq') as new_id, tk.id as new_ticket from tk, bet_lines l where l.ticket_id = $1),
bl as (
  insert into bet_lines (id, ticket_id, company_id, user_id, line_no, draw_id, pool_id, draw_date, written_number, number,
                         bet_type, bet_code, stake, commission, unposted)
  select new_id, new_ticket, company_id, user_id, line_no, draw_id, pool_id, draw_date, written_number, number,
         bet_type, bet_code, stake, commission, unposted
  from m
  returning 1
),
-- The template's shares, read through their primary key by the lines' ids (joined to m alone, the
-- planner's estimates of a table growing during the run turned it into a scan of every share).
sh as materialized (
  select m.new_id, x.user_id, x.draw_id, x.amount, x.limit_key
  from eat_shares x join m on m.id = x.bet_line_id
  where x.bet_line_id = any(array(select id from m))
),
es as (insert into eat_shares (bet_line_id, user_id, draw_id, amount, limit_key) select new_id, user_id, draw_id, amount, limit_key from sh),
et as (
  insert into eaten_totals as e (user_id, draw_id, key, amount)
  select user_id, draw_id, limit_key, sum(amount) from sh where limit_key is not null
  group by 1, 2, 3 order by 1, 2, 3
  on conflict (user_id, draw_id, key) do update set amount = e.amount + excluded.amount
)
select (select count(*) from bl)::int as lines`;

/** CPU milliseconds (user + system) a backend has used, from /proc (the database runs on this machine). */
const backendCpuMs = (pid: number) => {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
};

const clients = await Promise.all(
  Array.from({ length: connections }, async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
    return { c, pid: rows[0].pid };
  }),
);
if (process.env.BENCH_EXPLAIN) {
  // The plan of one placement (rolled back), after enough runs for a cached generic plan to be chosen.
  const { c } = clients[0];
  await c.query('begin');
  for (let i = 0; i < 7; i++) await c.query({ name: 'bare_place', text: PLACE, values: [templates[i], `explain-${i}`] });
  const plan = await c.query({ text: `explain (analyze, buffers) execute bare_place(${templates[8]}, 'explain-x')` });
  console.error(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
  await c.query('rollback');
}
const db0 = clients.reduce((a, x) => a + backendCpuMs(x.pid), 0);
const cpu0 = process.cpuUsage();
let n = 0;
let errors = 0;
let refused = 0;
const times: number[] = [];
const end = Date.now() + seconds * 1000;
const started = Date.now();
await Promise.all(
  clients.map(async ({ c }) => {
    while (Date.now() < end) {
      const i = n++;
      const t0 = performance.now();
      try {
        const r = await c.query<{ lines: number }>({ name: 'bare_place', text: PLACE, values: [templates[i % templates.length], `bare-${i}-${process.pid}`] });
        if (r.rows[0].lines > 0) times.push(performance.now() - t0);
        else refused++;
      } catch (e) {
        if (errors++ === 0) console.error(`bare transaction: first error: ${(e as Error).message}`);
      }
    }
  }),
);
const elapsed = (Date.now() - started) / 1000;
const cpu = process.cpuUsage(cpu0);
const db1 = clients.reduce((a, x) => a + backendCpuMs(x.pid), 0);
await Promise.all(clients.map(({ c }) => c.end()));
times.sort((a, b) => a - b);
const pct = (p: number) => (times.length ? Math.round(times[Math.max(0, Math.ceil(p * times.length) - 1)]) : NaN);
const total = times.length;
console.log(
  JSON.stringify({
    average: total / elapsed,
    total,
    p50: pct(0.5),
    p95: pct(0.95),
    p99: pct(0.99),
    refused,
    errors,
    clientCpuPerTicket: (cpu.user + cpu.system) / 1000 / Math.max(1, total),
    dbCpuPerTicket: (db1 - db0) / Math.max(1, total),
  }),
);
