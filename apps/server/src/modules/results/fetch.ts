// Fetching results from result sites (DOMAIN "Results": fetching; issue 11 item 4). The system settings
// name the sites (resultSites: a URL template with date placeholders, its format and the pools it
// carries: normalScrapeResultSite and gdScrapeResultSite) and the time to start (scrapeResultTime,
// business time). A fetched result is saved as 'fetched' with its source; a second site that agrees marks
// it confirmed. A person releases it, unless autoReleaseConfirmedResult lets the fetch release a confirmed
// one (service.releaseConfirmed). A site that is down, slow or sends garbage leaves a 'fetch-failed' entry
// in the result's history and changes nothing else.
import { eq, sql } from 'drizzle-orm';
import { parseResultPage, RESULT_FORMATS, resultLinkOf, resultUrl, siteTellsPoolsApart, sameResult, SYSTEM_SETTING_DEFAULTS, validateResult, type PoolId, type ResultFormat } from '@app/domain';
import { poolResults, systemSettings, type Jackpots } from '../../db/schema';
import type { Deps } from '../../platform/http';
import { loggedFetch } from '../../platform/apiLog';
import { isInternalHostLiteral } from '../../platform/outboundHttp';
import { rows } from '../ledger/queries';
import { runTransaction } from '../ledger/service';
import * as q from './queries';
import { autoReleaseConfirmed, normalizeResult, record, releaseConfirmed } from './service';
import { poolRegistry } from '../pools/registry';

export interface ResultSite {
  name: string;
  urlTemplate: string;
  format: ResultFormat;
  pools: number[];
  enabled?: boolean;
}

export const DEFAULT_SCRAPE_TIME = SYSTEM_SETTING_DEFAULTS.scrapeResultTime;
const DEFAULT_TIMEOUT_MS = 10_000;

async function setting(deps: Deps, key: string): Promise<string | undefined> {
  const [row] = await deps.db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, key));
  return row?.value;
}

function parseSites(raw: string | undefined): ResultSite[] {
  if (!raw?.trim()) return [];
  try {
    const list = JSON.parse(raw) as ResultSite[];
    if (!Array.isArray(list)) return [];
    return list.filter(
      (s) => s && typeof s.name === 'string' && typeof s.urlTemplate === 'string' && RESULT_FORMATS.includes(s.format) && Array.isArray(s.pools) && s.enabled !== false,
    );
  } catch {
    return [];
  }
}

/**
 * The configured sites: the system settings normalScrapeResultSite and gdScrapeResultSite (SPEC 3), each a
 * JSON list of { name, urlTemplate, format, pools }; a malformed entry is left out.
 */
export async function resultSites(deps: Deps): Promise<ResultSite[]> {
  return [...parseSites(await setting(deps, 'normalScrapeResultSite')), ...parseSites(await setting(deps, 'gdScrapeResultSite'))];
}

