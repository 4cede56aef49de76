// The web order grids as data: a grid row (amounts typed in units) becomes an API row (integer cents),
// checked the way the server checks it (each row is written as express text and read back by the bet
// language, then duplicates across rows are refused) so the messages appear before any call is made.
import {
  BetLanguageError,
  BetType,
  DEFAULT_CODE_ORDER,
  formatExpress,
  parseExpress,
  type BetCode,
  type BetLine,
  type DrawSelector,
  type EatSequence,
  type PoolId,
  type PoolDef,
} from '@app/domain';
import { unitsToCents } from '../../ui/money';
import { lineFigures } from './preview';

/** The amount columns of the grids when the owner's bet-code order is not known: the default B#S#4A#A#C. */
export const GRID_CODES = ['B', 'S', '4A', 'A', 'C'] as const satisfies readonly BetCode[];
export type GridCode = BetCode;

export const BET_TYPES = [BetType.Normal, BetType.Box, BetType.IBox, BetType.PH, BetType.PB] as const;

/** The draw field of a grid: 'next' (the next draw) or picked dates (YYYY-MM-DD). */
export type DrawPick = string[];
export const NEXT_DRAW = 'next';

export interface GridRow {
  /** Stable id of the row in the grid (React key, error target). */
  id: string;
  number: string;
  betType: BetType;
  /** Typed amounts in units; empty or 0 = no stake on that code. */
  amounts: Partial<Record<GridCode, number | undefined>>;
  pools: PoolId[];
  draw: DrawPick;
}

/** What Bet/PlaceWebOrder takes for one row (money in integer cents). */
export interface ApiRow {
  number: string;
  betType: BetType;
  amounts: Partial<Record<GridCode, number>>;
  pools: PoolId[];
  draw: DrawSelector;
}

let seq = 0;
export function newRow(over: Partial<Omit<GridRow, 'id'>> = {}): GridRow {
  seq += 1;
  return { id: `r${Date.now().toString(36)}${seq}`, number: '', betType: BetType.Normal, amounts: {}, pools: [], draw: [NEXT_DRAW], ...over };
}

/** Keeps the digits a bet number may hold (2 to 6). */
export const cleanNumber = (text: string) => text.replace(/\D/g, '').slice(0, 6);

/** A row nobody has started: no number and no amount. Such rows are left out of the order. */
export function isBlankRow(row: Pick<GridRow, 'number' | 'amounts'>): boolean {
  return row.number === '' && Object.values(row.amounts).every((v) => !v);
}

/** Amounts in cents, leaving out empty and zero fields (a zero is no stake on that code). */
export function amountsInCents(amounts: GridRow['amounts']): Partial<Record<GridCode, number>> {
  const out: Partial<Record<GridCode, number>> = {};
  for (const [code, units] of Object.entries(amounts) as [GridCode, number | undefined][]) {
    const cents = unitsToCents(units);
    if (cents !== undefined && cents > 0) out[code] = cents;
  }
  return out;
}

/** The draw field as the API's selector; null when nothing is picked. Picking 'next' wins over dates. */
export function drawSelectorOf(pick: DrawPick): DrawSelector | null {
  if (pick.includes(NEXT_DRAW)) return { kind: 'next', count: 1 };
  const dates = [...new Set(pick.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)))].sort();
  return dates.length ? { kind: 'dates', dates } : null;
}

/** A change of the draw field: picking 'next' clears the dates, picking a date clears 'next'. */
export function changeDrawPick(before: DrawPick, after: DrawPick): DrawPick {
  const added = after.filter((v) => !before.includes(v));
  if (added.includes(NEXT_DRAW)) return [NEXT_DRAW];
  if (added.length > 0) return after.filter((v) => v !== NEXT_DRAW);
  return after;
}

export function toApiRow(row: GridRow): ApiRow {
  const draw = drawSelectorOf(row.draw) ?? { kind: 'next', count: 1 };
  return { number: row.number, betType: row.betType, amounts: amountsInCents(row.amounts), pools: [...new Set(row.pools)].sort((a, b) => a - b), draw };
}

