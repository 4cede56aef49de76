// Bet placement benchmark: `npm run bench:bets` (set DATABASE_URL for PostgreSQL, as the target is stated
// for it). Tickets of 5 numbers and 8 lines through the HTTP API, 32 connections, many players (one wallet per player,
// as in real traffic), the agent taking 50% by position and the company eating by fight limit.
// BENCH_CLIENT=api: each player places through an API account of its own (a machine client: Basic
// opcode:secret on every call, recorded in the API log) instead of a browser session; BENCH_API_LOG=off
// then builds the app without the API log's hooks, to measure what writing the log costs (issue 14 item 4).
// On PostgreSQL each run is followed by its baseline in the same run (issue 31 lines 1 and 4): the same
// tickets placed by a bare transaction each, straight on the database (betsBare.ts says what it does and
// leaves out). After a warm-up of BENCH_WARMUP seconds (default 5, not counted), BENCH_PAIRS (default 2)
// pairs of product and bare runs, in ABBA order; BENCH_BARE=off runs the product only.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { HierarchyLevel } from '@app/domain';
import { rows } from '../apps/server/src/modules/ledger/queries';
import { flushApiLogs } from '../apps/server/src/platform/apiLog';
import { businessDateOf } from '../apps/server/src/platform/businessTime';
import { BENCH_PASSWORD, busyCores, machine, machineJiffies, startBench } from './support';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const players = Number(process.env.BENCH_PLAYERS ?? 64);
const client = process.env.BENCH_CLIENT === 'api' ? 'api' : 'session';
const apiLog = process.env.BENCH_API_LOG !== 'off';
const bench = await startBench('bets', { apiLog });
const admin = await bench.login('benchadmin');

type Created = { userId: number };
const create = (cookie: string, body: Record<string, unknown>) =>
  bench.call(cookie, '/api/Account/CreateOrUpdateUser', { password: 'Bench-pass-1', fullName: String(body.username), ...body }) as Promise<Created>;

const co = await create(admin, { username: 'benchco', level: HierarchyLevel.Company, creditLimit: 9_000_000_000, positionTaking: 100 });
const coCookie = await bench.login('benchco');
await create(coCookie, { username: 'benchagent', level: HierarchyLevel.Agent, creditLimit: 8_000_000_000, positionTaking: 50 });
const agentCookie = await bench.login('benchagent');
await bench.call(coCookie, '/api/Account/UpdateUserEatLimit', {
  userId: co.userId,
  eatType: 'amount',
  limitMethod: 1,
  limits: [{ poolId: 1, betCode: 'B', amount: 1_000_000 }, { poolId: 1, betCode: 'S', amount: 1_000_000 }],
});
// A draw three days ahead, so the cutoff never passes during the run.
const drawDate = businessDateOf(new Date(Date.now() + 3 * 86_400_000), bench.config.tzBusiness);
await bench.call(admin, '/api/Pools/SubmitNewDraw', { poolId: 1, drawDate, isSpecial: false });
// What each connection sends: a session cookie, or an API account's Basic credentials.
const credentials: string[] = [];
if (client === 'api') await bench.call(admin, `/api/Configuration/VerifySecondaryPassword?secondaryPassword=${BENCH_PASSWORD}`, {});
for (let i = 0; i < players; i++) {
  const player = await create(agentCookie, { username: `bp${i}`, level: HierarchyLevel.Player, creditLimit: 100_000_000 });
  if (client === 'session') {
    credentials.push(await bench.login(`bp${i}`));
    continue;
  }
  const code = (await bench.call(admin, '/api/Account/GenerateApiCode', {})) as { clientOpcode: string; clientSecret: string };
  await bench.call(admin, '/api/Account/CreateOrUpdateApiAccount', { userId: player.userId, ...code });
  credentials.push(`Basic ${Buffer.from(`${code.clientOpcode}:${code.clientSecret}`).toString('base64')}`);
}

// The load runs in a child process: sharing the server's event loop, the client took a tenth of it.
const cookiesFile = path.join(os.tmpdir(), `fourd-bench-cookies-${process.pid}.json`);
const templatesFile = path.join(os.tmpdir(), `fourd-bench-templates-${process.pid}.json`);
// The product and the bare transaction (betsBare.ts) run in turn on the same database and machine (the
// header says in which order), so that the ratio compares them under the same conditions.
const pairs = Number(process.env.BENCH_PAIRS ?? 2);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const bare = bench.databaseUrl !== undefined && process.env.BENCH_BARE !== 'off';
type LoadResult = { average: number; total: number; p50: number; p95: number; p99: number };

