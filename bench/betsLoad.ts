// The load of bench/bets.ts, run in a process of its own so that the client's work (building requests,
// reading answers) does not share the event loop of the server it measures. Reads its setup from the
// environment, prints autocannon's result as JSON. It imports nothing of the server's, to stay light.
import fs from 'node:fs';
import autocannon from 'autocannon';

const base = process.env.BENCH_BASE!;
const cookies = JSON.parse(fs.readFileSync(process.env.BENCH_COOKIES!, 'utf8')) as string[];
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

let n = 0;
// Five numbers with Big and Small amounts, on Magnum, for the next draw: consecutive tickets share four
// numbers, so concurrent tickets meet on the same eaten totals, as they do before a draw closes.
const ticket = () => {
  const base = 1000 + (n % 8000);
  return `D\n#1\n${base}#1#1\n${base + 1}#2\n${base + 2}#1#1\n${base + 3}#1\n${base + 4}#3#1`;
};
const r = await autocannon({
  url: `${base}/api/Bet/PlaceExpressOrder`,
  method: 'POST',
  duration: seconds,
  connections,
  headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
  requests: [
    {
      setupRequest: (req) => {
        n++;
        return { ...req, headers: { ...req.headers, cookie: cookies[n % cookies.length] }, body: JSON.stringify({ text: ticket(), idempotencyKey: `bench-${n}-${process.pid}` }) };
      },
    },
  ],
});
console.log(JSON.stringify({ average: r.requests.average, total: r.requests.total, p50: r.latency.p50, p97_5: r.latency.p97_5, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors }));
