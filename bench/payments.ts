// Credit ledger benchmarks (not tests): `npx tsx bench/payments.ts` (PGlite) or
// `DATABASE_URL=postgres://... npx tsx bench/payments.ts`. Prints figures to record in docs/benchmarks.md.
// BENCH_SECONDS (default 10) per HTTP run, BENCH_PLAYERS (default 10000) for the auto transfer run.
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { runAutoTransfer } from '../apps/server/src/modules/jobs';
import { rows } from '../apps/server/src/modules/ledger/queries';
import { checkLedger, retryStats } from '../apps/server/src/modules/ledger/service';
import { createAccount } from '../apps/server/src/modules/accounts/service';
import { systemClock } from '../apps/server/src/platform/clock';
import { hashPassword } from '../apps/server/src/platform/password';
import { BENCH_PASSWORD as PASSWORD, machine, startBench, XHR as xhr } from './support';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const players = Number(process.env.BENCH_PLAYERS ?? 10_000);
const bench = await startBench('pay');
const { db, config, base, login } = bench;

const hash = await hashPassword(PASSWORD);
const account = (username: string, roleId: number, parentId: number, creditLimit: number) =>
  db.transaction((tx) => createAccount(tx, { username, fullName: username, passwordHash: hash, secondaryPasswordHash: null, roleId, parentId, isMainAccount: true, skipTnc: true, creditLimit }));

async function run(title: string, opts: autocannon.Options) {
  const r = await autocannon({ duration: seconds, connections: 10, ...opts });
  const line = `${title}: ${r.requests.average.toFixed(0)} req/s, latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`;
  console.log(line);
}

async function timed<T>(title: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  console.log(`${title}: ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  return out;
}

console.log(`# ${machine(bench.kind)}, ${seconds}s per run, 10 connections`);

// One company with ten agents (a hot upline wallet), and ten companies with one agent each (no shared wallet).
const hot = await account('hotco', 3, 1, 9_999_999_900);
const hotAgents: number[] = [];
for (let i = 0; i < 10; i++) hotAgents.push(await account(`hotag${i}`, 4, hot, 0));
const pairs: { cookie: string; target: number }[] = [];
for (let i = 0; i < 10; i++) {
  const co = await account(`spreadco${i}`, 3, 1, 9_999_999_900);
  pairs.push({ cookie: await login(`spreadco${i}`), target: await account(`spreadag${i}`, 4, co, 0) });
}
const hotCookie = await login('hotco');
let n = 0;
const paymentBody = (target: number) => JSON.stringify({ targetUserId: target, type: 1, amount: 100, idempotencyKey: crypto.randomUUID() });

await run('MakePayment, one upline to 10 downlines (one hot wallet)', {
  url: `${base}/api/Payment/MakePayment`,
  method: 'POST',
  headers: { ...xhr, 'content-type': 'application/json', cookie: hotCookie },
  requests: [{ setupRequest: (req) => ({ ...req, body: paymentBody(hotAgents[n++ % 10]) }) }],
});
await run('MakePayment, 10 uplines to their own downline (no shared wallet)', {
  url: `${base}/api/Payment/MakePayment`,
  method: 'POST',
  requests: [
    {
      setupRequest: (req) => {
        const p = pairs[n++ % 10];
        return { ...req, headers: { ...xhr, 'content-type': 'application/json', cookie: p.cookie }, body: paymentBody(p.target) };
      },
    },
  ],
});
const fixed = JSON.stringify({ targetUserId: hotAgents[0], type: 1, amount: 100, idempotencyKey: 'bench-replayed-key' });
await run('MakePayment retried with one key (stored answer replayed)', {
  url: `${base}/api/Payment/MakePayment`,
  method: 'POST',
  headers: { ...xhr, 'content-type': 'application/json', cookie: hotCookie },
  body: fixed,
});
const [{ count }] = await rows<{ count: number }>(db, sql`select count(*)::int as count from payments`);
await run(`GetPaymentHistory page 1 of 20 (${count} payments in the subtree)`, {
  url: `${base}/api/Payment/GetPaymentHistory?page=1&pageSize=20`,
  headers: { ...xhr, cookie: hotCookie },
});
await run('GetPlayerTransaction page 1 of 20 (hot company wallet)', {
  url: `${base}/api/Report/GetPlayerTransaction?page=1&pageSize=20`,
  headers: { ...xhr, cookie: hotCookie },
});
await run('GetPlayerTransaction, CSV of the whole log of one agent', {
  url: `${base}/api/Report/GetPlayerTransaction?format=csv&userId=${hotAgents[0]}`,
  headers: { ...xhr, cookie: hotCookie },
  duration: Math.min(seconds, 5),
});

// Auto transfer: `players` players under 100 agents, every one with a balance, all on daily auto transfer.
await timed(`seed ${players} players under 100 agents with balances (set-based)`, async () => {
  const co = await account('atco', 3, 1, 9_999_999_900);
  await db.execute(sql`
    insert into users (username, full_name, password_hash, role_id, upline_id, credit_limit, auto_transfer, auto_transfer_frequency)
    select 'atag' || g, 'agent ' || g, ${hash}, 4, ${co}, 100000000, true, 1 from generate_series(1, 100) g`);
  await db.execute(sql`update users u set path = p.path || u.id || '/' from users p where p.id = u.upline_id and u.username like 'atag%'`);
  await db.execute(sql`
    insert into users (username, full_name, password_hash, role_id, upline_id, credit_limit, auto_transfer, auto_transfer_frequency)
    select 'atpl' || g, 'player ' || g, ${hash}, 5, a.id, 1000000, true, 1
    from generate_series(1, ${players}) g join users a on a.username = 'atag' || (1 + g % 100)`);
  await db.execute(sql`update users u set path = p.path || u.id || '/' from users p where p.id = u.upline_id and u.username like 'atpl%'`);
  await db.execute(sql`insert into ledger_accounts (user_id, balance) select id, 0 from users where username like 'atpl%' or username like 'atag%' or id = ${co}`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with d as materialized (
        select pw.id as pw, aw.id as aw, ((u.id % 201) - 100) * 100 as amt,
               nextval(pg_get_serial_sequence('journal_transactions', 'id')) as tx
        from users u join ledger_accounts pw on pw.user_id = u.id join ledger_accounts aw on aw.user_id = u.upline_id
        where u.username like 'atpl%' and (u.id % 201) <> 100
      ),
      t as (insert into journal_transactions (id, at, kind) select tx, now(), 'transfer' from d),
      legs as (
        select tx, pw as account, amt as amount, amt::bigint as balance_after from d
        union all
        select tx, aw, -amt, sum(-amt) over (partition by aw order by tx rows unbounded preceding) from d
      ),
      e as (insert into journal_entries (transaction_id, account_id, amount, balance_after, at) select tx, account, amount, balance_after, now() from legs)
      update ledger_accounts l set balance = l.balance + s.delta
      from (select account, sum(amount) as delta from legs group by account) s where l.id = s.account`);
  });
});
const today = new Date().toISOString().slice(0, 10);
const result = await timed(`auto transfer of ${players + 100} accounts (one transaction, set-based per level)`, () =>
  runAutoTransfer({ db, clock: systemClock, config }, today),
);
console.log(`  settled ${result.accounts} accounts, ${result.moved} cents moved`);
const [{ entries }] = await rows<{ entries: number }>(db, sql`select count(*)::int as entries from journal_entries`);
const violations = await timed(`checkLedger over ${entries} journal entries`, () => checkLedger(db));
console.log(`  violations: ${violations.length}; transaction retries: ${JSON.stringify(retryStats)}`);

await bench.stop();
