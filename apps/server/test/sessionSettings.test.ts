// Decision 0053: every session the server opens on PostgreSQL runs without JIT compilation, whatever the
// server's postgresql.conf says: compiling cost a report 25 to 30 ms whenever its row estimate crossed
// jit_above_cost. PostgreSQL only (PGlite is built without JIT).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createTestApp, type TestApp } from './support/testApp';

const onPostgres = !!process.env.TEST_DATABASE_URL;
let t: TestApp;

beforeAll(async () => {
  if (onPostgres) t = await createTestApp();
});
afterAll(async () => t?.close());

describe.skipIf(!onPostgres)("the server's sessions (PostgreSQL)", () => {
  it('have JIT off on every connection of the pool, while the database default has it on', async () => {
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    try {
      for (const c of clients) {
        const { rows } = await c.query<{ jit: string; dflt: string }>(`select current_setting('jit') as jit, (select boot_val from pg_settings where name = 'jit') as dflt`);
        expect(rows[0]).toEqual({ jit: 'off', dflt: 'on' });
      }
    } finally {
      for (const c of clients) c.release();
    }
    const [through] = ((await t.db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] }).rows;
    expect(through.jit).toBe('off');
  });
});
