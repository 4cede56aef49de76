// fast-check generators of valid bet lines and their settings, shared by the property tests.
import fc from 'fast-check';
import {
  BET_CODES,
  BET_CODE_DEFS,
  BetType,
  EAT_SEQUENCES,
  MAX_AMOUNT_CENTS,
  MAX_DRAWS_PER_LINE,
  boughtLength,
  codeAcceptsLength,
  codeSoldOnPools,
  permutationCount,
  type BetAmounts,
  type BetCode,
  type BetLine,
  type DrawSelector,
  type EatSequence,
  type PoolId,
} from '../../src/index';

export type SemanticLine = Omit<BetLine, 'lineNo' | 'raw'>;

export const semantic = (l: BetLine): SemanticLine => ({
  draw: l.draw,
  pools: l.pools,
  number: l.number,
  betType: l.betType,
  amounts: l.amounts,
});

const DAY = 86_400_000;
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

export const todayArb = fc
  .integer({ min: msOf('2000-01-01') / DAY, max: msOf('2090-12-31') / DAY })
  .map((d) => isoOf(d * DAY));

// At least one code sold on every pool, so that most generated lines find a code that fits them.
export const codeOrderArb: fc.Arbitrary<BetCode[]> = fc
  .shuffledSubarray([...BET_CODES], { minLength: 1 })
  .filter((order) => order.some((c) => BET_CODE_DEFS[c].game === null));
export const eatArb: fc.Arbitrary<EatSequence> = fc.constantFrom(...EAT_SEQUENCES);

export function drawArb(today: string): fc.Arbitrary<DrawSelector> {
  return fc.oneof(
    fc.integer({ min: 1, max: MAX_DRAWS_PER_LINE }).map((count) => ({ kind: 'next' as const, count })),
    // Dates from today to about two years ahead, so both DD/MM and DD/MM/YYYY forms occur.
    fc
      .uniqueArray(fc.integer({ min: 0, max: 800 }), { minLength: 1, maxLength: MAX_DRAWS_PER_LINE })
      .map((offsets) => ({ kind: 'dates' as const, dates: offsets.map((o) => isoOf(msOf(today) + o * DAY)).sort() })),
  );
}

export const poolsArb: fc.Arbitrary<PoolId[]> = fc
  .subarray([1, 2, 3, 4, 5, 6, 7, 8] as PoolId[], { minLength: 1 })
  .map((p) => [...p].sort((a, b) => a - b));

const digitsArb = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

export const numberAndTypeArb: fc.Arbitrary<{ number: string; betType: BetType }> = fc.oneof(
  digitsArb(2, 6).map((number) => ({ number, betType: BetType.Normal as BetType })),
  fc
    .tuple(digitsArb(2, 6), fc.constantFrom<BetType>(BetType.Box, BetType.IBox))
    .filter(([n]) => permutationCount(n) > 1)
    .map(([number, betType]) => ({ number, betType })),
  fc
    .tuple(digitsArb(3, 3), fc.constantFrom<BetType>(BetType.PH, BetType.PB))
    .map(([number, betType]) => ({ number, betType })),
);

/** A stake in cents; small ones are frequent, the maximum is reachable. */
const centsArb = (min: number) =>
  fc.oneof(fc.integer({ min, max: Math.max(min, 100_000) }), fc.integer({ min, max: MAX_AMOUNT_CENTS }));

/** A line valid for the given code order, or null-free by filtering out lines no code of the order fits. */
export function lineArb(today: string, codeOrder: readonly BetCode[]): fc.Arbitrary<SemanticLine> {
  return fc
    .tuple(drawArb(today), poolsArb, numberAndTypeArb)
    .map(([draw, pools, nt]) => ({
      draw,
      pools,
      ...nt,
      codes: codeOrder.filter((c) => codeAcceptsLength(c, boughtLength(nt.number, nt.betType)) && codeSoldOnPools(c, pools)),
    }))
    .filter((x) => x.codes.length > 0)
    .chain((x) => {
      const min = x.betType === BetType.IBox ? permutationCount(x.number) : 1;
      return fc.subarray(x.codes, { minLength: 1 }).chain((codes) =>
        fc.tuple(...codes.map(() => centsArb(min))).map((cents) => {
          const amounts: BetAmounts = {};
          codes.forEach((c, i) => (amounts[c] = cents[i]));
          return { draw: x.draw, pools: x.pools, number: x.number, betType: x.betType, amounts };
        }),
      );
    });
}

/** Settings plus a list of lines valid under them. */
export const scenarioArb = fc
  .record({ today: todayArb, codeOrder: codeOrderArb, eatSequence: eatArb })
  .chain((ctx) =>
    fc.array(lineArb(ctx.today, ctx.codeOrder), { minLength: 1, maxLength: 15 }).map((lines) => ({ ctx, lines })),
  );
