// A read-only pool on a hot standby for report reads (DATABASE_READ_URL), and the one rule of when a read
// may use it (decision 0052). Placement, settlement and every write stay on the primary.
//
// The rule: a report read goes to the standby only once the standby has replayed everything the primary
// had written when the read was asked (its WAL position then). So a report never shows less than one read
// from the primary would have: a caller's own writes, whichever process took them, included. The read
// waits a little for the standby to get there; a standby that does not, that cannot be reached or that
// fails a read sends the reads to the primary for a while.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../db/schema';
import type { Config } from './config';
import { SESSION_OPTIONS, type Db } from './db';

export interface ReadReplica {
  db: Db;
  close(): Promise<void>;
}

/** How long a read waits for the standby to replay what the primary had when the read was asked. */
export const REPLAY_WAIT_MS = 250;
/** After the standby fell behind, failed or could not be reached, reads go to the primary this long. */
export const PRIMARY_FOR_MS = 10_000;
const POLL_MS = 5;

/**
 * Where the standby's replay stands, as a byte position in the WAL; 'primary': it is the primary itself (a
 * stand-in, or both URLs reach the same server), never behind; null: it is not a standby of ours.
 */
export type ReplayedProbe = () => Promise<bigint | 'primary' | null>;

export interface ReadReplicaOptions {
  /** Tests: stands in for the standby's own answer (a stand-in database plays a standby that lags). */
  replayed?: ReplayedProbe;
  log?: (message: string) => void;
}

/** Which database served the report reads, since the pool opened (for a metric, and for the tests). */
export interface ReaderCounts {
  standby: number;
  primary: number;
}

interface Standby {
  db: Db;
  replayed: ReplayedProbe;
  /** The furthest position the standby was seen to have replayed: it only grows. */
  seen: bigint;
  /** One probe at a time, shared by the reads waiting for it. */
  probe: Promise<bigint | 'primary' | null> | null;
  /** Until then (ms since the epoch), reads go to the primary. */
  primaryUntil: number;
  counts: ReaderCounts;
  log: (message: string) => void;
}

const standbys = new WeakMap<Db, Standby>();

/**
 * The standby's pool when DATABASE_READ_URL is set; none otherwise. Its sessions are read-only
 * (default_transaction_read_only): a write sent there by mistake fails instead of being lost.
 */
export async function openReadReplica(config: Config, opts: ReadReplicaOptions = {}): Promise<ReadReplica | undefined> {
  if (!config.databaseReadUrl) return undefined;
  if (!config.databaseUrl) {
    throw new Error('DATABASE_READ_URL is set but DATABASE_URL is not: the embedded PGlite has no standby to read from. Set DATABASE_URL (PostgreSQL) or unset DATABASE_READ_URL.');
  }
  const log = opts.log ?? ((m: string) => console.warn(m));
  const pool = new pg.Pool({
    connectionString: config.databaseReadUrl,
    max: 10,
    // An unreachable standby costs a read one second once, then the primary serves for PRIMARY_FOR_MS.
    connectionTimeoutMillis: 1_000,
    options: `${SESSION_OPTIONS} -c default_transaction_read_only=on`,
    application_name: 'fourd-reports',
  });
  pool.on('error', (e) => log(`standby connection lost: ${e.message}`));
  const db = drizzle(pool, { schema }) as unknown as Db;
  const standby: Standby = {
    db,
    replayed: opts.replayed ?? (() => replayedOf(db, config)),
    seen: -1n,
    probe: null,
    primaryUntil: 0,
    counts: { standby: 0, primary: 0 },
    log,
  };
  standbys.set(db, standby);
  // Told at start, not refused: a standby that is down must not keep the primary's server from starting.
  try {
    const at = await standby.replayed();
    if (at === null) log('DATABASE_READ_URL is neither a hot standby nor the primary itself: reports read from the primary');
  } catch (e) {
    log(`standby (DATABASE_READ_URL) unreachable: reports read from the primary until it answers (${(e as Error).message})`);
  }
  return { db, close: () => pool.end() };
}

/** Report reads since the standby's pool opened, by where they were served. */
export function readerCounts(readDb: Db): ReaderCounts | undefined {
  return standbys.get(readDb)?.counts;
}

interface ReaderDeps {
  db: Db;
  readDb?: Db;
}

/**
 * Runs a report read on the database the rule picks (the module doc), once. A read the standby fails
 * for the standby's sake (connection lost, a conflict with its recovery, shutting down) runs again on
 * the primary; any other error is the read's own and is thrown.
 */
export async function readReport<T>(deps: ReaderDeps, read: (db: Db) => Promise<T>): Promise<T> {
  const db = await readerFor(deps);
  if (db === deps.db) return read(db);
  try {
    return await read(db);
  } catch (e) {
    const standby = deps.readDb && standbys.get(deps.readDb);
    if (!standby || !isStandbyFailure(e)) throw e;
    standby.counts.standby--;
    standby.counts.primary++;
    useThePrimary(standby, deps.db, `standby failed a report read (${(e as Error).message}), read again from the primary`);
    return read(deps.db);
  }
}

