// Result entry, checking and release (DOMAIN.md "Results: entry, checking, release"). The numbers are
// checked by packages/domain validateResult, which names the slot. Four eyes: the login that entered or
// last changed a result can never release it. Release is what starts settlement.
import { eq } from 'drizzle-orm';
import type { PoolResultRow } from '@app/contract';
import { compactSpecials, RoleId, sameResult, validateResult, type ExtraGamesSold, type MessageKey, type PoolDef, type PoolResult, type ResultError, type ResultForm } from '@app/domain';
import { poolResults, resultHistory, systemSettings, type Jackpots } from '../../db/schema';
import { lockDrawAgainstPlacement } from '../draws/queries';
import { settleDraw, startRound } from '../settlement/service';
import { writeAudit } from '../../platform/audit';
import { readBooleanSetting } from '../../platform/settings';
import type { DbOrTx, Tx } from '../../platform/db';
import { AppError, conflict, notFound, refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { poolRegistry } from '../pools/registry';
import * as q from './queries';

const ADMINS: readonly RoleId[] = [RoleId.SuperAdmin, RoleId.ITAdmin];
const isAdmin = (auth: AuthContext) => ADMINS.includes(auth.roleId);

/** Trims every slot and drops the blanks sources print among the specials. */
export function normalizeResult(n: PoolResult): PoolResult {
  const t = (v: string) => v.trim();
  return {
    fourD: {
      first: t(n.fourD.first),
      second: t(n.fourD.second),
      third: t(n.fourD.third),
      starter: compactSpecials(n.fourD.starter),
      consolation: n.fourD.consolation.map(t),
    },
    fiveD: n.fiveD && n.fiveD.some((v) => v.trim() !== '') ? [t(n.fiveD[0]), t(n.fiveD[1]), t(n.fiveD[2])] : null,
    sixD: n.sixD && n.sixD.trim() !== '' ? t(n.sixD) : null,
  };
}

const PROBLEM_KEYS: Record<ResultError['problem'], MessageKey> = {
  REQUIRED: 'RESULT_SLOT_REQUIRED',
  INVALID_NUMBER: 'RESULT_SLOT_INVALID',
  DUPLICATED_NUMBER: 'DUPLICATED_NUMBER',
  TOO_MANY: 'RESULT_SLOT_TOO_MANY',
  NOT_SOLD_BY_POOL: 'RESULT_SLOT_NOT_FOR_POOL',
};

/** 400 RESULT_INVALID whose data names each refused slot with its message key. */
function invalid(errors: ResultError[]): AppError {
  return new AppError(400, 'RESULT_INVALID', Object.fromEntries(errors.map((e) => [e.slot, PROBLEM_KEYS[e.problem]])));
}

/** Checks a result in the form its pool draws (the registry's result form, decision 0037). */
export function checkResult(poolId: number, numbers: PoolResult, pools: readonly PoolDef[], sold?: ExtraGamesSold) {
  const errors = validateResult(poolId, normalizeResult(numbers), pools, sold);
  return { valid: errors.length === 0, errors: errors.map((e) => ({ slot: e.slot, problem: PROBLEM_KEYS[e.problem] })) };
}

export async function validate(deps: Deps, body: { drawId: number; numbers: PoolResult }) {
  const pools = await poolRegistry(deps.db);
  const found = await q.lockDrawResult(deps.db, body.drawId, false);
  if (!found || found.draw.recordStatus !== 1) throw notFound();
  return checkResult(found.draw.poolId, body.numbers, pools, await q.extraGamesSoldOn(deps.db, body.drawId));
}

/** Why the caller may not release this result now, or null when it may. */
function releaseBlock(auth: AuthContext, r: { status: string | null; enteredById: number | null; changedById: number | null; closed: boolean; valid: boolean }): MessageKey | null {
  if (!isAdmin(auth)) return 'PERMISSION_DENIED';
  if (r.status == null) return 'NO_RECORD_FOUND';
  if (r.status === 'released') return 'RESULT_ALREADY_RELEASED';
  if (!r.closed) return 'RESULT_DRAW_NOT_CLOSED';
  if (!r.valid) return 'RESULT_INVALID';
  if (r.enteredById === auth.userId || r.changedById === auth.userId) return 'RESULT_SAME_LOGIN';
  return null;
}

export async function resultsOfDate(deps: Deps, auth: AuthContext, drawDate: string): Promise<PoolResultRow[]> {
  const now = deps.clock.now();
  const pools = await poolRegistry(deps.db);
  const rows = await q.drawsWithResults(deps.db, drawDate);
  // A company reads released results only: an unreleased one may still be wrong.
  const admin = isAdmin(auth);
  const history = admin ? await q.historyOf(deps.db, rows.map((r) => r.drawId)) : [];
  const sold = await q.extraGamesSold(deps.db, rows.map((r) => r.drawId));
  return rows.map((r) => {
    const visible = r.status != null && (admin || r.status === 'released');
    const closed = now >= r.cutoffAt;
    const valid = visible && r.numbers != null && validateResult(r.poolId, r.numbers, pools, sold.get(r.drawId)).length === 0;
    const block = visible ? releaseBlock(auth, { status: r.status, enteredById: r.enteredById, changedById: r.changedById, closed, valid }) : 'NO_RECORD_FOUND';
    return {
      drawId: r.drawId,
      poolId: r.poolId,
      poolName: r.poolName,
      resultForm: r.resultForm as ResultForm,
      drawDate: r.drawDate,
      cutoffAt: r.cutoffAt.toISOString(),
      closed,
      numbers: visible ? r.numbers : null,
      jackpots: visible ? (r.jackpots ?? null) : null,
      status: visible ? (r.status as 'entered' | 'fetched' | 'released') : 'none',
      source: visible ? r.source : null,
      confirmed: visible ? (r.confirmed ?? false) : false,
      version: visible ? (r.version ?? 0) : 0,
      enteredBy: visible ? r.enteredBy : null,
      changedBy: visible ? r.changedBy : null,
      changedAt: visible && r.changedAt ? r.changedAt.toISOString() : null,
      releasedBy: visible ? r.releasedBy : null,
      releasedAt: r.releasedAt && visible ? r.releasedAt.toISOString() : null,
      canRelease: block === null,
      releaseBlockedBy: block,
      history: history
        .filter((h) => h.drawId === r.drawId)
        .map((h) => ({ at: h.at.toISOString(), action: h.action, actor: h.actor, source: h.source, note: h.note, numbers: h.numbers })),
    };
  });
}

export async function record(tx: DbOrTx, deps: Deps, drawId: number, actorId: number | null, action: string, numbers: PoolResult | null, source: string | null, note: string | null) {
  await tx.insert(resultHistory).values({ drawId, at: deps.clock.now(), actorId, action, numbers, source, note });
}

/**
 * Enters or changes a result by hand. Only after the draw has closed; the numbers are checked slot by slot;
 * a change made meanwhile by someone else (another version) is refused; a released result is corrected
 * only with a reason.
 */
/** Jackpots as stored: both names, null where none; null when neither is given. */
export function normalizeJackpots(j: Jackpots | null | undefined): Jackpots | null {
  if (!j) return null;
  const v = (x: number | null | undefined) => (x == null ? null : x);
  return j.jackpot1 == null && j.jackpot2 == null ? null : { jackpot1: v(j.jackpot1), jackpot2: v(j.jackpot2) };
}
const sameJackpots = (a: Jackpots | null, b: Jackpots | null) => JSON.stringify(normalizeJackpots(a)) === JSON.stringify(normalizeJackpots(b));

/**
 * The jackpots published with a result change apart from its numbers: they move no money, so they need no
 * new version nor a reason, but every change is audited.
 */
async function saveJackpots(tx: DbOrTx, deps: Deps, auth: AuthContext, drawId: number, before: Jackpots | null, jackpots: Jackpots | null | undefined, ip: string) {
  if (jackpots === undefined) return;
  const after = normalizeJackpots(jackpots);
  if (sameJackpots(before, after)) return;
  await tx.update(poolResults).set({ jackpots: after }).where(eq(poolResults.drawId, drawId));
  await writeAudit(tx, deps.clock.now(), { actorUserId: auth.userId, action: 'result.jackpots', targetType: 'draws', targetId: drawId, before, after, ip });
}

export async function save(
  deps: Deps,
  auth: AuthContext,
  body: { drawId: number; numbers: PoolResult; version: number; reason?: string; jackpots?: Jackpots | null },
  ip: string,
) {
  const numbers = normalizeResult(body.numbers);
  // Read before the transaction: on PGlite a read outside it would wait for it.
  const pools = await poolRegistry(deps.db);
  const saved = await deps.db.transaction(async (tx) => {
    const found = await q.lockDrawResult(tx, body.drawId);
    if (!found || found.draw.recordStatus !== 1) throw notFound();
    const { draw, result } = found;
    const now = deps.clock.now();
    if (now < draw.cutoffAt) throw refused('RESULT_DRAW_NOT_CLOSED');
    if ((result?.version ?? 0) !== body.version) throw conflict('RESULT_CHANGED_MEANWHILE');
    // The same numbers with other jackpots: only the jackpots change (a result saved under an older check,
    // a Toto one without 5D, keeps its numbers and gets its jackpots).
    if (result && sameResult(result.numbers, numbers)) {
      await saveJackpots(tx, deps, auth, draw.id, result.jackpots ?? null, body.jackpots, ip);
      return { drawId: draw.id, version: result.version, status: result.status, resettle: false };
    }
    const errors = validateResult(draw.poolId, numbers, pools, await q.extraGamesSoldOn(tx, draw.id));
    if (errors.length) throw invalid(errors);
    const reason = body.reason?.trim() ?? '';
    if (result?.status === 'released' && reason === '') throw new AppError(400, 'RESULT_REASON_REQUIRED', { reason: 'RESULT_REASON_REQUIRED' });
    const version = (result?.version ?? 0) + 1;
    const status = result?.status === 'released' ? 'released' : 'entered';
    const action = !result ? 'enter' : result.status === 'released' ? 'correct' : 'change';
    await tx
      .insert(poolResults)
      .values({ drawId: draw.id, poolId: draw.poolId, drawDate: draw.drawDate, numbers, status, source: 'manual', confirmed: false, enteredBy: auth.userId, changedBy: auth.userId, changedAt: now, version })
      .onConflictDoUpdate({
        target: poolResults.drawId,
        set: { numbers, status, source: 'manual', confirmed: false, changedBy: auth.userId, changedAt: now, version },
      });
    await saveJackpots(tx, deps, auth, draw.id, result?.jackpots ?? null, body.jackpots, ip);
    await record(tx, deps, draw.id, auth.userId, action, numbers, 'manual', reason || null);
    await writeAudit(tx, now, { actorUserId: auth.userId, action: `result.${action}`, targetType: 'draws', targetId: draw.id, before: result?.numbers ?? null, after: { numbers, reason: reason || undefined }, ip });
    // A corrected released result starts the draw's next settlement round (DOMAIN "Resettle").
    if (action === 'correct') await startRound(tx, draw, version, now);
    return { drawId: draw.id, version, status, resettle: action === 'correct' };
  });
  if (saved.resettle && (await autoSettle(deps))) await settleUnlessInDoubt(deps, saved.drawId, auth.userId);
  return { drawId: saved.drawId, version: saved.version, status: saved.status };
}

/**
 * Release and correction settle at once, unless a lay-off of the draw is still in doubt (decision 0035):
 * the result stays released and settlement (Result/DistributeStrike) runs once the doubts are answered.
 */
async function settleUnlessInDoubt(deps: Deps, drawId: number, by: number | null) {
  try {
    await settleDraw(deps, drawId, by);
  } catch (e) {
    if (!(e instanceof AppError && e.messageKey === 'POSTING_IN_DOUBT')) throw e;
  }
}

/** Whether release (and correction) settle the draw at once: system setting autoSettleAfterRelease, on by default. */
async function autoSettle(deps: Deps): Promise<boolean> {
  const [row] = await deps.db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, 'autoSettleAfterRelease'));
  return row?.value !== 'false';
}