export interface CheckContext {
  eatSequence: EatSequence;
  /** The owner's bet-code order (the grid's amount columns); default B#S#4A#A#C. */
  codeOrder?: readonly BetCode[];
  today: string;
  /** The pools there are (bet-text digits, result forms); default the seeded eight. */
  pools?: readonly PoolDef[];
  /** Open draws known to the screen: date -> pools with an open draw that day. Checked when given. */
  openDraws?: ReadonlyMap<string, ReadonlySet<number>>;
}

export interface GridCheck {
  /** Row id -> message key of the first problem. */
  errors: Map<string, string>;
  /** The rows to send, in grid order, and the grid row each came from (server errors name line.N). */
  apiRows: ApiRow[];
  sentIds: string[];
  /** Row id -> gross stake in cents (good rows only). */
  gross: Map<string, number>;
  /** Row id -> numbers bought. */
  numbers: Map<string, number>;
  totalGross: number;
  totalNumbers: number;
  /** Nothing to send: every row blank. */
  empty: boolean;
}

/** The first problem of one row read alone, as the server's webRowsToLines reads it; null when good. */
function rowProblem(row: ApiRow, ctx: CheckContext): string | null {
  if (row.pools.length === 0) return 'SELECT_AT_LEAST_ONE_POOL';
  if (!/^\d{2,6}$/.test(row.number)) return 'INVALID_BET_NUMBER';
  if (Object.keys(row.amounts).length === 0) return 'NO_BET_AMOUNT';
  const codeOrder = ctx.codeOrder ?? DEFAULT_CODE_ORDER;
  if (Object.keys(row.amounts).some((c) => !(codeOrder as readonly string[]).includes(c))) return 'BET_CODE_NOT_IN_ORDER';
  const candidate: BetLine = { lineNo: 1, raw: '', draw: row.draw, pools: row.pools, number: row.number, betType: row.betType, amounts: row.amounts };
  try {
    const text = formatExpress([candidate], { codeOrder, eatSequence: ctx.eatSequence, today: ctx.today, pools: ctx.pools });
    const parsed = parseExpress(text, { codeOrder, eatSequence: ctx.eatSequence, defaultPools: [], today: ctx.today, pools: ctx.pools });
    if (!parsed.ok) return parsed.errors[0].key;
  } catch (e) {
    return e instanceof BetLanguageError ? e.key : 'UNRECOGNISED_BET_LINE';
  }
  if (ctx.openDraws && row.draw.kind === 'dates') {
    for (const date of row.draw.dates) {
      const open = ctx.openDraws.get(date);
      if (!open || row.pools.some((p) => !open.has(p))) return 'NO_DRAW';
    }
  }
  return null;
}

/** Checks every row of a grid and builds the order; blank rows are skipped. */
export function checkGrid(rows: readonly GridRow[], ctx: CheckContext): GridCheck {
  const check: GridCheck = { errors: new Map(), apiRows: [], sentIds: [], gross: new Map(), numbers: new Map(), totalGross: 0, totalNumbers: 0, empty: true };
  const seen = new Set<string>();
  for (const row of rows) {
    if (isBlankRow(row)) continue;
    check.empty = false;
    const draw = drawSelectorOf(row.draw);
    if (!draw) {
      check.errors.set(row.id, row.pools.length === 0 ? 'SELECT_AT_LEAST_ONE_POOL' : 'SELECT_BET_DATE');
      continue;
    }
    const api = { ...toApiRow(row), draw };
    const problem = rowProblem(api, ctx);
    if (problem) {
      check.errors.set(row.id, problem);
      continue;
    }
    // The server's duplicate rule: the same number, bet type, pools and draws twice in one order.
    const key = JSON.stringify([api.number, api.betType, api.pools, api.draw]);
    if (seen.has(key)) {
      check.errors.set(row.id, 'DUPLICATED_NUMBER');
      continue;
    }
    seen.add(key);
    const figures = lineFigures(api);
    check.gross.set(row.id, figures.gross);
    check.numbers.set(row.id, figures.numbers);
    check.totalGross += figures.gross;
    check.totalNumbers += figures.numbers;
    check.apiRows.push(api);
    check.sentIds.push(row.id);
  }
  return check;
}

/** A refusal's line.N (1-based position among the rows sent) as grid row id -> message key. */
export function serverErrorsToRows(lineErrors: ReadonlyMap<number, string>, sentIds: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [n, key] of lineErrors) {
    const id = sentIds[n - 1];
    if (id) out.set(id, key);
  }
  return out;
}
