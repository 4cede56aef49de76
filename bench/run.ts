// Benchmarks (not tests): run with `npm run bench` (PGlite) or `DATABASE_URL=postgres://... npm run bench`.
// Prints figures to record in docs/benchmarks.md.
import autocannon from 'autocannon';
import { machine, startBench, XHR } from './support';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const bench = await startBench('session');

async function run(title: string, opts: autocannon.Options) {
  const r = await autocannon({ duration: seconds, connections: 10, ...opts });
  console.log(`${title}: ${r.requests.average.toFixed(0)} req/s, latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
}

const cookie = await bench.login('benchadmin');
console.log(`# ${machine(bench.kind)}, ${seconds}s per run, 10 connections`);
await run('session check (GET IsLoggedIn, logged in)', { url: `${bench.base}/api/Account/IsLoggedIn`, headers: { ...XHR, cookie } });
await run('scoped account read (GET GetUserDetailsById)', { url: `${bench.base}/api/Account/GetUserDetailsById?userId=1`, headers: { ...XHR, cookie } });
await run('login (argon2id verify + new session)', {
  url: `${bench.base}/api/Account/Login`,
  method: 'POST',
  headers: { ...XHR, 'content-type': 'application/x-www-form-urlencoded' },
  body: 'username=benchadmin&password=Bench-pass-1',
});
await bench.stop();