/** Releases a result: another admin login than the one that entered or last changed it. */
export async function release(deps: Deps, auth: AuthContext, body: { drawId: number; version: number }, ip: string) {
  const pools = await poolRegistry(deps.db);
  const released = await deps.db.transaction(async (tx) => {
    const found = await q.lockDrawResult(tx, body.drawId);
    if (!found || found.draw.recordStatus !== 1 || !found.result) throw notFound();
    const { draw, result } = found;
    const now = deps.clock.now();
    if (result.status !== 'released' && result.version !== body.version) throw conflict('RESULT_CHANGED_MEANWHILE');
    const block = releaseBlock(auth, {
      status: result.status,
      enteredById: result.enteredBy,
      changedById: result.changedBy,
      closed: now >= draw.cutoffAt,
      valid: validateResult(draw.poolId, result.numbers, pools, await q.extraGamesSoldOn(tx, draw.id)).length === 0,
    });
    if (block) throw refused(block);
    await markReleased(tx, deps, draw, result, { userId: auth.userId, note: null, ip });
    return { drawId: draw.id, status: 'released', releasedBy: auth.username, releasedAt: now.toISOString() };
  });
  if (await autoSettle(deps)) await settleUnlessInDoubt(deps, released.drawId, auth.userId);
  return released;
}

