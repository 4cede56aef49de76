// The pool registry (decision 0037): the pools table read into the PoolDef list the rules take. Each
// process keeps it per database handle; CreatePoolRow reloads it in the process that made the change, and
// any other process (a second server on the same database) reloads it once it is older than REFRESH_MS,
// checked on use: a new pool reaches every process within that time, and in between a read costs nothing.
import { asc } from 'drizzle-orm';
import type { PoolDef, ResultForm } from '@app/domain';
import { pools } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

export const REFRESH_MS = 10_000;

const cache = new WeakMap<object, { at: number; list: Promise<readonly PoolDef[]> }>();

async function load(db: DbOrTx): Promise<readonly PoolDef[]> {
  const rows = await db.select().from(pools).orderBy(asc(pools.id));
  return rows.map((r) => ({
    id: r.id,
    letter: r.letter,
    digit: r.digit,
    code: r.code,
    name: r.name,
    packageType: r.packageType,
    resultForm: r.resultForm as ResultForm,
    drawDays: r.drawDays,
  }));
}

/** Every pool (active or not), ordered by id. */
export async function poolRegistry(db: DbOrTx): Promise<readonly PoolDef[]> {
  const now = Date.now();
  const hit = cache.get(db);
  if (hit && now - hit.at < REFRESH_MS) return hit.list;
  const list = load(db);
  cache.set(db, { at: now, list });
  list.catch(() => cache.delete(db));
  return list;
}

/** Drops the cached list so the next read loads the table again (after a pool is added). */
export function reloadPoolRegistry(db: DbOrTx): void {
  cache.delete(db);
}
