// The load of bench/bets.ts, run in a process of its own so that the client's work (building requests,
// reading answers) does not share the event loop of the server it measures. Reads its setup from the
// environment, prints the result as JSON. It imports nothing of the server's, to stay light.
import fs from 'node:fs';
import autocannon from 'autocannon';

const base = process.env.BENCH_BASE!;
// Per player: a session cookie, or (BENCH_AUTH_HEADER=authorization) an API account's Basic credentials.
const cookies = JSON.parse(fs.readFileSync(process.env.BENCH_COOKIES!, 'utf8')) as string[];
const authHeader = process.env.BENCH_AUTH_HEADER === 'authorization' ? 'authorization' : 'cookie';
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

let n = 0;
// Five numbers with Big and Small amounts, on Magnum, for the next draw: consecutive tickets share four
// numbers, so concurrent tickets meet on the same eaten totals, as they do before a draw closes.
const ticket = () => {
  const base = 1000 + (n % 8000);
  return `D\n#1\n${base}#1#1\n${base + 1}#2\n${base + 2}#1#1\n${base + 3}#1\n${base + 4}#3#1`;
};
const options: autocannon.Options = {
  url: `${base}/api/Bet/PlaceExpressOrder`,
  method: 'POST',
  duration: seconds,
  connections,
  headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
  requests: [
    {
      setupRequest: (req) => {
        n++;
        return { ...req, headers: { ...req.headers, [authHeader]: cookies[n % cookies.length] }, body: JSON.stringify({ text: ticket(), idempotencyKey: `bench-${n}-${process.pid}` }) };
      },
    },
  ],
};
// Every answered ticket's latency, for exact percentiles (autocannon's histogram has no p95).
const times: number[] = [];
const r = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  instance.on('response', (_client, status, _bytes, responseTime) => {
    if (status >= 200 && status < 300) times.push(responseTime);
  });
});
times.sort((a, b) => a - b);
/** Nearest rank, in whole milliseconds as autocannon reports them. */
const pct = (p: number) => (times.length ? Math.round(times[Math.max(0, Math.ceil(p * times.length) - 1)]) : NaN);
console.log(JSON.stringify({ average: r.requests.average, total: r.requests.total, p50: pct(0.5), p95: pct(0.95), p99: pct(0.99), non2xx: r.non2xx, errors: r.errors }));
