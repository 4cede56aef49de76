import type { PackageRate, PayoutTier, RateInput } from '@app/contract';
import { BET_CODES, SEEDED_POOLS } from '@app/domain';
import { centsToUnits, unitsToCents } from '../../ui/money';

// The rate sheet grid of /package/detail and its conversion to and from the API. The API speaks integer
// cents per 1 unit of stake for payouts and percentages with 2 decimals for commissions; the grid shows
// payouts in units. Each row is one bet code, for every pool (`B`) or as one pool's override (`B@4`),
// the names the server uses in its 400 answers (`rates.B.commissionPct`, `rates.B@4.payouts.first`).

/** Prize tiers in the order the grid shows them (the contract's PAYOUT_TIERS, kept out of the bundle's zod). */
export const TIERS = ['first', 'second', 'third', 'starter', 'consolation', 'fourth', 'fifth', 'sixth'] as const satisfies readonly PayoutTier[];
export type Tier = (typeof TIERS)[number];

export type UnitsByTier = Partial<Record<Tier, number>>;

export interface SheetFigures {
  commissionPct: number;
  /** Units per 1 unit of stake. */
  payouts: UnitsByTier;
}

export interface SheetRow {
  /** `B` for every pool, `B@4` for pool 4's override. */
  key: string;
  code: string;
  poolId: number | null;
  enabled: boolean;
  /** Percent with up to 2 decimals; undefined while the cell is empty. */
  commissionPct?: number;
  payouts: UnitsByTier;
  /** The owner's own rate from above (only when the server sends it). */
  base: SheetFigures | null;
}

export const rowKey = (code: string, poolId: number | null) => (poolId ? `${code}@${poolId}` : code);

const codeOrder = (code: string) => {
  const i = (BET_CODES as readonly string[]).indexOf(code);
  return i < 0 ? BET_CODES.length : i;
};

function sortRows(rows: SheetRow[]): SheetRow[] {
  return [...rows].sort((a, b) => codeOrder(a.code) - codeOrder(b.code) || a.code.localeCompare(b.code) || (a.poolId ?? 0) - (b.poolId ?? 0));
}

function unitsOf(payouts: Partial<Record<string, number | null | undefined>>): UnitsByTier {
  const out: UnitsByTier = {};
  for (const t of TIERS) {
    const v = payouts[t];
    if (v !== null && v !== undefined) out[t] = centsToUnits(v);
  }
  return out;
}

/** GetPackageDetail rates -> grid rows (payouts in units), in bet-code order, overrides after their code. */
export function toSheet(rates: readonly PackageRate[]): SheetRow[] {
  return sortRows(
    rates.map((r) => ({
      key: rowKey(r.code, r.poolId),
      code: r.code,
      poolId: r.poolId,
      enabled: r.enabled,
      commissionPct: r.commissionPct,
      payouts: unitsOf(r.payouts),
      base: r.base ? { commissionPct: r.base.commissionPct, payouts: unitsOf(r.base.payouts) } : null,
    })),
  );
}

/** A new package starts from the rates its owner gets: the same figures, which are also its base. */
export function sheetFromBase(rates: readonly PackageRate[], withBase: boolean): SheetRow[] {
  return toSheet(rates).map((r) => ({
    ...r,
    base: withBase ? { commissionPct: r.commissionPct ?? 0, payouts: { ...r.payouts } } : null,
  }));
}

/**
 * Adds a row for a code (every pool, or one pool's override); an override starts from the code's general
 * row. The same list comes back when the row exists already.
 */
export function addRow(rows: readonly SheetRow[], code: string, poolId: number | null): SheetRow[] {
  const key = rowKey(code, poolId);
  if (rows.some((r) => r.key === key)) return rows as SheetRow[];
  const general = poolId === null ? undefined : rows.find((r) => r.key === code);
  const row: SheetRow = {
    key,
    code,
    poolId,
    enabled: true,
    commissionPct: general?.commissionPct ?? 0,
    payouts: { ...(general?.payouts ?? {}) },
    base: null,
  };
  return sortRows([...rows, row]);
}

/** Grid rows -> the `rates` of CreateOrUpdatePackage (payouts in cents; empty tiers left out). */
export function fromSheet(rows: readonly SheetRow[]): RateInput[] {
  return rows.map((r) => {
    const payouts: Partial<Record<Tier, number>> = {};
    for (const t of TIERS) {
      const cents = unitsToCents(r.payouts[t]);
      if (cents !== undefined) payouts[t] = cents;
    }
    return { code: r.code, poolId: r.poolId, enabled: r.enabled, commissionPct: Math.round((r.commissionPct ?? 0) * 100) / 100, payouts };
  });
}

/** The tiers any row (or its base) pays on, in grid order: the columns worth showing. */
export function tiersInUse(rows: readonly SheetRow[]): Tier[] {
  const used = new Set<Tier>();
  for (const r of rows) {
    for (const t of TIERS) if (r.payouts[t] !== undefined || r.base?.payouts[t] !== undefined) used.add(t);
  }
  return TIERS.filter((t) => used.has(t));
}

