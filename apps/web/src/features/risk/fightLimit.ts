import { centsToUnits, unitsToCents } from '../../ui/money';

// The fight-limit grid of /manage-fight-limit: pools x bet codes, amounts typed in units, sent as integer
// cents. A cell left empty (or 0) sends no row: the account eats nothing on that pool and code.

export interface FightLimit {
  poolId: number;
  betCode: string;
  /** Cents. */
  amount: number;
}

/** Cell name `<poolId>:<betCode>`. */
export const cellKey = (poolId: number, betCode: string) => `${poolId}:${betCode}`;

/** Units per cell. */
export type LimitGrid = Record<string, number | undefined>;

export function gridFromLimits(limits: readonly FightLimit[]): LimitGrid {
  const grid: LimitGrid = {};
  for (const l of limits) grid[cellKey(l.poolId, l.betCode)] = centsToUnits(l.amount);
  return grid;
}

/** The `limits` of UpdateUserEatLimit, in pool then code order (cents; empty and zero cells left out). */
export function limitsFromGrid(grid: LimitGrid, poolIds: readonly number[], betCodes: readonly string[]): FightLimit[] {
  const out: FightLimit[] = [];
  for (const poolId of poolIds) {
    for (const betCode of betCodes) {
      const cents = unitsToCents(grid[cellKey(poolId, betCode)]);
      if (cents !== undefined && cents > 0) out.push({ poolId, betCode, amount: cents });
    }
  }
  return out;
}

/** Cells above the upline's bound (maxFightLimit in cents; 0 means no bound): cell -> 'max'. */
export function gridErrors(grid: LimitGrid, maxFightLimitCents: number): Record<string, string> {
  const errors: Record<string, string> = {};
  if (maxFightLimitCents <= 0) return errors;
  for (const [cell, units] of Object.entries(grid)) {
    const cents = unitsToCents(units);
    if (cents !== undefined && cents > maxFightLimitCents) errors[cell] = 'max';
  }
  return errors;
}

/** A 400's `limits.<i>.amount` / `limits.<i>` names back to the cells of the limits that were sent. */
export function serverErrorsToCells(data: unknown, sent: readonly FightLimit[]): { cells: Record<string, string>; other: Record<string, string> } {
  const cells: Record<string, string> = {};
  const other: Record<string, string> = {};
  if (!data || typeof data !== 'object') return { cells, other };
  for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
    if (typeof value !== 'string') continue;
    const m = /^limits\.(\d+)(?:\.amount)?$/.exec(name);
    const limit = m ? sent[Number(m[1])] : undefined;
    if (limit) cells[cellKey(limit.poolId, limit.betCode)] = value;
    else other[name] = value;
  }
  return { cells, other };
}

/** Sets every cell of the given pools and codes to one amount (units), e.g. "fill all". */
export function fillGrid(grid: LimitGrid, poolIds: readonly number[], betCodes: readonly string[], units: number | undefined): LimitGrid {
  const next = { ...grid };
  for (const p of poolIds) for (const c of betCodes) next[cellKey(p, c)] = units;
  return next;
}