/** The database a report read asked now may use: the standby when it has replayed the primary's present. */
export async function readerFor(deps: ReaderDeps): Promise<Db> {
  const standby = deps.readDb && standbys.get(deps.readDb);
  if (!standby) return deps.db;
  const chosen = await choose(deps.db, standby);
  standby.counts[chosen === standby.db ? 'standby' : 'primary']++;
  return chosen;
}

async function choose(primary: Db, standby: Standby): Promise<Db> {
  if (Date.now() < standby.primaryUntil) return primary;
  const target = await primaryPosition(primary);
  if (standby.seen >= target) return standby.db;
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    let at: bigint | 'primary' | null;
    try {
      at = await probe(standby);
    } catch (e) {
      return useThePrimary(standby, primary, `standby unreachable: ${(e as Error).message}`);
    }
    if (at === 'primary') return standby.db;
    if (at === null) return useThePrimary(standby, primary, 'DATABASE_READ_URL is neither a hot standby nor the primary itself');
    if (at >= target) return standby.db;
    if (Date.now() >= deadline) return useThePrimary(standby, primary, `standby more than ${REPLAY_WAIT_MS} ms behind (${target - at} bytes of WAL to replay)`);
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}

function useThePrimary(standby: Standby, primary: Db, why: string): Db {
  standby.primaryUntil = Date.now() + PRIMARY_FOR_MS;
  // What answers at the URL next may be another server (a standby rebuilt, roles swapped by a failover).
  standby.seen = -1n;
  standby.log(`${why}: reports read from the primary for ${PRIMARY_FOR_MS / 1000} s`);
  return primary;
}

function probe(standby: Standby): Promise<bigint | 'primary' | null> {
  standby.probe ??= standby
    .replayed()
    .then((at) => {
      if (typeof at === 'bigint' && at > standby.seen) standby.seen = at;
      return at;
    })
    .finally(() => (standby.probe = null));
  return standby.probe;
}

type Rows<T> = { rows: T[] };
const lsnBytes = (lsn: string) => sql.raw(`(${lsn} - '0/0'::pg_lsn)::text`);

/**
 * The primary's WAL position now. Every transaction committed before this (synchronous_commit on: its
 * commit flushed) lies at or before it.
 */
async function primaryPosition(primary: Db): Promise<bigint> {
  const res = (await primary.execute(sql`select ${lsnBytes('pg_current_wal_lsn()')} as at`)) as unknown as Rows<{ at: string }>;
  return BigInt(res.rows[0].at);
}

/**
 * A hot standby: the WAL it has replayed. A server not in recovery (a stand-in for a standby, or a
 * standby promoted since) counts only when it is the primary itself (the same server started at the same
 * moment, the same database): then it is never behind. Any other primary is not ours to read from.
 */
async function replayedOf(standby: Db, config: Config): Promise<bigint | 'primary' | null> {
  const res = (await standby.execute(
    sql`select pg_is_in_recovery() as standby,
               case when pg_is_in_recovery() then ${lsnBytes('pg_last_wal_replay_lsn()')} end as replayed,
               ${serverIdentity} as identity`,
  )) as unknown as Rows<{ standby: boolean; replayed: string | null; identity: string }>;
  const [r] = res.rows;
  if (r.standby) return r.replayed === null ? null : BigInt(r.replayed);
  if ((await primaryIdentity(config)) === r.identity) return 'primary';
  // The primary may have changed since it was read (a failover behind DATABASE_URL's proxy): read it anew next time.
  primaryIdentityOf = null;
  return null;
}

const serverIdentity = sql`current_database() || ' ' || pg_postmaster_start_time()::text || ' ' || coalesce(inet_server_port(), 0)::text`;
let primaryIdentityOf: { url: string; identity: Promise<string> } | null = null;

/** The primary's identity, read once per process (on a connection of its own, closed after). */
function primaryIdentity(config: Config): Promise<string> {
  const url = config.databaseUrl!;
  if (primaryIdentityOf?.url !== url) {
    const identity = (async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const res = await client.query<{ identity: string }>(`select current_database() || ' ' || pg_postmaster_start_time()::text || ' ' || coalesce(inet_server_port(), 0)::text as identity`);
        return res.rows[0].identity;
      } finally {
        await client.end();
      }
    })();
    identity.catch(() => (primaryIdentityOf = null));
    primaryIdentityOf = { url, identity };
  }
  return primaryIdentityOf.identity;
}

/**
 * Errors that are the standby's, not the read's: no connection (refused, lost, timed out), the server
 * shutting down (57P01-57P03), a query cancelled for a conflict with the standby's recovery (40001) or
 * a connection-class SQLSTATE (08...).
 */
function isStandbyFailure(e: unknown): boolean {
  const err = e as { code?: string; message?: string; cause?: unknown };
  if (err?.cause && err.cause !== e && isStandbyFailure(err.cause)) return true;
  const code = err?.code ?? '';
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', '40001', '57P01', '57P02', '57P03'].includes(code)) return true;
  if (code.startsWith('08')) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(err?.message ?? '');
}
