// Once per run of the server suite: a database migrated and seeded (reference data, the super admin),
// which every createTestApp copies instead of running the migrations and hashing the admin's password
// again. About fifty test files each create an app; on a 2-core CI machine the repeated migrations were
// minutes of the run. PGlite: a dump of the data folder in a temporary file. PostgreSQL: a template
// database that CREATE DATABASE ... TEMPLATE clones.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { ensureSuperAdmin, seedReferenceData } from '../../src/db/seed';
import { openDatabase } from '../../src/platform/db';
import { ADMIN } from './constants';
import { runOn } from './runOn';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the file holding the seeded data folder's dump. */
    pgliteTemplate: string;
    /** PostgreSQL: the seeded template database's name. */
    postgresTemplate: string;
  }
}


export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `t_template_${crypto.randomBytes(6).toString('hex')}`;
    await runOn(pgUrl, `CREATE DATABASE ${name}`);
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString() });
    await seedReferenceData(database.db);
    await ensureSuperAdmin(database.db, ADMIN.username, ADMIN.password);
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return () => runOn(pgUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const database = await openDatabase({ dataDir: 'memory' });
  await seedReferenceData(database.db);
  await ensureSuperAdmin(database.db, ADMIN.username, ADMIN.password);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fourd-test-')), 'seeded.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
