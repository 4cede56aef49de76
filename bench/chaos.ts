// npm run chaos (issue 30 line 10; not in CI: it needs `npm run cluster -- up` and takes minutes). On the
// local cluster, through HAProxy: players place bets for a minute, each retrying with the same
// idempotency key after an error; one app process is killed (SIGKILL) in the middle and started again;
// then the primary PostgreSQL node crashes and pg_auto_failover promotes the standby; then a draw is
// settled while the app process running its distribution is killed. It prints what was acknowledged and
// what the database holds, how long the service was unavailable at each fault, and the ledger's checks.
// CHAOS_SECONDS (60), CHAOS_CLIENTS (12) change the load.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { HierarchyLevel } from '@app/domain';
import * as schema from '../apps/server/src/db/schema';
import { checkLedger } from '../apps/server/src/modules/ledger/service';
import type { Db } from '../apps/server/src/platform/db';
import { appPort, appRunning, startAppSupervised, stopApp, waitForApp } from '../scripts/cluster/apps';
import { appHealthPath } from '../scripts/cluster/haproxy';
import { adminPassword, baseUrl, demoPassword, host, ports, roles } from '../scripts/cluster/layout';
import { nodeStates, primaryNode, runKeeper, stopKeeper, waitForFormation } from '../scripts/cluster/postgres';
import { sleep, waitFor } from '../scripts/cluster/processes';

const SECONDS = Number(process.env.CHAOS_SECONDS ?? 60);
const CLIENTS = Number(process.env.CHAOS_CLIENTS ?? 12);
// Into the minute of placing: an app process killed, then the primary crashed, leaving time to bet after it.
const KILL_APP_AT = 0.15 * SECONDS * 1000;
const CRASH_PRIMARY_AT = 0.4 * SECONDS * 1000;
const REQUEST_TIMEOUT_MS = 30_000;
/** A key still without a final answer after this long is given up (and reported). */
const GIVE_UP_MS = 180_000;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const run = Date.now().toString(36).slice(-5);
const t0 = Date.now();
const at = () => ((Date.now() - t0) / 1000).toFixed(1).padStart(6);
const say = (s: string) => console.log(`[${at()} s] ${s}`);

// ---------------------------------------------------------------- the API, as a browser calls it
type Answer = { status: number; body: { success?: boolean; message?: string; data?: unknown } | null; setCookie: string | null };