/** One run of the product through HTTP (betsLoad.ts), printed; `label` null runs it unprinted (the warm-up). */
async function runProduct(secs: number, label: string | null): Promise<LoadResult> {
  // The server's own CPU (this process: the app and its driver) over the load, per ticket placed: less
  // sensitive than throughput to other work on a shared machine.
  const cpu0 = process.cpuUsage();
  const db0 = await bench.databaseCpuMs();
  const m0 = machineJiffies();
  const load = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'betsLoad.ts')], {
    env: {
      ...process.env,
      BENCH_BASE: bench.base,
      BENCH_COOKIES: cookiesFile,
      BENCH_AUTH_HEADER: client === 'api' ? 'authorization' : 'cookie',
      BENCH_SECONDS: String(secs),
      BENCH_CONNECTIONS: String(connections),
    },
  });
  const r = JSON.parse(load.stdout.trim().split('\n').pop()!) as LoadResult & { non2xx: number; errors: number };
  const cpu = process.cpuUsage(cpu0);
  const machineBusy = busyCores(m0, machineJiffies());
  const cpuPerTicket = (cpu.user + cpu.system) / 1000 / Math.max(1, r.total);
  // The database's backends too (PostgreSQL), the API log's buffered inserts written out first.
  if (client === 'api') await flushApiLogs(bench.db);
  const db1 = await bench.databaseCpuMs();
  const dbPerTicket = db0 === null || db1 === null ? null : (db1 - db0) / Math.max(1, r.total);
  if (label !== null)
    console.log(`${label}bet placement: ${r.average.toFixed(0)} tickets/s, latency p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}, total ${r.total}, server CPU ${cpuPerTicket.toFixed(2)} ms${dbPerTicket === null ? '' : ` + database CPU ${dbPerTicket.toFixed(2)} ms`} per ticket, machine ${machineBusy.toFixed(2)} cores busy (the load's client too)`);
  return r;
}

/** One run of the bare transaction (betsBare.ts) on the tickets in the templates file, printed. */
async function runBare(label: string): Promise<LoadResult> {
  const m0 = machineJiffies();
  const b = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'betsBare.ts')], {
    env: { ...process.env, BENCH_DATABASE_URL: bench.databaseUrl, BENCH_TEMPLATES: templatesFile, BENCH_SECONDS: String(seconds), BENCH_CONNECTIONS: String(connections) },
  });
  const busy = busyCores(m0, machineJiffies());
  if (b.stderr.trim()) console.log(b.stderr.trim());
  const r = JSON.parse(b.stdout.trim().split('\n').pop()!) as LoadResult & { refused: number; errors: number; clientCpuPerTicket: number; dbCpuPerTicket: number };
  console.log(`${label}bare transaction: ${r.average.toFixed(0)} tickets/s, latency p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, refused ${r.refused}, errors ${r.errors}, total ${r.total}, client CPU ${r.clientCpuPerTicket.toFixed(2)} ms + database CPU ${r.dbCpuPerTicket.toFixed(2)} ms per ticket, machine ${busy.toFixed(2)} cores busy`);
  return r;
}

const ratios: number[] = [];
try {
  // The file holds live session cookies or API secrets: readable by this user only, removed whatever happens.
  fs.writeFileSync(cookiesFile, JSON.stringify(credentials), { mode: 0o600 });
  const how = client === 'api' ? `through API accounts, API log ${apiLog ? 'on' : 'off'}` : 'through sessions';
  console.log(`# ${machine(bench.kind)}, ${seconds}s a run, ${connections} connections, ${players} players, tickets of 5 numbers and 8 lines ${how}`);
  // A warm-up of the product first (BENCH_WARMUP seconds, not counted): the first seconds of a new
  // process run its code unoptimized, which a server placing bets all evening does not. Its tickets are
  // the bare transaction's templates (the same rows, numbers and shares), so it runs at least a second
  // whenever the bare transaction does.
  if (warmup > 0 || bare) {
    const w = await runProduct(Math.max(1, warmup), null);
    console.log(`warm-up: ${w.total} tickets in ${Math.max(1, warmup)} s, not counted`);
  }
  if (bare) {
    const placed = await rows<{ id: number }>(bench.db, sql`select id from tickets order by id`);
    fs.writeFileSync(templatesFile, JSON.stringify(placed.map((t) => Number(t.id))));
  }
  for (let pair = 1; pair <= pairs; pair++) {
    if (!bare) {
      await runProduct(seconds, '');
      continue;
    }
    // ABBA: every other pair runs the bare transaction first, so that neither always meets the larger tables.
    const label = `pair ${pair}: `;
    let product: LoadResult;
    let base: LoadResult;
    if (pair % 2 === 1) {
      product = await runProduct(seconds, label);
      base = await runBare(label);
    } else {
      base = await runBare(label);
      product = await runProduct(seconds, label);
    }
    ratios.push(product.average / base.average);
  }
  if (client === 'api') {
    // Every placement is in the API log when it is on.
    const [logged] = await rows<{ n: number }>(bench.db, sql`select count(*)::int as n from api_logs where direction = 'in' and uri = '/api/Bet/PlaceExpressOrder'`);
    console.log(`api log: ${logged.n} placements recorded`);
  }
  if (bare) {
    console.log(`product / bare transaction, tickets/s per pair: ${ratios.map((x) => `${x.toFixed(2)}x`).join(', ')} (target at least 1.0x, p99 <= 100 ms)`);
  } else console.log('bare transaction: not run (PostgreSQL only; BENCH_BARE=off)');
} finally {
  fs.rmSync(cookiesFile, { force: true });
  fs.rmSync(templatesFile, { force: true });
  await bench.stop();
}
