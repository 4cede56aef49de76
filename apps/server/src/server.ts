// Starting an installation: main.ts does it with the system clock (and the demo), the tests that need a
// second real server process (test/support/serverProcess.ts) with a clock they set. One startup for both.
import { buildApp } from './app';
import { ensureSuperAdmin, seedReferenceData } from './db/seed';
import { startJobs } from './modules/jobs';
import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import { openDatabase, pipelinedPool, type Database } from './platform/db';
import { openReadReplica } from './platform/readReplica';
import { listenMetrics } from './platform/health';
import { watchPool } from './platform/metrics';

/** Opens the database (migrating it), seeds the reference data and creates the super admin on first start. */
export async function prepareDatabase(config: Config) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, ownerUrl: config.databaseOwnerUrl, dataDir: config.dataDir });
  await seedReferenceData(database.db);
  const admin = await ensureSuperAdmin(database.db, config.adminUsername, config.adminPassword);
  return { database, admin };
}

/** Resolves with `work`'s outcome, or with 'late' once `ms` have passed. */
const within = <T>(ms: number, work: Promise<T>): Promise<T | 'late'> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((done) => {
    timer = setTimeout(() => done('late'), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};

/**
 * Builds the app, listens and starts the scheduled jobs (unless `jobs` is false). Returns the port and a
 * stop: the graceful stop of decision 0050 (SIGTERM, main.ts).
 */
export async function serve(database: Database, config: Config, clock: Clock, opts: { jobs?: boolean; logger?: boolean } = {}) {
  const readReplica = await openReadReplica(config);
  const deps = { db: database.db, readDb: readReplica?.db, clock, config };
  // Placement's pipelining pool counts in the gauges too (decision 0061).
  const unwatchAll = [database.pool, pipelinedPool(database.db)].filter((p) => p !== undefined).map((p) => watchPool(p));
  const unwatch = () => unwatchAll.forEach((u) => u());
  const app = await buildApp(deps, { logger: opts.logger ?? true });
  await app.listen({ port: config.port, host: config.host });
  const metrics = config.metricsPort !== undefined ? await listenMetrics(config) : undefined;
  const stopJobs = opts.jobs === false ? async () => {} : startJobs(deps);
  const { port } = app.server.address() as { port: number };
  let stopping: Promise<void> | undefined;
  /**
   * Ready answers 503 at once; the listener closes (no new connection; a request on a kept-alive one is
   * answered 503 with Connection: close); requests in flight and a running job step finish, for at most
   * STOP_TIMEOUT_MS, after which connections are cut (an unfinished placement's transaction rolls back:
   * a ticket is whole or absent); the API log is flushed; the database closes last.
   */
  const stop = () =>
    (stopping ??= (async () => {
      app.lifecycle.draining = true;
      const closed = app.close();
      const [requests, jobs] = await Promise.all([within(config.stopTimeoutMs, closed), within(config.stopTimeoutMs, stopJobs())]);
      if (requests === 'late') {
        app.log.warn(`stop: requests still in flight after ${config.stopTimeoutMs} ms, connections closed`);
        app.server.closeAllConnections();
        await within(5_000, closed);
      }
      if (jobs === 'late') app.log.warn(`stop: a job step still running after ${config.stopTimeoutMs} ms; its transaction is abandoned`);
      await metrics?.close();
      unwatch();
      await readReplica?.close();
      await database.close();
    })());
  return { app, port, metricsPort: metrics?.port, stop };
}
