// Prometheus metrics (issue 30 line 6, decision 0050): /metrics exists only as configured (METRICS_TOKEN
// as a bearer token, or METRICS_PORT's own listener), and says what the server did: requests by route
// pattern, tickets and lines placed (a replay not again), refusals by message key, settlement steps, job
// runs, outbound calls and their failures, the database pool, and the process's own figures.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { HierarchyLevel, PoolId } from '@app/domain';
import { insertWinners } from '../src/modules/settlement/service';
import { startJobs } from '../src/modules/jobs';
import { listenMetrics } from '../src/platform/health';
import { timeSettlementStatement, watchPool } from '../src/platform/metrics';
import { boundedFetch } from '../src/platform/outboundHttp';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

const TOKEN = 'metrics-token-0123456789';
const PASSWORD = 'Passw0rd!';
let t: TestApp;
let player: string;
let keyNo = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: TOKEN } });
  const admin = await t.login(ADMIN.username, ADMIN.password);
  const create = async (cookie: string, body: Record<string, unknown>) => {
    const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  };
  await create(admin, { username: 'metco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  const co = await t.login('metco', PASSWORD);
  await create(co, { username: 'metagent', level: HierarchyLevel.Agent, creditLimit: 1_000_000, positionTaking: 50 });
  const agent = await t.login('metagent', PASSWORD);
  await create(agent, { username: 'metplayer', level: HierarchyLevel.Player, creditLimit: 10_000 });
  player = await t.login('metplayer', PASSWORD);
  const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
  expect(draw.status).toBe(200);
});
afterAll(async () => t?.close());

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

/** The value of one series (labels as written, in the order prom-client writes them), 0 when absent. */
function value(text: string, series: string): number {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return 0;
}

