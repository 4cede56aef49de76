// What writing the API log costs one API call (issue 14 item 4), measured apart from the noise of a shared
// machine: `npm run bench:apilog` (DATABASE_URL for PostgreSQL). bench:bets with BENCH_CLIENT=api and
// BENCH_API_LOG=on/off measures the same end to end; this measures its two parts directly:
//   1. the work in the server's process for each call: onSend keeps the answer, onResponse (after the
//      answer has gone out) masks the headers and the body and buffers the entry; timed over many calls
//      of a ticket placement's size, with the buffer handed to a writer that does nothing;
//   2. the database's share: the writer's one multi-row insert per 200 entries, timed on a throwaway
//      database and divided per entry.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiLogs } from '../apps/server/src/db/schema';
import type { ApiLogEntry } from '../apps/server/src/platform/apiLog';
import { registerApiLogHooks } from '../apps/server/src/platform/apiLog';
import { systemClock } from '../apps/server/src/platform/clock';
import type { Db } from '../apps/server/src/platform/db';
import { machine, startBench } from './support';

const CALLS = Number(process.env.BENCH_CALLS ?? 50_000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 100);

// A placement as bench:bets sends it through an API account, and an answer of its size.
const text = 'D\n#1\n1234#1#1\n1235#2\n1236#1#1\n1237#1\n1238#3#1';
const body = { text, idempotencyKey: 'bench-12345-67890' };
const headers = {
  host: '127.0.0.1:34567',
  'user-agent': 'autocannon',
  'content-type': 'application/json',
  'x-requested-with': 'XMLHttpRequest',
  authorization: `Basic ${Buffer.from('op_abcdefghijkl:0123456789abcdefghijklmnopqrstuvwxyzABCDEFG').toString('base64')}`,
  'content-length': String(JSON.stringify(body).length),
};
const answer = JSON.stringify({
  success: true,
  message: 'SUCCESS',
  code: 200,
  data: {
    ticketId: 123456,
    ticketNo: 'T2611270000123456',
    total: 1400,
    net: 1036,
    receipt: `(27/11) M\n1234 B1 S1\n1235 B2\n1236 B1 S1\n1237 B1\n1238 B3 S1\nGT 14.00\nT2611270000123456`,
    lines: Array.from({ length: 5 }, (_, i) => ({ number: String(1234 + i), pool: 'M', codes: { B: 100, S: 100 }, accepted: true })),
  },
});

// Part 1: the hooks, on a writer whose insert does nothing.
type Hook = (...a: unknown[]) => Promise<unknown>;
const hooks: Record<string, Hook> = {};
const noDb = { insert: () => ({ values: async () => undefined }) } as unknown as Db;
registerApiLogHooks({ addHook: (name: string, fn: Hook) => (hooks[name] = fn) } as never, { db: noDb, clock: systemClock });
const reply = { statusCode: 200, elapsedTime: 12.5 } as unknown as FastifyReply;
const call = async () => {
  const req = { headers, body, url: '/api/Bet/PlaceExpressOrder', method: 'POST', ip: '127.0.0.1', auth: { userId: 42 } } as unknown as FastifyRequest;
  await hooks.onSend(req, reply, answer);
  await hooks.onResponse(req, reply);
};
for (let i = 0; i < 2_000; i++) await call();
const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
for (let i = 0; i < CALLS; i++) await call();
const wall = Number(process.hrtime.bigint() - t0) / 1e3 / CALLS;
const cpu = process.cpuUsage(cpu0);
const cpuPerCall = (cpu.user + cpu.system) / CALLS;

// Part 2: the writer's insert, 200 entries at a time, on a throwaway database.
const bench = await startBench('apilog');
const entry = (i: number): ApiLogEntry => ({
  direction: 'in',
  at: new Date(),
  userId: 42,
  region: '127.0.0.1',
  uri: '/api/Bet/PlaceExpressOrder',
  method: 'POST',
  requestHeader: { ...headers, authorization: '[REDACTED]' },
  requestBody: JSON.stringify({ ...body, idempotencyKey: `bench-${i}` }),
  responseStatus: 200,
  responseContent: answer,
  responseMessage: 'SUCCESS',
  durationMs: 12,
});
try {
  await bench.db.insert(apiLogs).values(Array.from({ length: 200 }, (_, i) => entry(i)));
  const times: number[] = [];
  const db0 = await bench.databaseCpuMs();
  for (let b = 0; b < BATCHES; b++) {
    const batch = Array.from({ length: 200 }, (_, i) => entry(b * 200 + i));
    const s = process.hrtime.bigint();
    await bench.db.insert(apiLogs).values(batch);
    times.push(Number(process.hrtime.bigint() - s) / 1e6);
  }
  const db1 = await bench.databaseCpuMs();
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`# ${machine(bench.kind)}, ${CALLS} calls, ${BATCHES} batches of 200 entries`);
  console.log(`api log, in the server's process per call: ${cpuPerCall.toFixed(1)} µs CPU (${wall.toFixed(1)} µs wall), after the answer has gone out`);
  const dbCpu = db0 === null || db1 === null ? '' : `, database CPU ${(((db1 - db0) / (BATCHES * 200)) * 1000).toFixed(1)} µs`;
  console.log(`api log, database insert per entry: ${(median / 200 * 1000).toFixed(1)} µs wall${dbCpu} (median batch of 200: ${median.toFixed(1)} ms, min ${times[0].toFixed(1)}, max ${times.at(-1)!.toFixed(1)})`);
} finally {
  await bench.stop();
}
