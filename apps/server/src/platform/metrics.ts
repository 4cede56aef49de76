// The server's Prometheus metrics (issue 30 line 6, decision 0050). One registry per process: the counters
// are the process's, as Prometheus scrapes each process apart (HAProxy's backends, METRICS_PORT). The
// modules that count import the metric they add to; nothing here sits in a per-line loop.
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'fourd_' });

/** Every answered HTTP request, by the route pattern the router matched (never the raw URL). */
export const httpRequests = new Histogram({
  name: 'fourd_http_request_duration_seconds',
  help: 'HTTP requests answered, by route pattern, method and status class, and how long they took',
  labelNames: ['route', 'method', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

/** Refused requests (4xx and 5xx answers in the envelope), by its message key. */
export const refusals = new Counter({
  name: 'fourd_refusals_total',
  help: 'Requests answered with an error envelope, by its message key and status',
  labelNames: ['reason', 'status'] as const,
  registers: [registry],
});

export const ticketsPlaced = new Counter({
  name: 'fourd_tickets_placed_total',
  help: 'Tickets placed (accepted placements; a replay of the same idempotency key is not counted again)',
  registers: [registry],
});

export const linesPlaced = new Counter({
  name: 'fourd_lines_placed_total',
  help: 'Bet lines placed on accepted tickets',
  registers: [registry],
});

export const settlementSteps = new Histogram({
  name: 'fourd_settlement_step_duration_seconds',
  help: 'Settlement steps run (winners, distribute, release) and how long each took',
  labelNames: ['step'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [registry],
});

/** The statements within settlement's steps (strikes, keys and rates, the booking, the summaries). */
export const settlementStatements = new Histogram({
  name: 'fourd_settlement_statement_duration_seconds',
  help: 'Statements within the settlement steps (finding strikes, pricing keys, booking the figures, the summaries), by name, and how long each took',
  labelNames: ['statement'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'fourd_job_runs_total',
  help: 'Scheduled job runs started, by job',
  labelNames: ['job'] as const,
  registers: [registry],
});

export const jobFailures = new Counter({
  name: 'fourd_job_failures_total',
  help: 'Scheduled job runs that failed, by job',
  labelNames: ['job'] as const,
  registers: [registry],
});

export const outboundCalls = new Histogram({
  name: 'fourd_outbound_request_duration_seconds',
  help: 'Calls this server made to other sites (result sites, seamless callbacks, remote agents), by outcome',
  labelNames: ['outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export const outboundFailures = new Counter({
  name: 'fourd_outbound_failures_total',
  help: 'Calls to other sites that failed (no answer, refused address, too large, or an HTTP error status), by outcome',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** The PostgreSQL pools of this process (PGlite has none: the gauges then stay absent). */
const pools = new Set<pg.Pool>();

const poolGauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      if (pools.size) this.set([...pools].reduce((sum, p) => sum + read(p), 0));
    },
  });
poolGauge('fourd_db_pool_connections', 'Database pool connections open', (p) => p.totalCount);
poolGauge('fourd_db_pool_idle', 'Database pool connections idle', (p) => p.idleCount);
poolGauge('fourd_db_pool_waiting', 'Queries waiting for a database pool connection', (p) => p.waitingCount);

/** Counts a pool in the gauges until the returned function is called (its close). */
export function watchPool(pool: pg.Pool): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

/** `200` -> `2xx`: the label stays a handful of values. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

async function timed<T>(end: () => unknown, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    end();
  }
}

/** Times one settlement step; the time is recorded whether it succeeds or throws. */
export const timeSettlementStep = <T>(step: 'winners' | 'distribute' | 'release', work: () => Promise<T>) =>
  timed(settlementSteps.startTimer({ step }), work);

/** Times one statement within a settlement step (bench:settle prints them: where the time goes). */
export const timeSettlementStatement = <T>(statement: string, work: () => Promise<T>) =>
  timed(settlementStatements.startTimer({ statement }), work);

/** Counts one scheduled job run, and its failure (rethrown). */
export async function countJobRun<T>(job: string, work: () => Promise<T>): Promise<T> {
  jobRuns.inc({ job });
  try {
    return await work();
  } catch (e) {
    jobFailures.inc({ job });
    throw e;
  }
}

/** Counts an answered placement: a ticket and its stored lines when it was placed now (not a replay). */
export function countPlaced(out: { status: number; replayed: boolean; body: { data?: unknown } }): void {
  if (out.status !== 200 || out.replayed) return;
  ticketsPlaced.inc();
  const lines = (out.body.data as { lines?: unknown } | null)?.lines;
  if (typeof lines === 'number') linesPlaced.inc(lines);
}
