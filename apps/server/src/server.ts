// Starting an installation: main.ts does it with the system clock (and the demo), the tests that need a
// second real server process (test/support/serverProcess.ts) with a clock they set. One startup for both.
import { buildApp } from './app';
import { ensureSuperAdmin, seedReferenceData } from './db/seed';
import { startJobs } from './modules/jobs';
import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import { openDatabase, type Database } from './platform/db';
import { openReadReplica } from './platform/readReplica';

/** Opens the database (migrating it), seeds the reference data and creates the super admin on first start. */
export async function prepareDatabase(config: Config) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, ownerUrl: config.databaseOwnerUrl, dataDir: config.dataDir });
  await seedReferenceData(database.db);
  const admin = await ensureSuperAdmin(database.db, config.adminUsername, config.adminPassword);
  return { database, admin };
}

/** Builds the app, listens and starts the scheduled jobs (unless `jobs` is false). Returns the port and a stop. */
export async function serve(database: Database, config: Config, clock: Clock, opts: { jobs?: boolean; logger?: boolean } = {}) {
  const readReplica = await openReadReplica(config);
  const deps = { db: database.db, readDb: readReplica?.db, clock, config };
  const app = await buildApp(deps, { logger: opts.logger ?? true });
  await app.listen({ port: config.port, host: config.host });
  const stopJobs = opts.jobs === false ? () => {} : startJobs(deps);
  const { port } = app.server.address() as { port: number };
  return {
    app,
    port,
    stop: async () => {
      stopJobs();
      await app.close();
      await readReplica?.close();
      await database.close();
    },
  };
}
