import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocateEat, tolerableDrift, type ChainAccount } from '../../src/risk/eat';

const pct = (userId: number, pt: number): ChainAccount => ({ userId, eatType: 'percentage', ptHundredths: pt * 100, limit: 0, eaten: 0 });
const amt = (userId: number, limit: number, eaten = 0): ChainAccount => ({ userId, eatType: 'amount', ptHundredths: 0, limit, eaten });

describe('allocateEat', () => {
  it('takes each percentage of the stake up the chain and leaves the rest unposted', () => {
    expect(allocateEat(1000, [pct(1, 30), pct(2, 50)])).toEqual({
      shares: [
        { userId: 1, amount: 300, limitReached: false },
        { userId: 2, amount: 500, limitReached: false },
      ],
      unposted: 200,
    });
  });

  it('takes an amount up to the remaining fight limit and flags the limit as reached', () => {
    expect(allocateEat(1000, [amt(1, 700, 500), amt(2, 10_000)])).toEqual({
      shares: [
        { userId: 1, amount: 200, limitReached: true, headroomLeft: 0 },
        { userId: 2, amount: 800, limitReached: false, headroomLeft: 9200 },
      ],
      unposted: 0,
    });
  });

  it('skips a blocked number and an exhausted limit, which stays flagged', () => {
    const r = allocateEat(500, [{ ...amt(1, 1000), blocked: true }, amt(2, 300, 300), pct(3, 10)]);
    expect(r).toEqual({ shares: [{ userId: 2, amount: 0, limitReached: true, headroomLeft: 0 }, { userId: 3, amount: 50, limitReached: false }], unposted: 450 });
  });

  it('rounds percentages down to the cent, so nothing is created', () => {
    expect(allocateEat(333, [pct(1, 33.33)]).shares[0].amount).toBe(110);
  });

  it('never loses or creates a cent, and never exceeds a limit or a percentage', () => {
    const account = fc.record({
      userId: fc.integer({ min: 1, max: 1000 }),
      eatType: fc.constantFrom('percentage' as const, 'amount' as const),
      ptHundredths: fc.integer({ min: 0, max: 10_000 }),
      limit: fc.integer({ min: 0, max: 1_000_000 }),
      eaten: fc.integer({ min: 0, max: 1_000_000 }),
      blocked: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.uniqueArray(account, { maxLength: 7, selector: (a) => a.userId }), (stake, chain) => {
        const r = allocateEat(stake, chain);
        const total = r.shares.reduce((s, x) => s + x.amount, 0);
        expect(total + r.unposted).toBe(stake);
        expect(r.unposted).toBeGreaterThanOrEqual(0);
        for (const s of r.shares) {
          const a = chain.find((c) => c.userId === s.userId)!;
          expect(Number.isInteger(s.amount)).toBe(true);
          if (a.blocked) expect(s.amount).toBe(0);
          else if (a.eatType === 'amount') expect(s.amount).toBeLessThanOrEqual(Math.max(0, a.limit - a.eaten));
          else expect(s.amount).toBeLessThanOrEqual((stake * a.ptHundredths) / 10_000);
        }
      }),
    );
  });

  it('bounds how far a total may move with the shares allocated against it unchanged', () => {
    expect(tolerableDrift([])).toEqual({ min: null, max: null });
    expect(tolerableDrift([500, 30])).toEqual({ min: null, max: 29 });
    expect(tolerableDrift([500, 0])).toEqual({ min: 0, max: 0 });
  });

  it('allocates a run of lines on one key alike for any eaten total within tolerableDrift, and not one past it', () => {
    // Lines after lines on one key, as a batch allocates them: the account's eaten total grows by its shares.
    const run = (stakes: number[], chain: ChainAccount[], at: number, start: number) => {
      let eaten = start;
      return stakes.map((stake) => {
        const r = allocateEat(stake, chain.map((c, i) => (i === at ? { ...c, eaten } : c)));
        eaten += r.shares.find((s) => s.userId === chain[at].userId)?.amount ?? 0;
        return r;
      });
    };
    const strip = (rs: ReturnType<typeof run>) => rs.map((r) => ({ unposted: r.unposted, shares: r.shares.map(({ userId, amount, limitReached }) => ({ userId, amount, limitReached })) }));
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 12_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: -20_000, max: 20_000 }),
        (stakes, pt, limit, eaten, at, shift) => {
          const chain: ChainAccount[] = [pct(1, pt / 100), { ...amt(2, 3_000, 100) }, pct(3, 10)];
          chain.splice(at, 0, amt(9, limit));
          const before = run(stakes, chain, at, eaten);
          const left = before.flatMap((r) => r.shares.filter((s) => s.userId === 9 && s.headroomLeft !== undefined).map((s) => s.headroomLeft!));
          const { min, max } = tolerableDrift(left);
          const d = Math.max(min ?? -eaten, Math.min(max ?? shift, shift), -eaten);
          expect(strip(run(stakes, chain, at, eaten + d))).toEqual(strip(before));
          if (max !== null && max > 0) expect(strip(run(stakes, chain, at, eaten + max + 1))).not.toEqual(strip(before));
        },
      ),
    );
  });
});
