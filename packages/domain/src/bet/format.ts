// Writes bet lines back as canonical express text, the inverse of parseExpress:
// parseExpress(formatExpress(lines)) gives the same bets (same draw, pools, number, type and amounts).
import { BetType, type EatSequence } from '../enums';
import { formatAmount } from './amounts';
import { DEFAULT_CODE_ORDER, isBetCode } from './betCodes';
import { formatBetDate } from './dates';
import { BetLanguageError } from './errors';
import { isNumberForBetType } from './expand';
import { permutationGroupKey } from './permutations';
import type { BetLine, DrawSelector, FormatContext } from './types';
import { SEEDED_POOLS, type PoolDef } from '../pools';

type FormattableLine = Pick<BetLine, 'draw' | 'pools' | 'number' | 'betType' | 'amounts'>;

export function formatDrawSelector(draw: DrawSelector, today: string): string {
  if (draw.kind === 'next') return draw.count === 1 ? 'D' : `D${draw.count}`;
  return draw.dates.map((d) => formatBetDate(d, today)).join(',');
}

/** The pools line: each pool's bet-text digit (the id itself for a pool not in the list). */
export function formatPools(pools: readonly number[], known: readonly PoolDef[] = SEEDED_POOLS): string {
  return `#${pools.map((id) => known.find((p) => p.id === id)?.digit ?? String(id)).join('')}`;
}

/** The number token as typed: 1234, *1234 / **1234 (per eat sequence), R123, 123R. */
export function formatNumberToken(number: string, betType: BetType, eatSequence: EatSequence = '*/**'): string {
  if (!isNumberForBetType(number, betType)) throw new BetLanguageError('INVALID_BET_NUMBER', String(number));
  const single = eatSequence === '*/**' ? BetType.Box : BetType.IBox;
  switch (betType) {
    case BetType.Box:
    case BetType.IBox:
      return (betType === single ? '*' : '**') + number;
    case BetType.PH:
      return `R${number}`;
    case BetType.PB:
      return `${number}R`;
    default:
      return number;
  }
}

/** One bet line: the number token, then one field per code of the order, trailing empty fields dropped. */
export function formatBetLine(line: FormattableLine, ctx: Pick<FormatContext, 'codeOrder' | 'eatSequence'>): string {
  const order = ctx.codeOrder ?? DEFAULT_CODE_ORDER;
  for (const code of Object.keys(line.amounts)) {
    if (!order.includes(code)) throw new BetLanguageError('INVALID_BET_SETTINGS', `code ${code} not in the code order`);
  }
  const fields = order.map((code) => {
    const cents = isBetCode(code) ? line.amounts[code] : undefined;
    return cents === undefined ? '' : formatAmount(cents);
  });
  while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
  return [formatNumberToken(line.number, line.betType, ctx.eatSequence), ...fields].join('#');
}

function sameBetKey(line: FormattableLine): string {
  const boxed = line.betType === BetType.Box || line.betType === BetType.IBox;
  return `${line.betType}:${boxed ? permutationGroupKey(line.number) : line.number}`;
}

/**
 * Canonical express text: a draw line and a pools line start every group, a new group starts whenever
 * the draw or pools change, and also when a line would repeat a number of its group (the parser calls
 * that a duplicate, so it must go in a group of its own). Lines ending '\n'-separated, no trailing newline.
 * Throws BetLanguageError when a line cannot be written (a code missing from the order, a bad number).
 */
export function formatExpress(lines: readonly FormattableLine[], ctx: FormatContext): string {
  const out: string[] = [];
  let drawText: string | null = null;
  let poolsText: string | null = null;
  let seen = new Set<string>();
  for (const line of lines) {
    const d = formatDrawSelector(line.draw, ctx.today);
    const p = formatPools(line.pools, ctx.pools);
    const key = sameBetKey(line);
    if (d !== drawText || p !== poolsText || seen.has(key)) {
      out.push(d, p);
      drawText = d;
      poolsText = p;
      seen = new Set();
    }
    seen.add(key);
    out.push(formatBetLine(line, ctx));
  }
  return out.join('\n');
}