async function request(url: string, init: { cookie?: string; json?: unknown; form?: string; method?: string }, base = baseUrl()): Promise<Answer> {
  const headers: Record<string, string> = { ...XHR };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await fetch(`${base}${url}`, {
    method: init.method ?? (init.json !== undefined || init.form !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.form,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  let body: Answer['body'] = null;
  try {
    body = JSON.parse(text);
  } catch {
    // HAProxy's own 502/503 page
  }
  return { status: res.status, body, setCookie: res.headers.get('set-cookie') };
}

/** Setup and settlement calls: retried through transient failures for up to two minutes, a refusal throws. */
async function call<T>(cookie: string, url: string, json?: unknown, base?: string): Promise<T> {
  const end = Date.now() + 120_000;
  for (;;) {
    let failure: string;
    try {
      const r = await request(url, { cookie, json }, base);
      if (r.status === 200) return r.body!.data as T;
      failure = `${url}: ${r.status} ${r.body?.message ?? ''}`;
      if (r.status < 500 && r.body !== null) throw new Error(failure);
    } catch (e) {
      if ((e as Error).message.startsWith(url)) throw e;
      failure = `${url}: ${(e as Error).message}`;
    }
    if (Date.now() > end) throw new Error(failure);
    await sleep(500);
  }
}

async function login(username: string, password: string): Promise<string> {
  for (let i = 0; ; i++) {
    const r = await request('/api/Account/Login', { form: `username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}` }).catch(() => null);
    if (r?.status === 200) {
      const cookie = (r.setCookie ?? '').split(';')[0];
      if (!(r.body!.data as { skipTNC: boolean }).skipTNC) await call(cookie, '/api/Account/AgreeTermsAndConditions', { doNotShowAgain: true });
      return cookie;
    }
    if (i > 20) throw new Error(`login ${username}: ${r?.status} ${r?.body?.message}`);
    await sleep(500);
  }
}

// ---------------------------------------------------------------- the draw the bets go to
interface Clock {
  serverTime: string;
  businessDate: string;
  timeZone: string;
  pools: { poolId: number; draws: { drawId: number; drawDate: string; cutoffAt: string }[] }[];
}
const POOLS = [1, 2, 3, 5, 6, 7];

function cutoffParts(when: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(when).map((p) => [p.type, p.value]),
  );
  return { cutoffHour: Number(parts.hour), cutoffMinute: Number(parts.minute) };
}

interface Draw {
  drawId: number;
  poolId: number;
  drawDate: string;
}

/**
 * A draw of today open until `minutes` from now: the first pool whose draw of today is still open (its
 * cutoff moved), or that has none today (a special draw). An earlier run closed and settled its own.
 */
async function openDraw(admin: string, minutes: number): Promise<Draw> {
  const clock = await call<Clock>(admin, `/api/Pools/GetDrawClock?poolIds=${POOLS.join(',')}`);
  const drawDate = clock.businessDate;
  const cutoff = cutoffParts(new Date(Date.parse(clock.serverTime) + minutes * 60_000), clock.timeZone);
  const today = await call<{ drawId: number; poolId: number }[]>(admin, `/api/Pools/GetPoolScheduleByDay?date=${drawDate}`);
  for (const poolId of POOLS) {
    const existing = today.find((d) => d.poolId === poolId);
    if (!existing) {
      const draw = await call<{ drawId: number }>(admin, '/api/Pools/SubmitNewDraw', { poolId, drawDate, isSpecial: true, ...cutoff });
      return { drawId: draw.drawId, poolId, drawDate };
    }
    const open = clock.pools.find((p) => p.poolId === poolId)?.draws.some((d) => d.drawId === existing.drawId);
    if (!open) continue;
    await call(admin, '/api/Pools/SubmitEditedDraw', { drawId: existing.drawId, ...cutoff, secondaryPassword: adminPassword });
    return { drawId: existing.drawId, poolId, drawDate };
  }
  throw new Error(`every pool's draw of ${drawDate} is closed: run the chaos again tomorrow, or on a new cluster`);
}

/** Moves the draw's cutoff to the first whole minute at least 5 s ahead and waits until it passed. */
async function closeDraw(admin: string, { drawId, poolId }: Draw): Promise<void> {
  const clock = await call<Clock>(admin, `/api/Pools/GetDrawClock?poolIds=${poolId}`);
  const when = new Date(Math.ceil((Date.parse(clock.serverTime) + 5_000) / 60_000) * 60_000);
  await call(admin, '/api/Pools/SubmitEditedDraw', { drawId, ...cutoffParts(when, clock.timeZone), secondaryPassword: adminPassword });
  say(`the draw closes at ${when.toISOString()}`);
  await sleep(when.getTime() - Date.parse(clock.serverTime) + 2_000);
}

// ---------------------------------------------------------------- the players
interface Placement {
  client: number;
  key: string;
  firstAt: number;
  tries: number;
  ticketId?: number;
  refusal?: string;
  gaveUp?: boolean;
}
const placements: Placement[] = [];
/** Every answer (time, ok or not), for the unavailability at each fault. */
const answers: { at: number; ok: boolean; what: string }[] = [];
let placing = true;

async function player(client: number, cookie: string, poolId: number): Promise<void> {
  let seq = 0;
  while (placing) {
    const p: Placement = { client, key: `chaos-${run}-${client}-${++seq}`, firstAt: Date.now(), tries: 0 };
    placements.push(p);
    const number = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
    const text = `D\n#${poolId}\n${number}#1`;
    // The same key until a final answer: a ticket, or a refusal of the bet itself.
    while (p.ticketId === undefined && p.refusal === undefined) {
      if (Date.now() - p.firstAt > GIVE_UP_MS) {
        p.gaveUp = true;
        break;
      }
      p.tries++;
      try {
        const r = await request('/api/Bet/PlaceExpressOrder', { cookie, json: { text, idempotencyKey: p.key } });
        if (r.status === 200) {
          p.ticketId = (r.body!.data as { ticketId: number }).ticketId;
          answers.push({ at: Date.now(), ok: true, what: 'ticket' });
        } else if (r.status >= 500 || r.body === null) {
          answers.push({ at: Date.now(), ok: false, what: `${r.status} ${r.body?.message ?? ''}`.trim() });
        } else {
          p.refusal = `${r.status} ${r.body?.message}`;
          answers.push({ at: Date.now(), ok: true, what: 'refusal' });
        }
      } catch (e) {
        answers.push({ at: Date.now(), ok: false, what: (e as Error).name === 'TimeoutError' ? 'timeout' : 'connection' });
      }
      if (p.ticketId === undefined && p.refusal === undefined) await sleep(100);
    }
  }
}

/**
 * An app process that died by itself (not one this run killed) is started again, as systemd's
 * Restart=on-failure would, and reported: a process must not die of a fault elsewhere.
 */
const restarting = new Set<number>();
const crashes: string[] = [];
let watching = true;
async function watchdog(): Promise<void> {
  while (watching) {
    for (const n of [1, 2, 3]) {
      if (restarting.has(n) || appRunning(n)) continue;
      crashes.push(`app${n} at ${at().trim()} s`);
      say(`app${n} died by itself; starting it again`);
      restarting.add(n);
      void startAppSupervised(n, appHealthPath(), 300_000)
        .then(() => say(`app${n} ready again`), (e) => say(`app${n} did not come back: ${(e as Error).message.split('\n')[0]}`))
        .finally(() => restarting.delete(n));
    }
    await sleep(1000);
  }
}

/** Between the bets (and after them, while the draw settles): GET the readiness through HAProxy every 100 ms. */
let probing = true;
async function prober(): Promise<void> {
  const path = appHealthPath();
  while (probing) {
    try {
      const r = await request(path, {});
      answers.push({ at: Date.now(), ok: r.status === 200, what: r.status === 200 ? 'probe' : `probe ${r.status}` });
    } catch (e) {
      answers.push({ at: Date.now(), ok: false, what: `probe ${(e as Error).name === 'TimeoutError' ? 'timeout' : 'connection'}` });
    }
    await sleep(100);
  }
}

// ---------------------------------------------------------------- the faults
interface Fault {
  name: string;
  at: number;
  target: string;
  note?: string;
}
const faults: Fault[] = [];

async function killApp(n: number): Promise<void> {
  faults.push({ name: `app${n} killed (SIGKILL)`, at: Date.now(), target: '< 2 s' });
  restarting.add(n);
  await stopApp(n, 'SIGKILL');
  say(`app${n} killed; starting it again`);
  void startAppSupervised(n, appHealthPath(), 300_000).finally(() => restarting.delete(n)).then(
    (starts) => say(`app${n} ready again${starts > 1 ? ` (started ${starts} times, as systemd's Restart=on-failure would)` : ''}`),
    (e) => say(`app${n} did not come back: ${(e as Error).message.split('\n')[0]}`),
  );
}

async function crashPrimary(): Promise<string> {
  const primary = await primaryNode();
  if (!primary) throw new Error('no primary before the crash');
  faults.push({ name: `primary ${primary.name} crashed (pg_autoctl stop --immediate)`, at: Date.now(), target: '< 30 s' });
  await stopKeeper(primary.name as 'node1' | 'node2', true);
  say(`primary ${primary.name} stopped; waiting for pg_auto_failover`);
  const promoted = await waitFor(async () => {
    const p = await primaryNode();
    return !!p && p.name !== primary.name;
  }, 120_000, 200);
  const fault = faults[faults.length - 1];
  fault.note = promoted ? `the monitor's primary was ${(await primaryNode())!.name} after ${((Date.now() - fault.at) / 1000).toFixed(1)} s` : 'no promotion within 120 s';
  say(promoted ? `${(await primaryNode())!.name} promoted: ${JSON.stringify(await nodeStates())}` : 'no promotion within 120 s');
  return primary.name;
}

/**
 * The longest stretch without a successful answer (a ticket, a refusal, a ready probe) that starts in
 * [from, to], and the failed answers from `from` until the next fault.
 */
function outage(from: number, to: number, until: number) {
  const oks = answers.filter((a) => a.ok).map((a) => a.at).sort((a, b) => a - b);
  let longest = 0;
  let start = from;
  let prev = oks.filter((t) => t <= from).pop() ?? from;
  for (const t of oks.filter((x) => x > from)) {
    if (t - prev > longest && prev <= to) {
      longest = t - prev;
      start = prev;
    }
    prev = t;
  }
  const failed = answers.filter((a) => !a.ok && a.at >= from && a.at < until);
  const kinds = new Map<string, number>();
  for (const f of failed) kinds.set(f.what, (kinds.get(f.what) ?? 0) + 1);
  return { seconds: longest / 1000, startsAfter: (start - from) / 1000, failed: failed.length, kinds };
}

// ---------------------------------------------------------------- the run
async function main() {
  say(`run ${run}: ${CLIENTS} players placing for ${SECONDS} s through HAProxy ${baseUrl()}`);
  const pgPool = new pg.Pool({ host, port: ports.pgWrite, user: 'postgres', database: 'backoffice', max: 2 });
  pgPool.on('error', () => undefined);
  const admin = await login('admin', adminPassword);
  const draw = await openDraw(admin, 15);
  say(`draw ${draw.drawId} (pool ${draw.poolId}, ${draw.drawDate}) open`);
  // Under the demo company, an agent of the run's own with the players: credit enough for every run.
  const company = await login('democo', demoPassword);
  const agentName = `ca${run}`;
  await call(company, '/api/Account/CreateOrUpdateUser', { username: agentName, password: 'Chaos-pass-1', fullName: agentName, level: HierarchyLevel.Agent, creditLimit: 1_000_000, positionTaking: 50 });
  const agent = await login(agentName, 'Chaos-pass-1');
  const cookies: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const username = `cx${run}${i}`;
    await call(agent, '/api/Account/CreateOrUpdateUser', { username, password: 'Chaos-pass-1', fullName: username, level: HierarchyLevel.Player, creditLimit: 50_000 });
    cookies.push(await login(username, 'Chaos-pass-1'));
  }

  // -- bets, an app process killed, the primary crashed --
  const start = Date.now();
  const probe = prober();
  const watch = watchdog();
  const players = cookies.map((c, i) => player(i, c, draw.poolId));
  const stopPlacing = sleep(SECONDS * 1000).then(() => {
    placing = false;
    say('no new bets; the last keys finish');
  });
  await sleep(KILL_APP_AT);
  await killApp(2);
  await sleep(Math.max(0, start + CRASH_PRIMARY_AT - Date.now()));
  const crashed = await crashPrimary();
  await stopPlacing;
  await Promise.all(players);
  say(`betting over: ${placements.length} keys`);
  // The crashed node comes back as the new primary's standby.
  runKeeper(crashed as 'node1' | 'node2');
  await waitForFormation(true, 180_000).then(
    () => say(`${crashed} back as a standby`),
    (e) => say(`${crashed} not back as a standby: ${(e as Error).message}`),
  );
  await waitFor(() => appRunning(2), 1000);

  // -- the draw settled while the process distributing it is killed --
  await closeDraw(admin, draw);
  const numbers = {
    fourD: {
      first: '0042',
      second: '1111',
      third: '2222',
      starter: Array.from({ length: 10 }, (_, i) => String(3001 + i)),
      consolation: Array.from({ length: 10 }, (_, i) => String(4001 + i)),
    },
  };
  const current = await call<{ version?: number } | null>(admin, `/api/Result/GetPoolResult?drawId=${draw.drawId}`).catch(() => null);
  const saved = await call<{ version: number }>(admin, '/api/Result/SavePoolResult', { drawId: draw.drawId, numbers, version: current?.version ?? 0 });
  const it = await login('demoit', demoPassword);
  // The release settles the draw in the same request: sent to app3 itself, so that the process to kill is known.
  const victim = 3;
  await waitForApp(victim, appHealthPath(), 120_000);
  const releaseBase = `http://${host}:${appPort(victim)}`;
  say(`result saved; demoit releases it through app${victim}, which then settles the draw`);
  const release = request('/api/Configuration/SubmitReleaseResultStatus', { cookie: it, json: { drawId: draw.drawId, version: saved.version } }, releaseBase).then(
    (r) => `answered ${r.status}`,
    (e) => `no answer (${(e as Error).message})`,
  );
  let distributing = false;
  const seen = await waitFor(async () => {
    const r = await pgPool.query(`select 1 from pg_stat_activity where usename = $1 and state = 'active' and query ilike '%settle_%' limit 1`, [roles.app]);
    distributing = (r.rowCount ?? 0) > 0;
    return distributing;
  }, 60_000, 10);
  const killedAt = Date.now();
  faults.push({ name: `app${victim} killed (SIGKILL) while distributing`, at: killedAt, target: '< 2 s' });
  restarting.add(victim);
  await stopApp(victim, 'SIGKILL');
  say(`app${victim} killed ${seen ? 'while a distribution statement ran' : 'after the distribution (none seen running)'}; the release: ${await release}`);
  const restarted = startAppSupervised(victim, appHealthPath(), 300_000).finally(() => restarting.delete(victim));
  // What the admin does next: the settlement steps again (each once per round), through HAProxy.
  const winners = await call<unknown>(admin, '/api/Result/InsertWinners', { drawId: draw.drawId });
  const distributed = await call<{ lines?: number }>(admin, '/api/Result/DistributeStrike', { drawId: draw.drawId });
  say(`settlement steps again: winners ${JSON.stringify(winners)}, distribute ${JSON.stringify(distributed)}`);
  await restarted.catch((e) => say(`app${victim} did not come back: ${(e as Error).message.split('\n')[0]}`));
  probing = false;
  watching = false;
  await Promise.all([probe, watch]);

  // -- what the database holds --
  const acknowledged = placements.filter((p) => p.ticketId !== undefined);
  const refused = placements.filter((p) => p.refusal !== undefined);
  const gaveUp = placements.filter((p) => p.gaveUp);
  const users = cookies.map((_, i) => `cx${run}${i}`);
  const tickets = (await pgPool.query<{ id: string }>(`select t.id from tickets t join users u on u.id = t.user_id where u.username = any($1)`, [users])).rows.map((r) =>
    Number(r.id),
  );
  const inDb = new Map<number, number>();
  for (const id of tickets) inDb.set(id, (inDb.get(id) ?? 0) + 1);
  const ackIds = new Set(acknowledged.map((p) => p.ticketId!));
  const missing = [...ackIds].filter((id) => !inDb.has(id));
  const notAcknowledged = tickets.filter((id) => !ackIds.has(id));
  const doubledKeys = acknowledged.length - ackIds.size;
  const lines = await pgPool.query<{ active: number; winners: number; bookings: number; companies: number; distributed: boolean; dupWinners: number }>(
    `select (select count(*)::int from bet_lines where draw_id = $1 and status = 1) as active,
            (select count(*)::int from settlement_bookings where draw_id = $1 and step = 'distribute') as bookings,
            (select count(distinct company_id)::int from bet_lines where draw_id = $1 and status = 1) as companies,
            (select distributed_at is not null from draw_settlements where draw_id = $1) as distributed,
            (select count(*)::int from (select 1 from winners where draw_id = $1 group by bet_line_id, round having count(*) > 1) d) as "dupWinners",
            (select count(*)::int from winners where draw_id = $1) as winners`,
    [draw.drawId],
  );
  const db = drizzle(pgPool, { schema }) as unknown as Db;
  const ledger = await checkLedger(db);
  const [sum] = (await pgPool.query<{ total: string }>('select coalesce(sum(balance), 0)::text as total from ledger_accounts')).rows;

  console.log('\n# Chaos run');
  console.log(`run ${run}, ${CLIENTS} players, ${SECONDS} s of placing, ${new Date(t0).toISOString()}`);
  console.log(`bets acknowledged: ${acknowledged.length} (keys ${placements.length}: refused by the business rules ${refused.length}${refused.length ? ` [${[...new Set(refused.map((p) => p.refusal))].join('; ')}]` : ''}, given up ${gaveUp.length})`);
  console.log(`bets in the database: ${tickets.length} tickets of the run's players; every acknowledged one found ${missing.length === 0 ? 'yes' : `NO (${missing.length} missing)`}; a ticket twice: ${[...inDb.values()].some((n) => n > 1) || doubledKeys > 0 ? 'YES' : 'none'}; tickets without an acknowledgement: ${notAcknowledged.length}`);
  console.log(`retries: ${placements.reduce((n, p) => n + p.tries - 1, 0)} requests were sent again with their key; a key's most tries: ${Math.max(...placements.map((p) => p.tries))}`);
  for (const [i, f] of faults.entries()) {
    const o = outage(f.at, f.at + 5_000, faults[i + 1]?.at ?? Infinity);
    const kinds = [...o.kinds].map(([k, n]) => `${k} x${n}`).join(', ');
    console.log(`${f.name} at ${((f.at - t0) / 1000).toFixed(1)} s: unavailable ${o.seconds.toFixed(1)} s (target ${f.target}); failed answers ${o.failed}${kinds ? ` (${kinds})` : ''}${f.note ? `; ${f.note}` : ''}`);
  }
  console.log(`app processes that died by themselves (started again, as systemd would): ${crashes.length ? crashes.join(', ') : 'none'}`);
  const l = lines.rows[0];
  console.log(`settlement of draw ${draw.drawId}: ${l.active} active lines of ${l.companies} companies; distribute bookings ${l.bookings} (one per company: ${l.bookings === l.companies ? 'yes' : 'NO'}); lines booked by the distribution run again ${distributed.lines ?? '?'}${distributed.lines === 0 ? ' (the killed one had committed them)' : ''}; distributed ${l.distributed ? 'yes' : 'NO'}; winning lines ${l.winners}, a line won twice in a round: ${l.dupWinners === 0 ? 'none' : l.dupWinners}; killed during distribution: ${distributing ? 'yes' : 'no (it had ended)'}`);
  console.log(`ledger: sum of all balances ${sum?.total ?? '?'} (zero-sum: ${Number(sum?.total) === 0 ? 'yes' : 'NO'}); checkLedger ${ledger.length === 0 ? 'clean' : JSON.stringify(ledger).slice(0, 400)}`);
  await pgPool.end();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
