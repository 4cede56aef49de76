// A transaction of a few large statements whose BEGIN travels with the first and whose COMMIT travels with
// the last (decision 0061). On PostgreSQL each round trip waits for the server's event loop as well as the
// database: placing a batch took five (BEGIN, read, prepare, write, COMMIT) and now takes three, and the
// batch's locks are released as soon as its write ends instead of a round trip later. node-postgres sends
// queries without waiting for the one before in its pipeline mode, which the pool opened for this beside the
// server's own has on (platform/db.ts). PGlite has no round trips: there it is an ordinary transaction.
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { pipelinedPool, preparedRows, preparedStatement, type Db, type Tx } from './db';

export interface PipelinedTx {
  /** The transaction, for statements sent one at a time. */
  tx: Tx;
  /** Runs a prepared statement (preparedRows); the first statement of the transaction travels with BEGIN. */
  rows<T>(prefix: string, query: SQL): Promise<T[]>;
  /**
   * Runs the transaction's last statement and commits: resolves once committed, rejects (nothing
   * committed) if the statement fails. The statement must set `COMMITTABLE` (below) to 'yes', or nothing
   * is committed: the COMMIT is queued before the statement is answered, and this is how the database
   * knows the statement ran, even if it never left the server (a parameter the driver could not send).
   * Nothing may be sent after it.
   */
  rowsThenCommit<T>(prefix: string, query: SQL): Promise<T[]>;
}

/** Dates and times stay text, as drizzle leaves them (date, timestamp, timestamptz, interval and their arrays). */
const TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const types = { getTypeParser: (oid: number, format?: string) => (TEXT_TYPES.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text')) };

/** The transaction-local setting the last statement sets: `set_config(COMMITTABLE, 'yes', true)`. */
export const COMMITTABLE = 'fourd.committable';
const GUARD = `select raise_unless(current_setting('${COMMITTABLE}', true) = 'yes', 'XX000', 'the last statement did not run')`;

/** drizzle on one pooled connection, made once per connection (pg-pool reuses its clients). */
const onClient = new WeakMap<pg.PoolClient, Tx>();

/** One attempt of a pipelined transaction; the caller retries it (runTransaction's rule). */
export async function pipelinedTransaction<T>(db: Db, fn: (p: PipelinedTx) => Promise<T>): Promise<T> {
  const pool = pipelinedPool(db);
  if (!pool) {
    return db.transaction((tx) => fn({ tx, rows: (prefix, query) => preparedRows(tx, prefix, query), rowsThenCommit: (prefix, query) => preparedRows(tx, prefix, query) }));
  }
  const client = await pool.connect();
  let tx = onClient.get(client);
  if (!tx) onClient.set(client, (tx = drizzlePg(client) as unknown as Tx));
  const send = (prefix: string, query: SQL) => {
    const s = preparedStatement(db, prefix, query);
    return client.query<never>({ name: s.name, text: s.text, values: s.values, types });
  };
  let broken = false;
  let committed = false;
  const open = () => {
    if (committed) throw new Error('a statement after the commit of a pipelined transaction');
  };
  // Each query is written to the socket on its own, and on this machine a write cost 0.2 to 0.3 ms of the
  // server's CPU (it wakes the backend): the BEGIN waits, corked, to leave with the first statement, and
  // the last statement, its guard and the COMMIT leave together. At the latest on the next tick, should
  // the transaction first send something else.
  const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  let corked = true;
  const flush = () => {
    if (!corked) return;
    corked = false;
    stream.uncork();
  };
  stream.cork();
  const begun = client.query('begin');
  process.nextTick(flush);
  // Observed by the first statement; a transaction that sends none commits below, which then fails.
  begun.catch(() => undefined);
  try {
    const result = await fn({
      tx,
      rows: async (prefix, query) => {
        open();
        const sent = send(prefix, query);
        flush();
        // Settled both, so that no query is still on its way when an error ends the transaction.
        const [b, r] = await Promise.allSettled([begun, sent]);
        if (b.status === 'rejected') throw b.reason;
        if (r.status === 'rejected') throw r.reason;
        return r.value.rows;
      },
      rowsThenCommit: async (prefix, query) => {
        open();
        // All are queued before any is answered, in this order: the COMMIT cannot run before the statement,
        // and the guard fails the transaction if the statement did not run.
        stream.cork();
        let queued: [Promise<unknown>, Promise<pg.QueryResult<never>>, Promise<unknown>, Promise<pg.QueryResult>];
        try {
          queued = [begun, send(prefix, query), client.query({ name: 'pipelined_guard', text: GUARD }), client.query('commit')];
        } finally {
          stream.uncork();
          flush();
        }
        const [b, last, guard, commit] = await Promise.allSettled(queued);
        if (b.status === 'rejected') throw b.reason;
        if (last.status === 'rejected') throw last.reason;
        if (guard.status === 'rejected') throw guard.reason;
        if (commit.status === 'rejected') throw commit.reason;
        // COMMIT of a transaction an error ended answers ROLLBACK.
        if (commit.value.command !== 'COMMIT') throw new Error(`the transaction was not committed (${commit.value.command})`);
        committed = true;
        return last.value.rows;
      },
    });
    if (!committed) {
      const commit = await client.query('commit');
      if (commit.command !== 'COMMIT') throw new Error(`the transaction was not committed (${commit.command})`);
      committed = true;
    }
    return result;
  } catch (e) {
    // Whatever the status says: it is the last answer's, and BEGIN may not be answered yet. Outside a
    // transaction ROLLBACK only warns.
    if (!committed) await client.query('rollback').catch(() => (broken = true));
    throw e;
  } finally {
    client.release(broken);
  }
}