/**
 * The release itself, in the caller's transaction holding the result's row: by a person (`userId`) or by
 * the system (null: the fetch's release of a confirmed result). Starts the draw's settlement round.
 */
async function markReleased(
  tx: Tx,
  deps: Deps,
  draw: { id: number; poolId: number; drawDate: string },
  result: { numbers: PoolResult; source: string | null; version: number },
  by: { userId: number | null; note: string | null; ip: string | null; audit?: Record<string, unknown> },
) {
  const now = deps.clock.now();
  // Voids in flight on the draw finish first; once the round is started none is accepted (orders/void.ts).
  await lockDrawAgainstPlacement(tx, draw.id);
  await tx.update(poolResults).set({ status: 'released', releasedBy: by.userId, releasedAt: now }).where(eq(poolResults.drawId, draw.id));
  await record(tx, deps, draw.id, by.userId, 'release', result.numbers, result.source, by.note);
  await writeAudit(tx, now, { actorUserId: by.userId, action: 'result.release', targetType: 'draws', targetId: draw.id, after: { version: result.version, ...by.audit }, ip: by.ip });
  await startRound(tx, draw, result.version, now);
}

/** Whether a fetched result that two sites agree on is released by the fetch itself (autoReleaseConfirmedResult, off by default). */
export const autoReleaseConfirmed = (deps: Deps) => readBooleanSetting(deps.db, 'autoReleaseConfirmedResult');

