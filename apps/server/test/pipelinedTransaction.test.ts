// pipelinedTransaction: BEGIN sent with the first statement must still give one transaction that commits
// whole or not at all, and leave the pooled connection usable. Runs on both databases (PGlite falls back
// to db.transaction).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pipelinedTransaction } from '../src/platform/db';
import { createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const count = async () => Number((await rows<{ n: string }>(sql`select count(*) as n from pipelined_probe`))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`create table pipelined_probe (id int primary key)`);
});
afterAll(async () => t?.close());

describe('pipelinedTransaction', () => {
  it('commits every statement of a transaction that returns', async () => {
    const out = await pipelinedTransaction(t.db, async (tx) => {
      await tx.execute(sql`insert into pipelined_probe values (1)`);
      await tx.execute(sql`insert into pipelined_probe values (2)`);
      return 'done';
    });
    expect(out).toBe('done');
    expect(await count()).toBe(2);
  });

  it('keeps nothing of a transaction that throws, and the connections stay usable', async () => {
    await expect(
      pipelinedTransaction(t.db, async (tx) => {
        await tx.execute(sql`insert into pipelined_probe values (3)`);
        throw new Error('refused midway');
      }),
    ).rejects.toThrow('refused midway');
    // A statement that fails in the database rolls back what came before it too.
    await expect(
      pipelinedTransaction(t.db, async (tx) => {
        await tx.execute(sql`insert into pipelined_probe values (4)`);
        await tx.execute(sql`insert into pipelined_probe values (1)`);
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(2);
    // Every pooled connection still works, outside a transaction.
    await Promise.all(Array.from({ length: 12 }, (_, i) => pipelinedTransaction(t.db, (tx) => tx.execute(sql`select ${i}::int`))));
    const [open] = await rows<{ n: string }>(sql`select count(*) as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`);
    expect(Number(open.n)).toBe(0);
  });
});