/** base - bet in units, computed in cents (no float drift); undefined when either side is missing. */
export function marginOf(base: number | undefined, bet: number | undefined): number | undefined {
  if (base === undefined) return undefined;
  const b = unitsToCents(base) ?? 0;
  const v = unitsToCents(bet) ?? 0;
  return centsToUnits(b - v);
}

/** The percentage margin, in hundredths. */
export function commissionMargin(base: number | undefined, bet: number | undefined): number | undefined {
  if (base === undefined) return undefined;
  return (Math.round(base * 100) - Math.round((bet ?? 0) * 100)) / 100;
}

/** A grid cell's name: `<rowKey>.commissionPct`, `<rowKey>.payouts.<tier>`, `<rowKey>.enabled`, `<rowKey>.payouts` (the row's payouts as a whole). */
export type CellErrors = Record<string, string>;

/**
 * A 400's field map split into grid cells and the other form fields. Rate fields come by code
 * (`rates.B@4.payouts.first`) or, from schema validation, by position (`rates.3.commissionPct`). A pool
 * override the sheet has no row for (the general Big rate above Singapore's lower table) lands on the
 * general row of that code, which is the rate that applies on that pool.
 */
export function splitFieldErrors(
  data: unknown,
  rows: readonly Pick<SheetRow, 'key' | 'code' | 'poolId'>[],
): { cells: CellErrors; fields: Record<string, string> } {
  const cells: CellErrors = {};
  const fields: Record<string, string> = {};
  if (!data || typeof data !== 'object') return { cells, fields };
  const keys = new Set(rows.map((r) => r.key));
  for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
    if (typeof value !== 'string') continue;
    const m = /^rates\.([^.]+)(?:\.(.+))?$/.exec(name);
    if (!m) {
      fields[name] = value;
      continue;
    }
    let key = m[1];
    if (/^\d+$/.test(key)) {
      const row = rows[Number(key)];
      if (!row) {
        fields.rates = value;
        continue;
      }
      key = row.key;
    } else if (!keys.has(key)) {
      const general = key.split('@')[0];
      if (!keys.has(general)) {
        fields.rates = value;
        continue;
      }
      key = general;
    }
    const cell = m[2] ? `${key}.${m[2]}` : key;
    // The first (most specific) answer for a cell wins; a general row may collect an override's error.
    cells[cell] ??= value;
  }
  return { cells, fields };
}

/** Client checks before saving: a commission is 0-100 with 2 decimals; a sold code pays on some tier. */
export function sheetErrors(rows: readonly SheetRow[]): CellErrors {
  const errors: CellErrors = {};
  for (const r of rows) {
    if (!r.enabled) continue;
    if (r.commissionPct === undefined) errors[`${r.key}.commissionPct`] = 'required';
    else if (r.commissionPct > 100) errors[`${r.key}.commissionPct`] = 'max';
    if (!TIERS.some((t) => (r.payouts[t] ?? 0) > 0)) errors[`${r.key}.payouts`] = 'required';
  }
  return errors;
}

/** Pool letter -> id (M 1 ... H 8). */
const POOL_BY_LETTER = new Map(SEEDED_POOLS.map((p) => [p.letter, p.id as number]));

export interface TemplateRateItem {
  kind: string;
  code: string | null;
  tier: string | null;
  value: string;
}

/**
 * A master template's items as a rate sheet (DOMAIN.md: packages are derived from the company's sheet).
 * Items are read in order: a pool item sets which pools the following rate items are for (one letter:
 * that pool's override, several letters: every pool); a decimal item with a code and no tier is that
 * code's commission, with a tier its payout on that tier (units).
 */
export function sheetFromTemplate(items: readonly TemplateRateItem[]): SheetRow[] {
  const rows = new Map<string, SheetRow>();
  let poolId: number | null = null;
  for (const item of items) {
    if (item.kind === 'pool') {
      const letters = [...item.value];
      poolId = letters.length === 1 ? (POOL_BY_LETTER.get(letters[0]) ?? null) : null;
      continue;
    }
    if (item.kind !== 'decimal' || !item.code) continue;
    const value = Number(item.value);
    if (!Number.isFinite(value)) continue;
    const key = rowKey(item.code, poolId);
    const row = rows.get(key) ?? { key, code: item.code, poolId, enabled: true, payouts: {}, base: null };
    if (item.tier && (TIERS as readonly string[]).includes(item.tier)) row.payouts[item.tier as Tier] = value;
    else if (!item.tier) row.commissionPct = value;
    rows.set(key, row);
  }
  // An override without its own commission takes the general row's.
  for (const r of rows.values()) {
    if (r.poolId !== null && r.commissionPct === undefined) r.commissionPct = rows.get(r.code)?.commissionPct ?? 0;
  }
  return sortRows([...rows.values()]);
}

/** The pool letter and name of an override row. */
export const poolOf = (poolId: number | null) => (poolId === null ? undefined : SEEDED_POOLS.find((p) => p.id === poolId));
