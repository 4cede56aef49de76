// The express order parser (DOMAIN.md "Ordering"). Reads the text line by line:
//
//   D | D2 | 12/06,15/06   draw line: next draw, next n draws, or explicit dates
//   #1234                  pools line: the pools' bet-text digits (1..8 for the seeded eight)
//   1234#1##2              bet line: number, then amounts in the account's bet-code order
//
// A draw or pools line applies to the bet lines after it until another line of the same kind replaces
// it; each run of bet lines after a draw/pools line is a "group". Every problem of every line is
// collected, and no line is returned when there is any: nothing is placed when any line is bad.
import { BetType, EAT_SEQUENCES, type EatSequence, type PoolId } from '../enums';
import { SEEDED_POOLS, type PoolDef } from '../pools';
import { parseAmountCents } from './amounts';
import { DEFAULT_CODE_ORDER, codeAcceptsLength, codeSoldOnPools, isBetCode, type BetCode } from './betCodes';
import { isIsoDate, parseDateToken } from './dates';
import type { BetLineError } from './errors';
import { boughtLength } from './expand';
import { permutationCount, permutationGroupKey } from './permutations';
import type { BetAmounts, BetLine, DrawSelector, ParseContext, ParseResult } from './types';

/** Most draws one line may cover (D12, or 12 dates). Our limit: a month of regular draws. */
export const MAX_DRAWS_PER_LINE = 12;

const ROLL_HEAD = /^[Rr](\d{3})$/;
const ROLL_BACK = /^(\d{3})[Rr]$/;
const PLAIN = /^(\*{0,2})(\d{2,6})$/;
/** 0, 00, 0.0, 0.00: an amount field that says "nothing on this code". */
const ZERO_AMOUNT = /^0+(?:\.0{1,2})?$/;
/** Anything that looks like an attempt at a number token (used to tell a bet line from noise). */
const NUMBERISH = /^[*Rr\d]+$/;

interface Settings {
  codeOrder: BetCode[];
  eatSequence: EatSequence;
  defaultPools: PoolId[];
  today: string;
  pools: readonly PoolDef[];
}

function isPoolIdOf(pools: readonly PoolDef[], value: unknown): value is PoolId {
  return typeof value === 'number' && pools.some((p) => p.id === value);
}

/** Validates the account settings; null when they cannot be trusted to read the text. */
function readSettings(ctx: ParseContext | undefined): Settings | null {
  if (!ctx || typeof ctx !== 'object' || !isIsoDate(ctx.today)) return null;
  const codeOrder = ctx.codeOrder ?? DEFAULT_CODE_ORDER;
  if (!Array.isArray(codeOrder) || codeOrder.length === 0 || !codeOrder.every(isBetCode)) return null;
  if (new Set(codeOrder).size !== codeOrder.length) return null;
  const eatSequence = ctx.eatSequence ?? '*/**';
  if (!EAT_SEQUENCES.includes(eatSequence)) return null;
  const pools = ctx.pools ?? SEEDED_POOLS;
  if (!Array.isArray(pools)) return null;
  const defaultPools = ctx.defaultPools ?? [];
  if (!Array.isArray(defaultPools) || !defaultPools.every((p) => isPoolIdOf(pools, p))) return null;
  return { codeOrder: [...codeOrder], eatSequence, defaultPools: sortedUnique(defaultPools), today: ctx.today, pools };
}

