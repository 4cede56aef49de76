// What a bet line costs: gross stake, the commission (discount) the package gives, and the net charged.
// All money is integer cents; the only rounding is in commissionCents, once per line per code.
import type { BetCode } from './betCodes';
import { expandNumber } from './expand';
import type { BetLine, DrawSelector } from './types';

export interface CostOptions {
  /** Commission in percent of stake per bet code, up to 2 decimals (26.5 = 26.50%). Missing = 0. */
  commissionPct: Partial<Record<string, number>>;
}

export interface Cost {
  gross: number;
  commission: number;
  net: number;
}

export interface LineCost extends Cost {
  byCode: Partial<Record<BetCode, Cost>>;
}

type CostableLine = Pick<BetLine, 'draw' | 'pools' | 'number' | 'betType' | 'amounts'>;

/** How many draws a line is bought for. */
export function drawCount(draw: DrawSelector): number {
  return draw.kind === 'next' ? draw.count : draw.dates.length;
}

/** Percent (≤ 2 decimals, 0 to 100) as an integer of hundredths of a percent: 26.5 → 2650. */
export function pctToHundredths(pct: number): number {
  const h = Math.round(pct * 100);
  if (!Number.isFinite(pct) || h < 0 || h > 10_000 || Math.abs(pct * 100 - h) > 1e-6) {
    throw new RangeError(`commission percent must be 0 to 100 with at most 2 decimals, got ${pct}`);
  }
  return h;
}

/**
 * gross × pct, rounded half up to the cent: (gross × hundredths + 5000) div 10000, in BigInt so the
 * product cannot lose precision however large the stake.
 */
export function commissionCents(gross: number, pctHundredths: number): number {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError(`gross must be whole cents, got ${gross}`);
  return Number((BigInt(gross) * BigInt(pctHundredths) + 5000n) / 10000n);
}

/**
 * Cost of one line. Per code: gross = stake × expansion multiplier (1 normal and ibox, permutations for
 * box, 10 for rolls) × pools × draws; commission = commissionCents(gross, pct of that code); the line's
 * figures are the sums over its codes, so gross = net + commission always holds.
 */
export function costLine(line: CostableLine, opts: CostOptions): LineCost {
  const multiplier = BigInt(expandNumber(line.number, line.betType).costMultiplier);
  const times = multiplier * BigInt(line.pools.length) * BigInt(drawCount(line.draw));
  const byCode: Partial<Record<BetCode, Cost>> = {};
  let gross = 0;
  let commission = 0;
  for (const [code, stake] of Object.entries(line.amounts) as [BetCode, number][]) {
    if (!Number.isSafeInteger(stake) || stake < 0) throw new RangeError(`stake must be whole cents, got ${stake}`);
    const g = BigInt(stake) * times;
    if (g > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('line cost exceeds the safe integer range');
    const codeGross = Number(g);
    const codeCommission = commissionCents(codeGross, pctToHundredths(opts.commissionPct[code] ?? 0));
    byCode[code] = { gross: codeGross, commission: codeCommission, net: codeGross - codeCommission };
    gross += codeGross;
    commission += codeCommission;
  }
  return { gross, commission, net: gross - commission, byCode };
}

/** Totals of several lines (the express order's preview total). */
export function costLines(lines: readonly CostableLine[], opts: CostOptions): Cost {
  const total: Cost = { gross: 0, commission: 0, net: 0 };
  for (const line of lines) {
    const c = costLine(line, opts);
    total.gross += c.gross;
    total.commission += c.commission;
    total.net += c.net;
  }
  return total;
}
