// Reading a pool's result from the formats result sites publish (issue 11 item 4). Each parser takes the
// parsed JSON of a page and the pool asked for, and returns the draw date and the named slots, or throws
// a ResultParseError saying what is wrong (the fetch records it in the result's history).
import { PoolId } from '../enums';
import { compactSpecials } from './result';
import type { PoolResult } from './result';

export type ResultFormat = 'magnum' | 'damacai' | 'backoffice';
export const RESULT_FORMATS: readonly ResultFormat[] = ['magnum', 'damacai', 'backoffice'];

export class ResultParseError extends Error {}

export interface ParsedResult {
  drawDate: string;
  numbers: PoolResult;
  /** Jackpot amounts in cents where the page carries them (Magnum's Jackpot1/Jackpot2); absent otherwise. */
  jackpots?: { jackpot1: number | null; jackpot2: number | null };
}

/**
 * An amount as result pages print it ("RM 12,345,678.90", "12345678.9", 12345678) in cents; null when it
 * is missing or is no amount. Never throws: a page without jackpots is still a result.
 */
export function amountToCents(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.round(v * 100) : null;
  if (typeof v !== 'string') return null;
  // Only a currency in front, thousands separators and spaces are dropped: "RM 2.6 million" is no amount
  // (read digit by digit it would be RM 2.60).
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(v.trim().replace(/^(RM|MYR|SGD|S\$|\$)\s*/i, '').replace(/[,\s]/g, ''));
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * The object's jackpot fields, by name whatever their case or separator (Magnum's Jackpot1Amount and
 * Jackpot2Amount, Jackpot1, jackpot_2, JACKPOT; Da Ma Cai's 1+3D jackpots, the only jackpots it publishes
 * with a 4D result); absent when it has none. Other games' jackpots on the same page (Magnum's
 * GoldJackpot1Amount, PowerballJackpot1Amount, Da Ma Cai's 3DJackpot) are not the pool's.
 */
function jackpotsOf(o: Record<string, unknown>): ParsedResult['jackpots'] {
  const pick = (...res: RegExp[]) => {
    for (const re of res) {
      const k = Object.keys(o).find((x) => re.test(x));
      if (k !== undefined) return amountToCents(o[k]);
    }
    return null;
  };
  const jackpot1 = pick(/^jackpot[ _-]?1?[ _-]?(amount)?$/i, /^1\+3d[ _-]?jackpot[ _-]?1$/i);
  const jackpot2 = pick(/^jackpot[ _-]?2[ _-]?(amount)?$/i, /^1\+3d[ _-]?jackpot[ _-]?2$/i);
  return jackpot1 == null && jackpot2 == null ? undefined : { jackpot1, jackpot2 };
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/**
 * The object carrying the fields, whether the page is that object, an array of them or wraps it. A page of
 * several draws (Magnum's past results between two dates) gives the one of `drawDate` when it has it,
 * else its first (the fetch then refuses it for its date).
 */
function findObject(json: unknown, hasKey: string, dateKey: string, drawDate?: string): Record<string, unknown> {
  const found: Record<string, unknown>[] = [];
  const seen: unknown[] = [json];
  while (seen.length) {
    const v = seen.shift();
    if (Array.isArray(v)) seen.push(...v);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (hasKey in o) found.push(o);
      else seen.push(...Object.values(o));
    }
  }
  if (found.length === 0) throw new ResultParseError(`no "${hasKey}" in the page`);
  const dateOf = (o: Record<string, unknown>) => {
    try {
      return drawDateOf(str(o[dateKey]));
    } catch {
      return null;
    }
  };
  return (drawDate && found.find((o) => dateOf(o) === drawDate)) || found[0];
}

/**
 * A draw date as result pages print it, to yyyy-mm-dd. Each operator has its own habit (Magnum d/m/yyyy,
 * Da Ma Cai yyyymmdd) and pages that relay them often rewrite it (yyyy-mm-dd, with a time, a weekday in
 * front), so every one of these is read whichever parser meets it; anything else is refused by name.
 */
export function drawDateOf(s: string): string {
  const v = s.trim();
  const iso = (y: string, m: string, d: string) => {
    const date = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
    const t = new Date(`${date}T00:00:00Z`);
    if (Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== date) throw new ResultParseError(`draw date "${s}" is no calendar date`);
    return date;
  };
  let m = /(?:^|[^\d])(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[^\d])/.exec(v);
  if (m) return iso(m[1], m[2], m[3]);
  m = /(?:^|[^\d])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:$|[^\d])/.exec(v);
  if (m) return iso(m[3], m[2], m[1]);
  m = /^(\d{4})(\d{2})(\d{2})(?:$|[^\d])/.exec(v);
  if (m) return iso(m[1], m[2], m[3]);
  throw new ResultParseError(`draw date "${s}" is not d/m/yyyy, yyyymmdd or yyyy-mm-dd`);
}

/** A prize number: a page that sends it as a JSON number has lost its leading zeros (0123 came as 123). */
const prize = (v: unknown, digits = 4): string => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? String(v).padStart(digits, '0') : str(v));

