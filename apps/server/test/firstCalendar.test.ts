// A new installation's draw calendar (main.ts at the first start): every pool's regular draws from the
// business date of the start to the end of next year, none back-dated, and a second call adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PoolId } from '@app/domain';
import { scheduleFirstCalendar } from '../src/db/firstCalendar';
import { createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
beforeAll(async () => {
  // Friday 2026-11-27 09:00 in Kuala Lumpur (01:00 UTC).
  t = await createTestApp({ start: '2026-11-27T01:00:00Z' });
});
afterAll(async () => t?.close());

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('the first start\'s draw calendar', () => {
  it('schedules each pool\'s regular draw days from today to the end of next year, and only once', async () => {
    const made = await scheduleFirstCalendar(t.db, t.config.tzBusiness, t.clock.now());
    const per = await rows<{ pool_id: number; n: number; first: string; last: string; days: number[] }>(
      sql`select pool_id, count(*)::int as n, min(draw_date)::text as first, max(draw_date)::text as last,
                 array_agg(distinct extract(dow from draw_date)::int order by extract(dow from draw_date)::int) as days
          from draws group by pool_id order by pool_id`,
    );
    expect(per).toHaveLength(8);
    expect(made).toBe(per.reduce((s, p) => s + p.n, 0));
    const magnum = per.find((p) => p.pool_id === PoolId.Magnum)!;
    expect(magnum).toMatchObject({ first: '2026-11-28', last: '2027-12-29', days: [0, 3, 6] });
    const gd = per.find((p) => p.pool_id === PoolId.GD)!;
    expect(gd).toMatchObject({ first: '2026-11-27', last: '2027-12-31', days: [0, 1, 2, 3, 4, 5, 6] });
    expect(await scheduleFirstCalendar(t.db, t.config.tzBusiness, t.clock.now())).toBe(0);
  });
});
