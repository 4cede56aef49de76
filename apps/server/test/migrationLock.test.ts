// Processes starting together on a new PostgreSQL database (a cluster's first start, a rolling upgrade)
// migrate one after another under an advisory lock: without it, two of drizzle's migrators apply the
// same migration at once and one start fails. PostgreSQL only: PGlite is one process's database.
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../src/platform/db';

const pgUrl = process.env.TEST_DATABASE_URL;
const name = `migration_lock_${process.pid}_${Date.now()}`;

async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

describe.skipIf(!pgUrl)('migrations under a lock', () => {
  afterAll(async () => {
    if (pgUrl) await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  it('three processes opening a new database at once all start, and each migration is applied once', async () => {
    await admin((c) => c.query(`create database ${name}`));
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString() })));
    expect(opened.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
    const applied = await admin(async () => {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      const r = await c.query('select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash having count(*) > 1');
      await c.end();
      return r.rows;
    });
    expect(applied).toEqual([]);
  });
});