/** Magnum's JSON: DrawDate d/m/yyyy, FirstPrize..ThirdPrize, Special1.., Console1..Console10, blanks "----". */
export function parseMagnum(json: unknown, drawDate?: string): ParsedResult {
  const o = findObject(json, 'FirstPrize', 'DrawDate', drawDate);
  const specials = Object.keys(o)
    .filter((k) => /^Special\d+$/.test(k))
    .sort((a, b) => Number(a.slice(7)) - Number(b.slice(7)))
    .map((k) => prize(o[k]));
  const consolations = Array.from({ length: 10 }, (_, i) => prize(o[`Console${i + 1}`]));
  return {
    drawDate: drawDateOf(str(o.DrawDate)),
    numbers: { fourD: { first: prize(o.FirstPrize), second: prize(o.SecondPrize), third: prize(o.ThirdPrize), starter: compactSpecials(specials), consolation: consolations } },
    jackpots: jackpotsOf(o),
  };
}

/** Da Ma Cai's JSON: drawDate yyyymmdd, drawNo, p1-p3, starterList, consolidateList. */
export function parseDaMaCai(json: unknown, drawDate?: string): ParsedResult {
  const o = findObject(json, 'p1', 'drawDate', drawDate);
  const list = (v: unknown) => (Array.isArray(v) ? v.map((x) => prize(x)) : []);
  return {
    drawDate: drawDateOf(str(o.drawDate)),
    numbers: { fourD: { first: prize(o.p1), second: prize(o.p2), third: prize(o.p3), starter: compactSpecials(list(o.starterList)), consolation: list(o.consolidateList) } },
    jackpots: jackpotsOf(o),
  };
}

/** This product's own Result/GetPoolResult envelope: the pool's released result of the date. */
export function parseBackOffice(json: unknown, poolId: PoolId): ParsedResult {
  const data = (json as { data?: unknown })?.data;
  if (!Array.isArray(data)) throw new ResultParseError('no result list in the page');
  const row = data.find((r) => (r as { poolId?: number }).poolId === poolId) as { drawDate?: string; status?: string; numbers?: PoolResult } | undefined;
  if (!row) throw new ResultParseError(`no pool ${poolId} in the page`);
  if (row.status !== 'released' || !row.numbers) throw new ResultParseError(`pool ${poolId} is not released there yet`);
  return { drawDate: str(row.drawDate), numbers: shapeOfResult(row.numbers) };
}

/** A result as another installation sends it, checked for its shape (its numbers are checked by validateResult). */
function shapeOfResult(v: unknown): PoolResult {
  const o = (v ?? {}) as Record<string, unknown>;
  const f = (o.fourD ?? null) as Record<string, unknown> | null;
  const isText = (x: unknown) => typeof x === 'string';
  const isList = (x: unknown, n?: number) => Array.isArray(x) && x.every(isText) && (n === undefined || x.length === n);
  if (!f || typeof f !== 'object') throw new ResultParseError('the result has no fourD');
  for (const k of ['first', 'second', 'third']) if (!isText(f[k])) throw new ResultParseError(`the result's ${k} is not a number`);
  for (const k of ['starter', 'consolation']) if (!isList(f[k])) throw new ResultParseError(`the result's ${k} is not a list of numbers`);
  if (o.fiveD != null && !isList(o.fiveD, 3)) throw new ResultParseError("the result's fiveD is not three numbers");
  if (o.sixD != null && !isText(o.sixD)) throw new ResultParseError("the result's sixD is not a number");
  return o as unknown as PoolResult;
}

/**
 * Whether a site's pages tell its pools apart. An operator's page (magnum, damacai) names no pool: a site
 * carrying several pools in that shape serves each its own page, so its URL has {poolId}; without it the
 * one page would be read as every listed pool's result. This product's own page lists its pools.
 */
export function siteTellsPoolsApart(site: { format: ResultFormat; urlTemplate: string; pools: readonly number[] }): boolean {
  return site.format === 'backoffice' || site.pools.length <= 1 || site.urlTemplate.includes('{poolId}');
}

export function parseResultPage(format: ResultFormat, json: unknown, poolId: PoolId, drawDate?: string): ParsedResult {
  switch (format) {
    case 'magnum':
      return parseMagnum(json, drawDate);
    case 'damacai':
      return parseDaMaCai(json, drawDate);
    case 'backoffice':
      return parseBackOffice(json, poolId);
  }
}

/**
 * Da Ma Cai's past-result call answers a pointer, not the result: {"link": "https://.../drawresult/
 * DrawDate/20260222.json?sv=..."}, a signed address valid about an hour. The address to read next, once;
 * null when the page is the result itself.
 */
export function resultLinkOf(format: ResultFormat, json: unknown): string | null {
  if (format !== 'damacai' || !json || typeof json !== 'object' || Array.isArray(json)) return null;
  const o = json as Record<string, unknown>;
  return 'p1' in o || typeof o.link !== 'string' || !/^https?:\/\//i.test(o.link) ? null : o.link;
}

/** A site's URL for a date: {date} (yyyy-mm-dd), {yyyymmdd}, {dmy} (d/m/yyyy), {yyyy}, {mm}, {dd}, {poolId}. */
export function resultUrl(template: string, drawDate: string, poolId: PoolId): string {
  const [y, m, d] = drawDate.split('-');
  return template
    .replaceAll('{date}', drawDate)
    .replaceAll('{yyyymmdd}', `${y}${m}${d}`)
    .replaceAll('{dmy}', `${Number(d)}/${Number(m)}/${y}`)
    .replaceAll('{yyyy}', y)
    .replaceAll('{mm}', m)
    .replaceAll('{dd}', d)
    .replaceAll('{poolId}', String(poolId));
}

/** Pools whose results the GD site carries; every other pool is a normal site's. */
export const GD_POOLS: readonly PoolId[] = [PoolId.GD];
