// The transaction placement runs in (decision 0061): BEGIN sent with its first statement, COMMIT with its
// last, on both databases. What it commits, what a failing last statement leaves, and the retry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runPipelinedTransaction } from '../src/modules/ledger/service';
import { COMMITTABLE } from '../src/platform/pipelined';
import { createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
// Keys are unique per user: each is written as `scope:key`, and read back without its scope.
const keysOf = async (scope: string) =>
  (await rows<{ key: string }>(sql`select key from idempotency_keys where scope = ${scope} order by key`)).map((r) => r.key.slice(scope.length + 1));
const claim = (key: string, scope: string) => sql`insert into idempotency_keys (user_id, key, scope, status, response, created_at)
  values (1, ${`${scope}:${key}`}, ${scope}, 0, '{}'::jsonb, now()) returning substr(key, ${scope.length + 2}) as key`;
/** A last statement: claims the key and marks the transaction committable. */
const lastClaim = (key: string, scope: string) =>
  sql`with c as (${claim(key, scope)}) select key, set_config(${COMMITTABLE}, 'yes', true) as committable from c`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('a pipelined transaction', () => {
  it('commits its statements with the last one, and answers its rows', async () => {
    const out = await runPipelinedTransaction(t.db, async (p) => {
      const [first] = await p.rows<{ key: string }>('pt_claim', claim('a', 'pt-commit'));
      const [last] = await p.rowsThenCommit<{ key: string }>('pt_last', lastClaim('b', 'pt-commit'));
      return [first.key, last.key];
    });
    expect(out).toEqual(['a', 'b']);
    expect(await keysOf('pt-commit')).toEqual(['a', 'b']);
  });

  it('sends its BEGIN ahead of a first statement sent on the transaction itself after a wait, and commits that too', async () => {
    // The BEGIN waits, corked, for the first statement; one sent on `tx` after an await goes out behind it.
    const out = await runPipelinedTransaction(t.db, async (p) => {
      await new Promise((r) => setTimeout(r, 5));
      await p.tx.execute(claim('first', 'pt-tx'));
      const [last] = await p.rowsThenCommit<{ key: string }>('pt_last', lastClaim('last', 'pt-tx'));
      return last.key;
    });
    expect(out).toBe('last');
    expect(await keysOf('pt-tx')).toEqual(['first', 'last']);
    // A transaction whose last statement fails leaves the one sent on `tx` out too: both were in it.
    const failing = runPipelinedTransaction(t.db, async (p) => {
      await p.tx.execute(claim('gone', 'pt-tx2'));
      await p.rowsThenCommit('pt_check', sql`select raise_unless(false, 'XX000', 'not written') as ok`);
    });
    await expect(failing).rejects.toBeTruthy();
    expect(await keysOf('pt-tx2')).toEqual([]);
  });

  it('leaves nothing when its last statement fails a check, and the next one works', async () => {
    const attempt = runPipelinedTransaction(t.db, async (p) => {
      await p.rows('pt_claim', claim('a', 'pt-fail'));
      await p.rowsThenCommit('pt_check', sql`select raise_unless(false, 'XX000', 'not written') as ok`);
    });
    // drizzle names the failed query and keeps the database's error as its cause (PGlite).
    await expect(attempt).rejects.toSatisfy((e: Error) => /not written/.test(`${e.message} ${(e.cause as Error | undefined)?.message}`));
    expect(await keysOf('pt-fail')).toEqual([]);
    // The connections are usable after it: three transactions held open at once take every one of the pool.
    let release = () => {};
    const gate = { promise: new Promise<void>((r) => (release = r)), resolve: () => release() };
    const open = [0, 1, 2].map((i) =>
      runPipelinedTransaction(t.db, async (p) => {
        await p.rows('pt_claim', claim(`held${i}`, 'pt-fail'));
        await gate.promise;
        await p.rowsThenCommit('pt_last', lastClaim(`ok${i}`, 'pt-fail'));
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    gate.resolve();
    await Promise.all(open);
    expect(await keysOf('pt-fail')).toEqual(['held0', 'held1', 'held2', 'ok0', 'ok1', 'ok2']);
  });

  it('commits nothing when the last statement does not say it ran', async () => {
    const attempt = runPipelinedTransaction(t.db, async (p) => {
      await p.rows('pt_claim', claim('a', 'pt-unmarked'));
      await p.rowsThenCommit('pt_claim', claim('b', 'pt-unmarked'));
    });
    // PostgreSQL: the guard behind the statement refuses the COMMIT. PGlite runs one statement at a time
    // and has no guard to send: there the transaction commits as an ordinary one.
    if (process.env.TEST_DATABASE_URL) {
      await expect(attempt).rejects.toThrow(/did not run/);
      expect(await keysOf('pt-unmarked')).toEqual([]);
    } else {
      await attempt;
      expect(await keysOf('pt-unmarked')).toEqual(['a', 'b']);
    }
  });

  it('rolls back a transaction that fails before its first statement is answered', async () => {
    const attempt = runPipelinedTransaction(t.db, async (p) => {
      void p.rows('pt_claim', claim('a', 'pt-early')).catch(() => undefined);
      throw new Error('failed at once');
    });
    await expect(attempt).rejects.toThrow('failed at once');
    expect(await keysOf('pt-early')).toEqual([]);
    // Its connection went back to the pool with no transaction open: the next one on it commits.
    await runPipelinedTransaction(t.db, (p) => p.rowsThenCommit('pt_last', lastClaim('after', 'pt-early')));
    expect(await keysOf('pt-early')).toEqual(['after']);
  });

  it('starts over after a serialization failure (40001) raised by its last statement', async () => {
    let attempts = 0;
    await runPipelinedTransaction(t.db, async (p) => {
      attempts++;
      await p.rows('pt_claim', claim(`try${attempts}`, 'pt-retry'));
      await p.rowsThenCommit('pt_check', sql`select raise_unless(${attempts >= 3}::boolean, '40001', 'changed meanwhile') as ok, set_config(${COMMITTABLE}, 'yes', true)`);
    });
    expect(attempts).toBe(3);
    // Only the attempt that committed left its row.
    expect(await keysOf('pt-retry')).toEqual(['try3']);
  });
});