/**
 * The fetch's own release of a confirmed result (DOMAIN "Results": a system setting may allow it; the
 * caller checks autoReleaseConfirmedResult). Only a result exactly as the sites sent it: status fetched
 * (a person's entry or change makes it 'entered'), confirmed by a second site, entered and changed by no
 * login, valid, its draw closed, and no site having sent other numbers for it (a dispute is a person's
 * to settle). Recorded as the system's (no actor) in the history and the audit; then settled as after a
 * person's release (autoSettleAfterRelease). Returns whether it released.
 */
export async function releaseConfirmed(deps: Deps, drawId: number): Promise<boolean> {
  const pools = await poolRegistry(deps.db);
  const released = await deps.db.transaction(async (tx) => {
    const found = await q.lockDrawResult(tx, drawId);
    if (!found || found.draw.recordStatus !== 1 || !found.result) return false;
    const { draw, result } = found;
    if (result.status !== 'fetched' || !result.confirmed || result.enteredBy != null || result.changedBy != null) return false;
    if (deps.clock.now() < draw.cutoffAt || validateResult(draw.poolId, result.numbers, pools, await q.extraGamesSoldOn(tx, draw.id)).length > 0) return false;
    const fetched = await q.fetchesOf(tx, drawId);
    if (fetched.some((f) => !sameResult(f.numbers, result.numbers))) return false;
    const sources = [...new Set(fetched.map((f) => f.source))];
    await markReleased(tx, deps, draw, result, {
      userId: null,
      note: `confirmed by ${sources.join(' and ')}: released by the fetch (autoReleaseConfirmedResult)`,
      ip: null,
      audit: { by: 'system', setting: 'autoReleaseConfirmedResult', sources },
    });
    return true;
  });
  if (released && (await autoSettle(deps))) await settleUnlessInDoubt(deps, drawId, null);
  return released;
}

export async function releaseStatus(deps: Deps, auth: AuthContext, drawDate: string) {
  return (await resultsOfDate(deps, auth, drawDate)).map((r) => ({ drawId: r.drawId, status: r.status, releasedBy: r.releasedBy, releasedAt: r.releasedAt }));
}