describe('/metrics access', () => {
  it('asks for the bearer token: none or a wrong one is 401, the right one 200 in Prometheus text', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope-nope-nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    // The process's own figures (prom-client's defaults).
    expect(res.body).toContain('fourd_process_cpu_user_seconds_total');
    expect(res.body).toContain('fourd_nodejs_eventloop_lag_seconds');
  });

  it('does not exist without METRICS_TOKEN (404, as any missing path)', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('with METRICS_PORT, is served on that listener only (still behind the token) and is 404 on the server port', async () => {
    const own = await createTestApp({ config: { metricsToken: TOKEN, metricsPort: 0 } });
    const listener = await listenMetrics({ ...own.config, metricsPort: 0, host: '127.0.0.1' });
    try {
      expect((await own.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
      const url = `http://127.0.0.1:${listener.port}`;
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('fourd_http_request_duration_seconds');
      expect((await fetch(`${url}/health/ready`)).status).toBe(404);
    } finally {
      await listener.close();
      await own.close();
    }
  });
});

describe('what the metrics count', () => {
  it('requests by route pattern, method and status class (never the raw URL)', async () => {
    const before = await scrape();
    const series = 'fourd_http_request_duration_seconds_count{route="/api/Account/GetUserDetailsById",method="GET",status_class="2xx"}';
    const res = await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: 1 }, cookie: player });
    expect(res.status).toBeLessThan(500);
    const missing = await t.app.inject({ method: 'GET', url: '/no/such/path/12345' });
    expect(missing.statusCode).toBe(404);
    const after = await scrape();
    const cls = `${Math.floor(res.status / 100)}xx`;
    const s = series.replace('2xx', cls);
    expect(value(after, s)).toBe(value(before, s) + 1);
    expect(after).not.toContain('/no/such/path/12345');
    expect(after).toContain('route="not-found"');
  });

  it('tickets and lines placed, once per ticket: a replay of the same key is not counted again', async () => {
    const before = await scrape();
    const json = { text: 'D\n#1\n1234#1#1', idempotencyKey: `metrics-key-${++keyNo}-0123456789` };
    const placed = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: player, json });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const replay = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: player, json });
    expect(replay.body.data.ticketId).toBe(placed.body.data.ticketId);
    const after = await scrape();
    expect(value(after, 'fourd_tickets_placed_total')).toBe(value(before, 'fourd_tickets_placed_total') + 1);
    expect(placed.body.data.lines).toBeGreaterThan(0);
    expect(value(after, 'fourd_lines_placed_total')).toBe(value(before, 'fourd_lines_placed_total') + placed.body.data.lines);
  });

  it('refusals by the envelope\'s message key and status', async () => {
    const before = await scrape();
    const noHeader = await t.app.inject({ method: 'GET', url: '/api/Account/GetUserDetailsById?userId=1' });
    expect(noHeader.statusCode).toBe(403);
    const bad = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: player, json: { text: 'D\n#1\n1234#x', idempotencyKey: `metrics-key-${++keyNo}-0123456789` } });
    expect(bad.status).toBe(400);
    const after = await scrape();
    const xhr = 'fourd_refusals_total{reason="MISSING_XHR_HEADER",status="403"}';
    expect(value(after, xhr)).toBe(value(before, xhr) + 1);
    const refused = `fourd_refusals_total{reason="${bad.body.message}",status="400"}`;
    expect(value(after, refused)).toBe(value(before, refused) + 1);
  });

  it('settlement steps by step, timed whether they succeed or are refused', async () => {
    const before = await scrape();
    const series = 'fourd_settlement_step_duration_seconds_count{step="winners"}';
    await expect(insertWinners({ db: t.db, clock: t.clock, config: t.config }, 999_999)).rejects.toThrow();
    expect(value(await scrape(), series)).toBe(value(before, series) + 1);
  });

  it('statements within settlement steps by name, timed whether they succeed or throw', async () => {
    const before = await scrape();
    const series = 'fourd_settlement_statement_duration_seconds_count{statement="keys: rates"}';
    await timeSettlementStatement('keys: rates', async () => 1);
    await expect(timeSettlementStatement('keys: rates', async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(value(await scrape(), series)).toBe(value(before, series) + 2);
  });

  it('job runs by job (the scheduled check runs 5 s after the start)', async () => {
    const before = await scrape();
    const stop = startJobs({ db: t.db, clock: t.clock, config: t.config }, { log: () => {} });
    await new Promise((done) => setTimeout(done, 5_500));
    await stop();
    const after = await scrape();
    const series = 'fourd_job_runs_total{job="schedule"}';
    expect(value(after, series)).toBe(value(before, series) + 1);
    expect(after).toContain('fourd_job_failures_total');
  }, 20_000);

  it('outbound calls by outcome, and their failures', async () => {
    const site = http.createServer((req, res) => res.writeHead(req.url === '/ok' ? 200 : 500).end('x'));
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', () => done()));
    const url = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
    try {
      const before = await scrape();
      await boundedFetch(`${url}/ok`, { timeoutMs: 2_000, maxBytes: 1_000 });
      await boundedFetch(`${url}/fail`, { timeoutMs: 2_000, maxBytes: 1_000 });
      await expect(boundedFetch('http://127.0.0.1:1/', { timeoutMs: 2_000, maxBytes: 1_000 })).rejects.toThrow();
      const after = await scrape();
      for (const outcome of ['ok', 'http_error', 'unreachable']) {
        const s = `fourd_outbound_request_duration_seconds_count{outcome="${outcome}"}`;
        expect(value(after, s), outcome).toBe(value(before, s) + 1);
      }
      for (const outcome of ['http_error', 'unreachable']) {
        const s = `fourd_outbound_failures_total{outcome="${outcome}"}`;
        expect(value(after, s), outcome).toBe(value(before, s) + 1);
      }
      expect(value(after, 'fourd_outbound_failures_total{outcome="ok"}')).toBe(0);
    } finally {
      site.close();
    }
  });

  it('the database pool: connections, idle and waiting (a PostgreSQL pool; with PGlite they stay 0)', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', max: 3 });
    const unwatch = watchPool(pool);
    try {
      const text = await scrape();
      expect(text).toMatch(/^fourd_db_pool_connections 0$/m);
      expect(text).toMatch(/^fourd_db_pool_idle 0$/m);
      expect(text).toMatch(/^fourd_db_pool_waiting 0$/m);
    } finally {
      unwatch();
      await pool.end();
    }
  });
});
