import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from '../db/schema';
import { assertMigrated, currentRole, grantApplicationRole, mayMigrate } from './dbRoles';
import { rawQuery } from './rawQuery';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside db.transaction(): always use it there, never the outer Db (PGlite would hang). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the connection pool (its use is a metric); PGlite has none. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

// bigint money comes back as a JS number on both drivers (cents stay far below 2^53).
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenOptions {
  databaseUrl?: string;
  /**
   * PostgreSQL only: a role owning the database. It runs the migrations and grants the role of
   * `databaseUrl` what the server needs (platform/dbRoles.ts); the server then works as that role only.
   */
  ownerUrl?: string;
  /** Folder for PGlite; 'memory' for an in-memory instance (tests). */
  dataDir?: string;
  /** A PGlite data dump (from dumpDataDir) to start from instead of running initdb. */
  loadDataDir?: Blob | File;
}

/**
 * Settings of every session the server opens on PostgreSQL (decision 0053). JIT off: compiling a
 * statement costs 25 to 30 ms, which only a statement of seconds wins back; the server's reads take
 * milliseconds, and a report whose row estimate drifted over jit_above_cost after an ANALYZE took 60 ms
 * instead of 9 (an agent's win/loss at 10,000,000 lines).
 */
export const SESSION_OPTIONS = '-c jit=off';

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = poolOf({ connectionString: opts.databaseUrl, max: 10, options: SESSION_OPTIONS });
    // Placement's connections send a batch's statements without waiting for each answer (decision 0061):
    // as many as the batches placed at once, and one for a retry.
    const pipelined = poolOf({ connectionString: opts.databaseUrl, max: 3, options: SESSION_OPTIONS, pipeline: true });
    const db = drizzlePg(pool, { schema });
    pipelinedPools.set(db, pipelined);
    if (opts.ownerUrl) await migrateAsOwner(opts.ownerUrl, await currentRole(pool));
    else if (await mayMigrate(pool)) {
      const client = await pool.connect();
      try {
        await underMigrationLock(client, () => migratePg(drizzlePg(client, { schema }), { migrationsFolder }));
      } finally {
        client.release();
      }
    } else await assertMigrated(pool, migrationsFolder);
    return { db: db as unknown as Db, kind: 'postgres', pool, close: () => Promise.all([pool.end(), pipelined.end()]).then(() => undefined) };
  }
  const dir = opts.dataDir ?? 'memory';
  if (dir !== 'memory') fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir === 'memory' ? undefined : dir, { loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** A pool whose lost connections are logged, not fatal. */
function poolOf(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // An idle connection the server ends (restart, failover, a dropped test database) must not crash the
  // process: the pool replaces it on the next checkout.
  pool.on('error', (e) => console.error(`database connection lost: ${e.message}`));
  // The same for a connection in use (a failover ends it mid-query): node-postgres emits the error on
  // the client, and an 'error' without a listener would end the process instead of failing one call.
  pool.on('connect', (client) => client.on('error', (e) => console.error(`database connection lost: ${e.message}`)));
  return pool;
}

const pipelinedPools = new WeakMap<object, pg.Pool>();

/** The pipelining pool opened beside a PostgreSQL handle's own, if any (platform/pipelined.ts). */
export const pipelinedPool = (db: Db): pg.Pool | undefined => pipelinedPools.get(db);

/** Which database a handle is on: PGlite has one connection, PostgreSQL a pool. */
export function databaseKind(db: Db): 'pglite' | 'postgres' {
  return typeof (db as unknown as { $client: { dumpDataDir?: unknown } }).$client?.dumpDataDir === 'function' ? 'pglite' : 'postgres';
}

/** Any number: the key of the session lock that lets one process migrate while the others wait. */
const MIGRATION_LOCK = 4_040_404;

/**
 * Runs the migrations holding a session advisory lock: processes starting together (a rolling upgrade, a
 * cluster's first start) migrate one after another, and the later ones find nothing left to apply
 * (drizzle's migrator takes no lock of its own).
 */
async function underMigrationLock(client: pg.ClientBase, migrate: () => Promise<void>): Promise<void> {
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await migrate();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}

/** Runs the migrations as the owner and grants the application role, on one connection closed after. */
async function migrateAsOwner(ownerUrl: string, appRole: string): Promise<void> {
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    await underMigrationLock(owner, () => migratePg(drizzlePg(owner, { schema }), { migrationsFolder }));
    if ((await currentRole(owner)) !== appRole) await grantApplicationRole(owner, appRole);
  } finally {
    await owner.end();
  }
}

/** Statement names by SQL text, for the life of the process. */
const statementNames = new Map<string, string>();
/**
 * More distinct texts than this means a value was written into a text instead of passed as a parameter:
 * every call would leave a statement prepared on every connection.
 */
const MAX_PREPARED_TEXTS = 64;

/** The database's current snapshot as text (xmin:xmax:in-progress): equal while no writing transaction has ended. */
export async function currentSnapshot(db: DbOrTx): Promise<string> {
  const res = (await db.execute(sql`select pg_current_snapshot()::text as s`)) as unknown as { rows: { s: string }[] };
  return res.rows[0].s;
}

/**
 * Runs raw SQL as a named prepared statement and returns its rows. PostgreSQL keeps the statement per
 * connection and, once a plan that ignores the parameters is as good as a fresh one, stops planning it
 * again: for the large statements of placing tickets, planning cost as much as running them. The name is
 * a hash of the text, so every distinct shape of a statement is prepared on its own and is named alike
 * in every process. (PGlite ignores the name and plans every time.)
 */
export async function preparedRows<T>(db: DbOrTx, prefix: string, query: SQL): Promise<T[]> {
  const s = preparedStatement(db, prefix, query);
  const session = (db as unknown as { session: { prepareQuery(q: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> } } }).session;
  const res = await session.prepareQuery({ sql: s.text, params: s.values }, undefined, s.name, false).execute();
  return (res as { rows: T[] }).rows;
}

/** A query's text, parameters and statement name (see preparedRows). */
export function preparedStatement(db: DbOrTx, prefix: string, query: SQL): { name: string; text: string; values: unknown[] } {
  const built = rawQuery(query) ?? (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (!name) {
    if (statementNames.size >= MAX_PREPARED_TEXTS) throw new Error(`more than ${MAX_PREPARED_TEXTS} prepared statement texts: a value is in a text (${prefix})`);
    name = `${prefix}_${crypto.createHash('sha256').update(built.sql).digest('hex').slice(0, 16)}`;
    statementNames.set(built.sql, name);
  }
  return { name, text: built.sql, values: built.params };
}