export async function scrapeResultTime(deps: Deps): Promise<{ hour: number; minute: number }> {
  const raw = (await setting(deps, 'scrapeResultTime')) ?? DEFAULT_SCRAPE_TIME;
  const m = /^(\d{1,2}):(\d{2})$/.exec(raw) ?? /^(\d{1,2}):(\d{2})$/.exec(DEFAULT_SCRAPE_TIME)!;
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

export interface FetchOutcome {
  poolId: number;
  site: string;
  /** released: it was already; auto-released: released now by the fetch (autoReleaseConfirmedResult). */
  outcome: 'saved' | 'confirmed' | 'same' | 'differs' | 'released' | 'auto-released' | 'failed';
  note?: string;
}

/** The largest page read (a result page is a few kilobytes). */
const MAX_PAGE_BYTES = 1_000_000;

/**
 * Reads one page: the JSON of a 2xx answer within the time-out and MAX_PAGE_BYTES, else an Error saying
 * what went wrong (platform/outboundHttp: http(s) only, no redirect followed).
 */
async function readPage(deps: Deps, url: string, timeoutMs: number, publicOnly = false): Promise<unknown> {
  // Recorded in the API request log (decision 0033).
  const res = await loggedFetch(deps, url, { timeoutMs, maxBytes: MAX_PAGE_BYTES, headers: { accept: 'application/json' }, publicOnly });
  if (!res.ok) throw new Error(`answered HTTP ${res.status}`);
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch (e) {
    throw new Error('did not send JSON', { cause: e });
  }
}

/**
 * Fetches every pool of the date whose draw has closed and whose result is not released, from every site
 * that carries it, in the order the sites are configured. `actorId` is the admin who asked (null: the job).
 */
export async function fetchResults(deps: Deps, drawDate: string, actorId: number | null): Promise<FetchOutcome[]> {
  const sites = await resultSites(deps);
  // Clamped: a setting of 0, a negative or a huge value would mean no time-out at all.
  const timeoutMs = Math.min(30_000, Math.max(100, Number((await setting(deps, 'resultFetchTimeoutMs')) ?? DEFAULT_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS));
  const now = deps.clock.now();
  const due = await rows<{ drawId: number; poolId: number }>(
    deps.db,
    sql`select d.id as "drawId", d.pool_id as "poolId" from draws d left join pool_results r on r.draw_id = d.id
        where d.draw_date = ${drawDate}::date and d.record_status = 1 and d.cutoff_at <= ${now.toISOString()}::timestamptz
          and (r.status is null or r.status <> 'released')
        order by d.pool_id`,
  );
  const pools = await poolRegistry(deps.db);
  const out: FetchOutcome[] = [];
  for (const site of sites) {
    for (const d of due.filter((x) => site.pools.includes(Number(x.poolId)))) {
      const poolId = Number(d.poolId) as PoolId;
      const drawId = Number(d.drawId);
      const url = resultUrl(site.urlTemplate, drawDate, poolId);
      try {
        // A list saved before decision 0044's rule: not read (one page would be every pool's result), and said why.
        if (!siteTellsPoolsApart(site)) throw new Error('lists several pools, but its URL has no {poolId} to tell their pages apart');
        let page = await readPage(deps, url, timeoutMs);
        // Da Ma Cai answers the address of its result file first: read it (once, by the same rules). The
        // address is the page's, not the admin's: a public site's may not lead inside this network.
        const link = resultLinkOf(site.format, page);
        if (link) page = await readPage(deps, link, timeoutMs, !isInternalHostLiteral(url));
        const parsed = parseResultPage(site.format, page, poolId, drawDate);
        if (parsed.drawDate !== drawDate) throw new Error(`the page is for ${parsed.drawDate || 'no date'}, not ${drawDate}`);
        const numbers = normalizeResult(parsed.numbers);
        const errors = validateResult(poolId, numbers, pools, await q.extraGamesSoldOn(deps.db, drawId));
        if (errors.length) throw new Error(`not a valid result: ${errors.map((e) => `${e.slot} ${e.problem}`).join(', ')}`);
        out.push({ poolId, site: site.name, ...(await saveFetched(deps, drawId, numbers, site.name, actorId, parsed.jackpots ?? null)) });
      } catch (e) {
        const note = `${site.name}: ${(e as Error).message}`.slice(0, 500);
        await runTransaction(deps.db, (tx) => record(tx, deps, drawId, actorId, 'fetch-failed', null, site.name, note));
        out.push({ poolId, site: site.name, outcome: 'failed', note });
      }
    }
  }
  if (due.length && (await autoReleaseConfirmed(deps))) out.push(...(await releaseConfirmedOf(deps, due)));
  return out;
}

/**
 * The fetch's own release of what two sites confirmed (autoReleaseConfirmedResult), draw by draw: a draw
 * whose release or settlement fails is reported and the others go on (a released draw that did not settle
 * is settled by Result/DistributeStrike or the admin tool, as after a person's release).
 */
async function releaseConfirmedOf(deps: Deps, due: { drawId: number; poolId: number }[]): Promise<FetchOutcome[]> {
  const out: FetchOutcome[] = [];
  for (const d of due) {
    const poolId = Number(d.poolId);
    try {
      if (await releaseConfirmed(deps, Number(d.drawId))) out.push({ poolId, site: 'system', outcome: 'auto-released' });
    } catch (e) {
      out.push({ poolId, site: 'system', outcome: 'failed', note: `release or settlement: ${(e as Error).message}`.slice(0, 500) });
    }
  }
  return out;
}

async function saveFetched(
  deps: Deps,
  drawId: number,
  numbers: ReturnType<typeof normalizeResult>,
  source: string,
  actorId: number | null,
  jackpots: Jackpots | null,
) {
  return runTransaction(deps.db, async (tx): Promise<Pick<FetchOutcome, 'outcome' | 'note'>> => {
    const found = await q.lockDrawResult(tx, drawId);
    if (!found) throw new Error('the draw is gone');
    const { draw, result } = found;
    const now = deps.clock.now();
    // The jackpots a page carries fill those a result has none of (a person's entry is never overwritten).
    if (result && result.jackpots == null && jackpots) await tx.update(poolResults).set({ jackpots }).where(eq(poolResults.drawId, drawId));
    if (result?.status === 'released') return { outcome: 'released' };
    if (!result) {
      // A result saved meanwhile (by hand, or by another fetch) wins: this one is compared next time.
      const inserted = await tx
        .insert(poolResults)
        .values({ drawId, poolId: draw.poolId, drawDate: draw.drawDate, numbers, jackpots, status: 'fetched', source, confirmed: false, enteredBy: null, changedBy: null, changedAt: now, version: 1 })
        .onConflictDoNothing()
        .returning({ drawId: poolResults.drawId });
      if (inserted.length === 0) return { outcome: 'same', note: 'saved meanwhile' };
      await record(tx, deps, drawId, actorId, 'fetch', numbers, source, null);
      return { outcome: 'saved' };
    }
    if (!sameResult(result.numbers, numbers)) {
      // Never overwrites what is saved (typed or fetched): a person compares and decides.
      await record(tx, deps, drawId, actorId, 'fetch', numbers, source, `differs from the saved result (${result.source})`);
      return { outcome: 'differs', note: `differs from ${result.source}` };
    }
    if (result.source !== source && !result.confirmed) {
      await tx.update(poolResults).set({ confirmed: true }).where(eq(poolResults.drawId, drawId));
      await record(tx, deps, drawId, actorId, 'confirm', numbers, source, `agrees with ${result.source}`);
      return { outcome: 'confirmed' };
    }
    return { outcome: 'same' };
  });
}
