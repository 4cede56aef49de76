// Bet placement benchmark: `npm run bench:bets` (set DATABASE_URL for PostgreSQL, as the target is stated
// for it). Tickets of 5 lines through the HTTP API, 32 connections, many players (one wallet per player,
// as in real traffic), the agent taking 50% by position and the company eating by fight limit.
import autocannon from 'autocannon';
import { HierarchyLevel } from '@app/domain';
import { businessDateOf } from '../apps/server/src/platform/businessTime';
import { machine, startBench, XHR } from './support';

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

let n = 0;
const ticket = () => {
  const base = 1000 + (n % 8000);
  return `D\n#1\n${base}#1#1\n${base + 1}#2\n${base + 2}#1#1\n${base + 3}#1\n${base + 4}#3#1`;
};
const r = await autocannon({
  url: `${bench.base}/api/Bet/PlaceExpressOrder`,
  method: 'POST',
  duration: seconds,
  connections,
  headers: { ...XHR, 'content-type': 'application/json' },
  requests: [
    {
      setupRequest: (req) => {
        n++;
        return { ...req, headers: { ...req.headers, cookie: cookies[n % cookies.length] }, body: JSON.stringify({ text: ticket(), idempotencyKey: `bench-${n}-${process.pid}` }) };
      },
    },
  ],
});
console.log(`# ${machine(bench.kind)}, ${seconds}s, ${connections} connections, ${players} players, tickets of 5 lines`);
console.log(`bet placement: ${r.requests.average.toFixed(0)} tickets/s, latency p50 ${r.latency.p50} ms, p95 ${r.latency.p97_5 ?? '?'} (p97.5) ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}, total ${r.requests.total}`);
await bench.stop();
