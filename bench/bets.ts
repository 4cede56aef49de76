// Bet placement benchmark: `npm run bench:bets` (set DATABASE_URL for PostgreSQL, as the target is stated
// for it). Tickets of 5 lines through the HTTP API, 32 connections, many players (one wallet per player,
// as in real traffic), the agent taking 50% by position and the company eating by fight limit.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { HierarchyLevel } from '@app/domain';
import { businessDateOf } from '../apps/server/src/platform/businessTime';
import { machine, startBench } from './support';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const players = Number(process.env.BENCH_PLAYERS ?? 64);
const bench = await startBench('bets');
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
const cookies: string[] = [];
for (let i = 0; i < players; i++) {
  await create(agentCookie, { username: `bp${i}`, level: HierarchyLevel.Player, creditLimit: 100_000_000 });
  cookies.push(await bench.login(`bp${i}`));
}

// The load runs in a child process: sharing the server's event loop, the client took a tenth of it.
const cookiesFile = path.join(os.tmpdir(), `fourd-bench-cookies-${process.pid}.json`);
try {
  // The file holds live session cookies: readable by this user only, removed whatever happens.
  fs.writeFileSync(cookiesFile, JSON.stringify(cookies), { mode: 0o600 });
  const load = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'betsLoad.ts')], {
    env: { ...process.env, BENCH_BASE: bench.base, BENCH_COOKIES: cookiesFile, BENCH_SECONDS: String(seconds), BENCH_CONNECTIONS: String(connections) },
  });
  const r = JSON.parse(load.stdout.trim().split('\n').pop()!) as { average: number; total: number; p50: number; p95: number; p99: number; non2xx: number; errors: number };
  console.log(`# ${machine(bench.kind)}, ${seconds}s, ${connections} connections, ${players} players, tickets of 5 lines`);
  console.log(`bet placement: ${r.average.toFixed(0)} tickets/s, latency p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}, total ${r.total}`);
} finally {
  fs.rmSync(cookiesFile, { force: true });
  await bench.stop();
}
