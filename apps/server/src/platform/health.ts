// What a load balancer and a scraper ask of a process (issue 30 lines 6 and 7, decision 0050), outside
// the API: no session, no marker header, plain JSON.
//   /health/live   the process answers (200);
//   /health/ready  it may be sent requests: the database answers within READY_TIMEOUT_MS, holds every
//                  migration this build has, and the process is not stopping (200, else 503);
//   /metrics       Prometheus' text, for the bearer of METRICS_TOKEN (not here when METRICS_PORT is set).
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import { registry } from './metrics';

/** A process's state a stop changes: ready answers 503 from the moment it is draining. */
export interface Lifecycle {
  draining: boolean;
}

const READY_TIMEOUT_MS = 1_500;

const migrationsJournal = path.resolve(import.meta.dirname, '../../drizzle/meta/_journal.json');
/** How many migrations this build has: a database holding fewer is another build's (an upgrade under way). */
const migrationsOfBuild = (JSON.parse(fs.readFileSync(migrationsJournal, 'utf8')) as { entries: unknown[] }).entries.length;

type Check = 'ok' | 'unreachable' | 'behind' | 'draining';

async function readiness(db: Db, lifecycle: Lifecycle): Promise<{ ready: boolean; database: Check; migrations: Check | 'unknown'; draining: boolean }> {
  if (lifecycle.draining) return { ready: false, database: 'ok', migrations: 'unknown', draining: true };
  let timer: NodeJS.Timeout | undefined;
  try {
    const count = (async () => {
      const res = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
      return res.rows[0].n;
    })();
    const late = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error('timeout')), READY_TIMEOUT_MS);
    });
    const applied = await Promise.race([count, late]);
    const current = applied >= migrationsOfBuild;
    // The stop may have begun while the database answered.
    const draining = lifecycle.draining;
    return { ready: current && !draining, database: 'ok', migrations: current ? 'ok' : 'behind', draining };
  } catch {
    return { ready: false, database: 'unreachable', migrations: 'unknown', draining: lifecycle.draining };
  } finally {
    clearTimeout(timer);
  }
}

/** Whether an Authorization header carries the token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!m) return false;
  const given = crypto.createHash('sha256').update(m[1]).digest();
  return crypto.timingSafeEqual(given, crypto.createHash('sha256').update(token).digest());
}

/** The metrics' answer to a scrape: 401 without the token when one is set. */
export async function metricsAnswer(authorization: string | undefined, token: string | undefined): Promise<{ status: number; type: string; body: string }> {
  if (token && !bearerMatches(authorization, token)) return { status: 401, type: 'text/plain; charset=utf-8', body: 'unauthorized\n' };
  return { status: 200, type: registry.contentType, body: await registry.metrics() };
}

export function registerHealth(app: FastifyInstance, deps: { db: Db; config: Config }, lifecycle: Lifecycle) {
  const noStore = { 'cache-control': 'no-store' };
  app.get('/health/live', { schema: { hide: true } }, async (_request, reply) => reply.headers(noStore).send({ status: 'live' }));
  app.get('/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    const r = await readiness(deps.db, lifecycle);
    return reply
      .headers(noStore)
      .code(r.ready ? 200 : 503)
      .send({ status: r.ready ? 'ready' : 'not ready', database: r.database, migrations: r.migrations, draining: r.draining });
  });
  const { metricsToken, metricsPort } = deps.config;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // Not configured here: the same answer as any path that does not exist.
    if (!metricsToken || metricsPort !== undefined) return reply.callNotFound();
    const m = await metricsAnswer(request.headers.authorization, metricsToken);
    if (m.status === 401) reply.header('www-authenticate', 'Bearer');
    return reply.headers(noStore).code(m.status).type(m.type).send(m.body);
  });
}

/** METRICS_PORT's listener: /metrics only, nothing else of the server. Resolves once it listens. */
export async function listenMetrics(config: Config): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || url !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metricsAnswer(req.headers.authorization, config.metricsToken).then(
      (m) => res.writeHead(m.status, { 'content-type': m.type, 'cache-control': 'no-store', ...(m.status === 401 ? { 'www-authenticate': 'Bearer' } : {}) }).end(m.body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(config.metricsPort, config.host, () => done());
  });
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