function sortedUnique<T extends number>(values: readonly T[]): T[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

/** Box or ibox for a marker of one or two stars, per the account's eat sequence. */
export function betTypeForMarker(stars: 1 | 2, eatSequence: EatSequence): BetType {
  return (stars === 1) === (eatSequence === '*/**') ? BetType.Box : BetType.IBox;
}

/** Reads a bet line's number token: 1234, *1234, **1234, R123, 123R. */
export function parseNumberToken(token: string, eatSequence: EatSequence): { number: string; betType: BetType } | null {
  let m = ROLL_HEAD.exec(token);
  if (m) return { number: m[1], betType: BetType.PH };
  m = ROLL_BACK.exec(token);
  if (m) return { number: m[1], betType: BetType.PB };
  m = PLAIN.exec(token);
  if (!m) return null;
  const stars = m[1].length;
  return { number: m[2], betType: stars === 0 ? BetType.Normal : betTypeForMarker(stars as 1 | 2, eatSequence) };
}

/**
 * A line as if typed on a plain keyboard. Bet texts come pasted from chat apps: a Chinese input method
 * writes full-width characters (＃１２３４＊, Ｄ, ／), and chat apps slip in no-break and zero-width spaces.
 * NFKC folds the first to ASCII and the no-break space to a space; the zero-width ones are dropped. The
 * line's raw text (errors, the inbox) stays as received. Exported for the browser's preview, which must
 * read a line exactly as the parser does (one function, so the two never differ).
 */
export function asTyped(raw: string): string {
  // eslint-disable-next-line no-control-regex -- plain ASCII, the usual line, needs nothing done
  return /^[\x00-\x7f]*$/.test(raw) ? raw : raw.normalize('NFKC').replace(/[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g, '');
}

export type LineKind = 'next' | 'dates' | 'pools' | 'bet';

/** How a line of bet text is read: a draw line (D.., 'next'), a date line, a pools line or a bet line. */
export function classify(trimmed: string): LineKind {
  const c = trimmed[0];
  if (c === 'D' || c === 'd') return 'next';
  if (c === '#') return 'pools';
  // A date line never has a '#': 1234#1/2 is a bet line with a bad amount, not a date.
  if (c >= '0' && c <= '9' && trimmed.includes('/') && !trimmed.includes('#')) return 'dates';
  return 'bet';
}

/** How the parser reads a raw line of text (as typed, trimmed); null for a blank line. */
export function lineKindOf(raw: string): LineKind | null {
  const trimmed = asTyped(raw).trim();
  return trimmed === '' ? null : classify(trimmed);
}

type Parsed<T> = { ok: true; value: T } | { ok: false; key: BetLineError['key'] };

function parseNextDraw(trimmed: string): Parsed<DrawSelector> {
  const rest = trimmed.slice(1).replace(/\s+/g, '');
  if (!/^\d*$/.test(rest)) return { ok: false, key: 'INVALID_DRAW' };
  const count = rest === '' ? 1 : Number(rest);
  if (count < 1) return { ok: false, key: 'INVALID_DRAW' };
  if (count > MAX_DRAWS_PER_LINE) return { ok: false, key: 'TOO_MANY_DRAWS' };
  return { ok: true, value: { kind: 'next', count } };
}

function parseDates(trimmed: string, today: string): Parsed<DrawSelector> {
  const dates = new Set<string>();
  for (const token of trimmed.split(/[\s,]+/)) {
    if (token === '') continue;
    const r = parseDateToken(token, today);
    if (!r.ok) return { ok: false, key: r.key };
    dates.add(r.date);
  }
  // Duplicates are dropped: a date written twice on one draw line is the same draw.
  if (dates.size > MAX_DRAWS_PER_LINE) return { ok: false, key: 'TOO_MANY_DRAWS' };
  return { ok: true, value: { kind: 'dates', dates: [...dates].sort() } };
}

function parsePools(trimmed: string, known: readonly PoolDef[]): Parsed<PoolId[]> {
  const digits = trimmed.slice(1).replace(/\s+/g, '');
  if (digits === '') return { ok: false, key: 'SELECT_AT_LEAST_ONE_POOL' };
  const pools: PoolId[] = [];
  for (const ch of digits) {
    const pool = known.find((p) => p.digit === ch);
    if (!pool) return { ok: false, key: 'UNKNOWN_POOL' };
    pools.push(pool.id);
  }
  return { ok: true, value: sortedUnique(pools) };
}

/** The identity duplicates are judged by: box/ibox of 1234 and of 4321 buy the same numbers. */
function duplicateKey(number: string, betType: BetType): string {
  const boxed = betType === BetType.Box || betType === BetType.IBox;
  return `${betType}:${boxed ? permutationGroupKey(number) : number}`;
}

/** Selector state: not given yet, given but unreadable (already reported), or a value. */
type State<T> = { kind: 'unset' } | { kind: 'invalid' } | { kind: 'set'; value: T };

/** Parses express text. Never throws: every outcome is a ParseResult. */
export function parseExpress(text: string, ctx: ParseContext): ParseResult {
  try {
    return parseUnchecked(text, ctx);
  } catch {
    // Unreachable by design (the fuzz tests look for it); kept so a bug can never become a crash.
    return { ok: false, errors: [{ lineNo: 0, raw: '', key: 'INTERNAL_SERVER_ERROR' }] };
  }
}

function parseUnchecked(text: string, ctx: ParseContext): ParseResult {
  if (typeof text !== 'string' || text.trim() === '') {
    return { ok: false, errors: [{ lineNo: 0, raw: '', key: 'EMPTY_RECEIPT_STRING' }] };
  }
  const settings = readSettings(ctx);
  if (!settings) return { ok: false, errors: [{ lineNo: 0, raw: '', key: 'INVALID_BET_SETTINGS' }] };

  const errors: BetLineError[] = [];
  const lines: BetLine[] = [];
  let draw: State<DrawSelector> = { kind: 'unset' };
  let pools: State<PoolId[]> =
    settings.defaultPools.length > 0 ? { kind: 'set', value: settings.defaultPools } : { kind: 'unset' };
  let group = newGroup();
  let inBets = false;
  let betLines = 0;
  // Draw and pools lines read since the last bet line: one replaced by another of its kind, or left at
  // the end, governs no bet. It is refused, not dropped: `1234#1` then `#2` must never quietly place on
  // the pools above instead (DOMAIN "Ordering": nothing is placed when any line is bad).
  let unused: { lineNo: number; raw: string; draw: boolean }[] = [];
  const unusedLine = (u: { lineNo: number; raw: string }) => errors.push({ lineNo: u.lineNo, raw: u.raw, key: 'NO_BET_UNDER_LINE' });

  const rows = text.split(/\r\n|\r|\n/);
  rows.forEach((raw, i) => {
    const lineNo = i + 1;
    const trimmed = asTyped(raw).trim();
    if (trimmed === '') return;
    const kind = classify(trimmed);
    const fail = (key: BetLineError['key'], code?: string) =>
      errors.push(code === undefined ? { lineNo, raw, key } : { lineNo, raw, key, code });

    if (kind !== 'bet') {
      if (inBets) {
        group = newGroup();
        inBets = false;
      }
      const isDraw = kind !== 'pools';
      const replaced = unused.find((u) => u.draw === isDraw);
      if (replaced) unusedLine(replaced);
      unused = unused.filter((u) => u !== replaced).concat({ lineNo, raw, draw: isDraw });
      if (kind === 'pools') {
        const r = parsePools(trimmed, settings.pools);
        if (r.ok) pools = { kind: 'set', value: r.value };
        else {
          pools = { kind: 'invalid' };
          fail(r.key);
        }
      } else {
        const r = kind === 'next' ? parseNextDraw(trimmed) : parseDates(trimmed, settings.today);
        if (r.ok) draw = { kind: 'set', value: r.value };
        else {
          draw = { kind: 'invalid' };
          fail(r.key);
        }
      }
      return;
    }

    inBets = true;
    betLines++;
    unused = [];
    const before = errors.length;
    const compact = trimmed.replace(/\s+/g, '');
    const fields = compact.split('#');
    const token = fields[0];
    const amountFields = fields.slice(1);
    const parsedNumber = parseNumberToken(token, settings.eatSequence);
    // Spaces around the '#' are layout; a space inside a number or an amount is not joined over: 1234#1 2
    // read as 12 could be a stake the bettor never meant (1 and 2), and 123 4 one number or two.
    const spaced = trimmed.split('#').map((f) => /[\d.]\s+\d|\d\s+\./.test(f.trim()));

    if (!parsedNumber || spaced[0]) {
      fail(amountFields.length > 0 || NUMBERISH.test(token) ? 'INVALID_BET_NUMBER' : 'UNRECOGNISED_BET_LINE');
    }

    // The draw and pools this line is bought for; each missing one is reported once per group.
    if (draw.kind === 'unset' && !group.reportedDraw) {
      group.reportedDraw = true;
      fail('SELECT_BET_DATE');
    }
    if (pools.kind === 'unset' && !group.reportedPools) {
      group.reportedPools = true;
      fail('SELECT_AT_LEAST_ONE_POOL');
    }

    if (amountFields.length > settings.codeOrder.length) fail('TOO_MANY_BET_AMOUNTS');
    const amounts: BetAmounts = {};
    let anyField = false;
    amountFields.forEach((field, f) => {
      // A zero beside a stake (1234#0#1) is no stake on that code, as an empty field is.
      if (field === '' || ZERO_AMOUNT.test(field)) return;
      anyField = true;
      if (f >= settings.codeOrder.length) return;
      const code = settings.codeOrder[f];
      const cents = parseAmountCents(field);
      if (cents === null || spaced[f + 1]) fail('INVALID_BET_AMOUNT', code);
      else amounts[code] = cents;
    });
    if (!anyField && (parsedNumber || amountFields.length > 0)) fail('NO_BET_AMOUNT');

    if (parsedNumber) {
      const { number, betType } = parsedNumber;
      const length = boughtLength(number, betType);
      for (const code of Object.keys(amounts) as BetCode[]) {
        if (!codeAcceptsLength(code, length)) fail('BET_CODE_NOT_FOR_NUMBER', code);
        else if (pools.kind === 'set' && !codeSoldOnPools(code, pools.value, settings.pools)) fail('BET_CODE_NOT_FOR_POOL', code);
      }
      if (betType === BetType.Box || betType === BetType.IBox) {
        const count = permutationCount(number);
        if (count < 2) fail('NUMBER_CANNOT_BE_BOXED');
        else if (betType === BetType.IBox) {
          // Every permutation must get at least a cent of an ibox stake.
          for (const [code, cents] of Object.entries(amounts)) if (cents < count) fail('IBOX_AMOUNT_TOO_SMALL', code);
        }
      }
      const dup = duplicateKey(number, betType);
      if (group.seen.has(dup)) fail('DUPLICATED_NUMBER');
      else group.seen.add(dup);

      if (errors.length === before && draw.kind === 'set' && pools.kind === 'set') {
        // Each line gets its own copies, so a caller editing one line cannot change another.
        lines.push({ lineNo, raw, draw: copyDraw(draw.value), pools: [...pools.value], number, betType, amounts });
      }
    }
  });

  if (betLines === 0) errors.unshift({ lineNo: 0, raw: '', key: 'NO_BET_LINES' });
  else unused.forEach(unusedLine);
  // A replaced draw or pools line is found at the line replacing it: the errors in the text's order.
  errors.sort((a, b) => a.lineNo - b.lineNo);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, lines };
}

function newGroup() {
  return { seen: new Set<string>(), reportedDraw: false, reportedPools: false };
}

function copyDraw(draw: DrawSelector): DrawSelector {
  return draw.kind === 'next' ? { kind: 'next', count: draw.count } : { kind: 'dates', dates: [...draw.dates] };
}
