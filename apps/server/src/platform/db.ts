import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside db.transaction(): always use it there, never the outer Db (PGlite would hang). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

// bigint money comes back as a JS number on both drivers (cents stay far below 2^53).
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder for PGlite; 'memory' for an in-memory instance (tests). */
  dataDir?: string;
  /** A PGlite data dump (from dumpDataDir) to start from instead of running initdb. */
  loadDataDir?: Blob | File;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped test database) must not crash the
    // process: the pool replaces it on the next checkout.
    pool.on('error', (e) => console.error(`database connection lost: ${e.message}`));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = opts.dataDir ?? 'memory';
  if (dir !== 'memory') fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir === 'memory' ? undefined : dir, { loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
