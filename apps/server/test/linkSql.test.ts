// The link rule is written twice in packages/domain: linkOf (TypeScript, BigInt) and linkSql (the SQL that
// settlement and reports run). This checks, on each database, that they agree to the cent for random
// passes, commissions, payouts and ibox factors, including amounts far above int4.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { commissionOn, linkSql, winningsOn, type Prize } from '@app/domain';
import { createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('linkSql and linkOf', () => {
  it('agree on commission, winnings and the link for random cases', async () => {
    const cases = fc.sample(
      fc
        .record({
          pass: fc.integer({ min: 0, max: 9_999_999_900 }),
          bp: fc.integer({ min: 0, max: 10_000 }),
          // Cents per unit: up to RM 10,000 per RM 1 (a 5D/6D top prize), several tiers won at once.
          payout: fc.integer({ min: 0, max: 3_000_000 }),
          // ibox: written stake over (line stake x permutations), about 1 (split shares round); else 1/1.
          den: fc.integer({ min: 1, max: 2_400_000 }),
          skew: fc.integer({ min: -3, max: 3 }),
        })
        .map(({ skew, den, ...c }) => ({ ...c, den, num: Math.max(1, den + skew) })),
      300,
    ).concat(
      // A whole factor, pass or payout about int4's bound: the bigint form of winnings, and where it stops
      // (one of them small, so that the winnings stay exact as a JavaScript number here).
      fc.sample(
        fc
          .record({
            small: fc.integer({ min: 0, max: 3_000_000 }),
            near: fc.integer({ min: 2_147_483_000, max: 2_147_484_000 }),
            passNear: fc.boolean(),
            bp: fc.integer({ min: 0, max: 10_000 }),
            den: fc.constantFrom(1, 7, 2_400_000),
          })
          .map(({ small, near, passNear, bp, den }) => ({ pass: passNear ? near : small, payout: passNear ? small : near, bp, den, num: den })),
        300,
      ),
    );
    const json = JSON.stringify(cases.map((c, i) => ({ ...c, i })));
    const got = (await t.db.execute(
      sql.raw(`select ${linkSql.commission('c.pass', 'c.bp')}::text as commission,
                      ${linkSql.winnings('c.pass', 'c.payout', 'c.num', 'c.den')}::text as winnings,
                      ${linkSql.link('c.pass', 'c.bp', 'c.payout', 'c.num', 'c.den')}::text as link
               from jsonb_to_recordset('${json}'::jsonb) as c(pass bigint, bp int, payout bigint, num bigint, den bigint, i int)
               order by c.i`),
    )) as unknown as { rows: { commission: string; winnings: string; link: string }[] };
    cases.forEach((c, i) => {
      const rates = { commissionBp: c.bp, payout: { first: c.payout } as Partial<Record<Prize, number>> };
      const commission = commissionOn(c.pass, rates);
      const winnings = winningsOn(c.pass, rates, ['first'], { num: c.num, den: c.den });
      expect(got.rows[i], JSON.stringify(c)).toEqual({ commission: String(commission), winnings: String(winnings), link: String(c.pass - commission - winnings) });
    });
  });
});
