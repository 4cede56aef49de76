// bigint_sum (migration 0034), the sum settlement and its summaries use for bigint amounts: on each
// database, what sum gives for random amounts far above int4 (as a bigint, not a numeric), null over no
// rows or only nulls, and an error rather than a wrong total past bigint's range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('bigint_sum', () => {
  it('equals sum per group, as a bigint', async () => {
    const values = fc.sample(fc.record({ g: fc.integer({ min: 0, max: 9 }), v: fc.option(fc.bigInt({ min: -(2n ** 50n), max: 2n ** 50n }), { nil: null }) }), 400);
    const data = JSON.stringify(values.map((x) => ({ g: x.g, v: x.v === null ? null : x.v.toString() })));
    const got = await rows<{ g: number; s: string | null; n: string | null; type: string }>(sql`
      select g, bigint_sum(v)::text as s, sum(v)::text as n, pg_typeof(bigint_sum(v))::text as type
      from jsonb_to_recordset(${data}::jsonb) as x(g int, v bigint) group by g order by g`);
    expect(got.length).toBeGreaterThan(5);
    for (const r of got) {
      expect(r.s).toBe(r.n);
      expect(r.type).toBe('bigint');
    }
  });

  it('is null over no rows and over nulls only, like sum', async () => {
    const [r] = await rows<{ none: string | null; nulls: string | null }>(sql`
      select (select bigint_sum(v) from (select 1::bigint as v where false) x)::text as none,
             (select bigint_sum(v) from (values (null::bigint), (null::bigint)) x(v))::text as nulls`);
    expect(r).toEqual({ none: null, nulls: null });
  });

  it('refuses a total past bigint\'s range', async () => {
    await expect(t.db.execute(sql`select bigint_sum(v) from (values (9223372036854775807::bigint), (1::bigint)) x(v)`)).rejects.toThrow();
  });
});
