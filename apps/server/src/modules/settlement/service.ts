// Settlement of released results (DOMAIN.md "Settlement: who gets what", decision 0023). Three steps per
// draw, each once per round however often or from however many processes it is triggered, each in its own
// transaction under the draw's settlement lock, each recorded by a row whose key lets it happen once:
//   1. winners: the strikes of the round (insertWinners);
//   2. distribute: per company, every line's links booked in one journal transaction, with the figures;
//   3. release: per company, the players' held winnings moved into their wallets.
// A corrected result starts a new round: the earlier round's bookings are reversed (never deleted), and
// the steps run again; a company whose credit was released before is released again.
import { sql } from 'drizzle-orm';
import { ledgerMemoText, RoleId, strikePatterns, type PoolResult } from '@app/domain';
import { writeAudit } from '../../platform/audit';
import { databaseKind, type Tx } from '../../platform/db';
import { AppError, refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { createWallets } from '../ledger/queries';
import { runTransaction } from '../ledger/service';
import { rows } from '../ledger/queries';
import * as q from './queries';
import { claimedWallets, resettleClaims } from '../prizes/claims';
import { enqueueSettled } from '../seamless/queries';
import { compactDraw } from '../reports/summaries';
import { summarizeBooking, summarizeRoundWinnings } from '../reports/settledSummaries';
import { bookPostingLinks, remoteAccounts, remotesOfDraw } from './posting';
import { hasInDoubt, inDoubtError, lockDrawPostingExclusive } from '../posting/released';
import { timeSettlementStatement, timeSettlementStep } from '../../platform/metrics';

/** Starts round 1 when a result is released, or the next round when a released result is corrected. */
export async function startRound(tx: Tx, draw: { id: number; poolId: number; drawDate: string }, resultVersion: number, now: Date) {
  await tx.execute(
    sql`insert into draw_settlements (draw_id, draw_date, pool_id, round, result_version, started_at)
        values (${draw.id}::int, ${draw.drawDate}::date, ${draw.poolId}::int, 1, ${resultVersion}::int, ${now.toISOString()}::timestamptz)
        on conflict (draw_id) do update
          set round = draw_settlements.round + 1, result_version = excluded.result_version, started_at = excluded.started_at,
              winners_at = null, distributed_at = null
          where draw_settlements.result_version <> excluded.result_version`,
  );
}

/** Step 1 for a draw: its strikes of the current round (nothing when already found). Returns the count found now. */
export const insertWinners = (deps: Deps, drawId: number) => timeSettlementStep('winners', () => findWinners(deps, drawId));

async function findWinners(deps: Deps, drawId: number): Promise<{ round: number; strikes: number }> {
  return runTransaction(deps.db, async (tx) => {
    await q.lockSettlement(tx, drawId);
    const s = await q.settlementOf(tx, drawId);
    if (!s) throw refused('SETTLEMENT_NOT_STARTED');
    if (s.winnersAt) return { round: s.round, strikes: 0 };
    const [res] = await rows<{ numbers: PoolResult; status: string }>(tx, sql`select numbers, status from pool_results where draw_id = ${drawId}::int`);
    if (!res || res.status !== 'released') throw refused('SETTLEMENT_NOT_STARTED');
    const strikes = await q.insertWinners(tx, drawId, s.round, strikePatterns(res.numbers));
    await tx.execute(sql`update draw_settlements set winners_at = ${deps.clock.now().toISOString()}::timestamptz where draw_id = ${drawId}::int`);
    return { round: s.round, strikes };
  });
}

/**
 * Step 2 for a draw: each company's lines booked once for the current round (after reversing what earlier
 * rounds booked); a company released before is released again. The draw is marked distributed when
 * every company is booked.
 */
export const distribute = (deps: Deps, drawId: number, by: number | null, beside?: Beside) =>
  timeSettlementStep('distribute', () => distributeDraw(deps, drawId, by, beside));

/**
 * What runs beside the first company's booking on PostgreSQL (settleDraw): step 1 of the round, then, on
 * its connection, the totals of the draw's lines per company, against which the booking checks the sums it
 * read meanwhile.
 */
interface Beside {
  winners: Promise<unknown>;
  lines: Promise<Map<number, q.LinesTotals>>;
}

/**
 * `beside.winners`: step 1 of the round, still running (settleDraw on PostgreSQL). The first company's
 * booking reads the draw's sums and spreads them over the chains' accounts meanwhile, on a second
 * connection, and takes the settlement lock once step 1 has committed; nothing is booked before it has
 * (decisions 0055, 0059).
 */
async function distributeDraw(deps: Deps, drawId: number, by: number | null, beside?: Beside): Promise<{ round: number; lines: number }> {
  const winners = beside?.winners;
  const first = await runTransaction(deps.db, async (tx) => {
    const s = await q.settlementOf(tx, drawId);
    if (!s) throw refused(winners ? 'SETTLEMENT_NOT_STARTED' : 'SETTLEMENT_WINNERS_FIRST');
    if (!s.winnersAt && !winners) throw refused('SETTLEMENT_WINNERS_FIRST');
    // A lay-off still in doubt would be lost to settlement if accepted later (decision 0035): the draw is
    // settled once every lot is answered (asked again, or resolved by hand), so no company is booked before.
    await lockDrawPostingExclusive(tx, drawId);
    if (await hasInDoubt(tx, drawId)) throw inDoubtError();
    // Beside step 1 the companies are listed from the draw's sums, not from a scan of its lines: those with
    // lines are known from the lines' totals read beside, and any the sums missed are booked after the
    // others (decision 0058).
    const companies = beside ? await q.companiesOfDrawSums(tx, drawId) : await q.companiesOfDraw(tx, drawId);
    const booked = await rows<{ companyId: number }>(tx, sql`select distinct company_id as "companyId" from settlement_bookings where draw_id = ${drawId}::int`);
    return { round: s.round, companies: [...new Set([...companies, ...booked.map((b) => Number(b.companyId))])].sort((a, b) => a - b) };
  });
  let lines = 0;
  // Only the first company's booking runs beside step 1; the others start once it has booked, step 1 done.
  for (const [i, companyId] of first.companies.entries()) lines += await distributeCompany(deps, drawId, companyId, by, i === 0 ? beside : undefined);
  if (beside) {
    const totals = (await beside.lines.catch(() => null)) ?? (await runTransaction(deps.db, (tx) => q.linesTotalsOfDraw(tx, drawId)));
    const missed = [...totals.keys()].filter((c) => !first.companies.includes(c)).sort((a, b) => a - b);
    if (missed.length) console.warn(`settlement: draw ${drawId}: companies ${missed.join(', ')} have lines but no settlement sums; booked from their lines`);
    for (const companyId of missed) lines += await distributeCompany(deps, drawId, companyId, by);
  }
  // A draw without a company to book is marked distributed only after its strikes are found.
  if (winners) await winners;
  await runTransaction(deps.db, async (tx) => {
    await q.lockSettlement(tx, drawId);
    const s = await q.settlementOf(tx, drawId);
    if (s && s.round === first.round && !s.distributedAt) {
      // The round's winning summary, unless written beside the booking (settleDraw): readers see the round
      // once it is distributed, so it is there by then.
      await timeSettlementStatement('winning summary', () => summarizeRoundWinnings(tx, drawId));
      await tx.execute(sql`update draw_settlements set distributed_at = ${deps.clock.now().toISOString()}::timestamptz where draw_id = ${drawId}::int`);
      // The draw's report summaries folded into one row per key (decision 0034): its sales are final (no
      // placement after the cutoff, no void once a result is entered), so once a round is enough: a
      // trigger run again leaves them as they are.
      await timeSettlementStatement('compact draw', () => compactDraw(tx, drawId));
    }
    // Seamless API accounts' tickets queued for their callbacks, with the mark (once per round: its key).
    if (s && s.round === first.round) await enqueueSettled(tx, drawId, s.round, deps.clock.now());
  });
  return { round: first.round, lines };
}

async function distributeCompany(deps: Deps, drawId: number, companyId: number, by: number | null, beside?: Beside): Promise<number> {
  const winners = beside?.winners;
  // Wallets are created before anything is locked (the ledger's lock order), in their own transaction.
  const uplines: number[] = await runTransaction(deps.db, async (tx) => {
    const s = await q.settlementOf(tx, drawId);
    return s ? q.chainAccountsWithoutWallet(tx, drawId, companyId) : [];
  });
  // The ledger accounts of the remotes the company laid off to (decision 0035), created before any lock,
  // and the company's wallet that pays them even when none of its lines remain (the journal stays zero-sum).
  const laidOff = await runTransaction(deps.db, async (tx) => remoteAccounts(tx, companyId, await remotesOfDraw(tx, drawId, companyId)));
  const owners = laidOff.length && !uplines.includes(companyId) ? [...uplines, companyId] : uplines;
  if (owners.length) await runTransaction(deps.db, (tx) => createWallets(tx, owners));
  const held = await runTransaction(deps.db, (tx) => q.heldWinningsAccount(tx, companyId));

  const booked = await runTransaction(deps.db, async (tx) => {
    // One booking of the company at a time, before anything else: its keys' figures may be written before
    // the settlement lock (decision 0060).
    await q.lockCompanyBooking(tx, drawId, companyId);
    // While step 1 finds and prices the strikes (decisions 0055, 0059, 0060): the keys, their spread over
    // the chains' accounts and their figures, which do not depend on the result, read and written before
    // the lock (the sums are final once a result is released; if they disagree with the lines they are
    // read again, and rebuilt, under the lock). Then this waits for step 1 to commit.
    const early: Early = beside ? await readBesideWinners(tx, drawId, companyId) : { keysRead: false, figuresRound: null };
    if (winners) await winners;
    await q.lockSettlement(tx, drawId);
    const s = await q.settlementOf(tx, drawId);
    if (!s?.winnersAt) throw refused('SETTLEMENT_WINNERS_FIRST');
    // No invoice of the draw is made or accepted from here to the booking (they take this lock shared).
    await lockDrawPostingExclusive(tx, drawId);
    if (await hasInDoubt(tx, drawId, companyId)) throw inDoubtError();
    const now = deps.clock.now();
    // Every account this transaction moves, locked at once in the ledger's order (wallets by id, then the
    // open-stakes, held and remote accounts), as placement and voiding lock wallets before open stakes, and
    // PayPosting the company's wallet before the remote's account.
    const remoteIds = await remotesOfDraw(tx, drawId, companyId);
    // Booked already for this round (by another process meanwhile): its earlier rounds were reversed with it.
    // (Not after this booking wrote its keys' figures: that waits for no booking of the company to be open.)
    const bookedBefore = async () => {
      if (early.figuresRound !== null) await q.deleteKeysFigures(tx, { drawId, companyId, round: early.figuresRound });
      return { lines: 0, round: s.round, releasedBefore: false };
    };
    if (await q.bookingOf(tx, drawId, companyId, s.round, 'distribute')) return bookedBefore();
    // The lines are final (a result is released: no placement, no void), so they are read once, here.
    const readKeys = async () => {
      await timeSettlementStatement('keys', () => q.prepareSettleKeys(tx, { drawId, companyId }));
      await q.prepareSettleSpread(tx);
    };
    if (!early.keysRead) await readKeys();
    // The strikes as step 1 priced and summed them (strike_sums).
    const readStrikes = () => timeSettlementStatement('strikes', () => q.prepareSettleWins(tx, { drawId, companyId, round: s.round }));
    await readStrikes();
    // The keys read before the lock, checked against the lines' totals, which step 1's connection reads once
    // it has committed (meanwhile this read the strikes); should they disagree, read again and rebuilt.
    const keysRead = early.keysRead && (await keysAgreeBeside(tx, drawId, companyId, beside!.lines));
    if (early.keysRead && !keysRead) {
      await readKeys();
      await readStrikes();
    }
    // The keys' figures of this round: written before the lock for the round then current, unless a new
    // round has started since (a corrected result) or the keys were rebuilt.
    if (early.figuresRound !== s.round || !keysRead) {
      if (early.figuresRound !== null) await q.deleteKeysFigures(tx, { drawId, companyId, round: early.figuresRound });
      await q.insertKeysFigures(tx, { drawId, companyId, round: s.round });
    }
    const lineOwners = keysRead && early.lineOwners ? early.lineOwners : await q.uplinesOfSettleLines(tx);
    const wallets = await q.walletIds(tx, remoteIds.length && !lineOwners.includes(companyId) ? [...lineOwners, companyId] : lineOwners);
    const stakes = await q.stakesAccountsOfSettleLines(tx);
    const remotes = await remoteAccounts(tx, companyId, remoteIds);
    await q.lockAccounts(tx, [
      ...(await q.accountsOfUnreversed(tx, drawId, companyId, s.round)),
      ...(await claimedWallets(tx, drawId, companyId, s.round)),
      ...wallets,
      ...stakes,
      held,
      ...remotes,
    ]);
    const releasedBefore = await reverseEarlierRounds(tx, s, companyId, now, by);
    if (await q.bookingOf(tx, drawId, companyId, s.round, 'distribute')) return bookedBefore();
    if ((await q.linesWithoutRates(tx)) > 0) throw new Error(`draw ${drawId}: a ticket has no frozen rates`);
    const done = await q.bookDistribution(tx, { drawId, companyId, round: s.round, heldId: held, at: now, by, memo: q.drawMemo(s) });
    if (done.unpriced > 0) throw new Error(`draw ${drawId}: ${done.unpriced} links have no rates`);
    if (done.unmatched > 0) throw new Error(`draw ${drawId}: strikes of ${done.unmatched} figures have no lines in the settlement sums`);
    // The company's link to each remote it laid off to, in the same journal transaction (reversed with it).
    if (remotes.length) await bookPostingLinks(tx, { drawId, companyId, round: s.round, txId: done.txId, at: now, patterns: await q.patternsOfDraw(tx, drawId) });
    await resettleClaims(tx, s, companyId, held, now, by);
    const txId = (await q.hasEntries(tx, done.txId)) ? done.txId : null;
    await q.recordBooking(tx, { drawId, companyId, round: s.round, step: 'distribute', transactionId: txId, at: now, by });
    // The stakeholder summary of this booking, from the figures just written (decision 0039); the winning
    // summary is the round's, from its winners (decision 0056).
    await timeSettlementStatement('stakeholder summary', () => summarizeBooking(tx, drawId, s.round, companyId));
    return { lines: done.lines, round: s.round, releasedBefore };
  });
  // Credit released in an earlier round is released again, in a transaction of its own (its own lock
  // order: the winners' wallets, then held). Should this not happen, the company's Release Credit does it.
  if (booked.releasedBefore) {
    await runTransaction(deps.db, async (tx) => {
      await q.lockSettlement(tx, drawId);
      const s = await q.settlementOf(tx, drawId);
      if (s && s.round === booked.round) await releaseLocked(tx, s, companyId, held, deps.clock.now(), by);
    });
  }
  return booked.lines;
}

/**
 * What a company's booking reads and writes before the settlement lock while step 1 runs (decisions 0055,
 * 0059, 0060), on one core (step 1 has the other: parallel workers here slowed step 1 by more than they
 * saved): the keys, their spread over the chains' accounts and their figures. The keys are checked under
 * the lock (keysAgreeBeside).
 */
async function readBesideWinners(tx: Tx, drawId: number, companyId: number): Promise<Early> {
  await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
  await timeSettlementStatement('keys', () => q.prepareSettleKeys(tx, { drawId, companyId }, { rebuild: false, check: false }));
  await q.prepareSettleSpread(tx);
  // The keys' figures, for the round current now (checked again under the lock), unless it is booked.
  const s = await q.settlementOf(tx, drawId);
  const figuresRound = s && !(await q.bookingOf(tx, drawId, companyId, s.round, 'distribute')) ? s.round : null;
  if (figuresRound !== null) await q.insertKeysFigures(tx, { drawId, companyId, round: figuresRound });
  // The accounts the booking locks, from the keys.
  const lineOwners = await q.uplinesOfSettleLines(tx);
  await tx.execute(sql`reset max_parallel_workers_per_gather`);
  return { keysRead: true, lineOwners, figuresRound };
}

/**
 * Whether the keys read beside step 1 agree with the draw's lines: their totals as step 1's connection
 * read them after it committed (`lines`), or read here should that read have failed.
 */
async function keysAgreeBeside(tx: Tx, drawId: number, companyId: number, lines: Promise<Map<number, q.LinesTotals>>): Promise<boolean> {
  const totals = q.linesTotalsOf((await lines.catch(() => null)) ?? (await q.linesTotalsOfDraw(tx, drawId)), companyId);
  return timeSettlementStatement('keys: check', () => q.keysAgree(tx, totals));
}

/**
 * What the booking read and wrote before the settlement lock: whether it read its keys (checked under the
 * lock), the accounts of their chains above the players, and the round whose keys' figures it wrote (null:
 * none).
 */
interface Early {
  keysRead: boolean;
  lineOwners?: number[];
  figuresRound: number | null;
}

/** Reverses the bookings of earlier rounds (release first); returns whether credit had been released. */
async function reverseEarlierRounds(tx: Tx, s: q.SettlementRow, companyId: number, now: Date, by: number | null): Promise<boolean> {
  const drawId = s.drawId;
  const open = await q.unreversed(tx, drawId, companyId, s.round);
  let released = false;
  for (const b of open) {
    if (b.step === 'release') released = true;
    let reversal: number | null = null;
    if (b.transactionId) {
      const entries = await q.entriesOf(tx, b.transactionId);
      await q.lockAccounts(tx, entries.map((e) => e.accountId));
      reversal = await q.postLegs(tx, {
        at: now,
        kind: 'reversal',
        by,
        companyId,
        memo: ledgerMemoText(b.step === 'release' ? 'winningsReversed' : 'settlementReversed', { pool: s.poolName, date: s.drawDate, round: b.round }),
        legs: entries.map((e) => ({ accountId: e.accountId, amount: -Number(e.amount) })),
      });
    }
    await q.recordBooking(tx, { drawId, companyId, round: b.round, step: `reverse-${b.step}`, transactionId: reversal, at: now, by });
  }
  return released;
}

/** Releases a company's held winnings of the round; null when that release is already booked. */
async function releaseLocked(tx: Tx, s: q.SettlementRow, companyId: number, held: number, now: Date, by: number | null): Promise<number | null> {
  const { drawId, round } = s;
  if (await q.bookingOf(tx, drawId, companyId, round, 'release')) return null;
  const perPlayer = await q.heldPerPlayer(tx, drawId, round, companyId);
  const missing = perPlayer.filter((p) => p.walletId === null);
  if (missing.length) throw new Error(`draw ${drawId}: a winner has no wallet`);
  const total = perPlayer.reduce((s, p) => s + Number(p.amount), 0);
  await q.lockAccounts(tx, perPlayer.map((p) => Number(p.walletId)).sort((a, b) => a - b));
  await q.lockAccounts(tx, [held]);
  const txId = await q.postLegs(tx, {
    at: now,
    kind: 'winning',
    by,
    companyId,
    memo: q.drawMemo(s),
    legs: [...perPlayer.map((p) => ({ accountId: Number(p.walletId), amount: Number(p.amount) })), { accountId: held, amount: -total }],
  });
  await q.recordBooking(tx, { drawId, companyId, round, step: 'release', transactionId: txId, at: now, by });
  return total;
}

/**
 * Step 3: releases the held winnings of every distributed draw of a date to the winners' wallets, for the
 * caller's company (a company) or every company (super admin). Returns the amount released now.
 */
export async function releaseCredit(deps: Deps, auth: AuthContext, drawDate: string, ip: string): Promise<{ released: number; draws: number }> {
  const companyScope = auth.roleId === RoleId.SuperAdmin ? null : auth.actingUserId;
  if (auth.roleId !== RoleId.SuperAdmin && auth.roleId !== RoleId.Company) throw new AppError(403, 'PERMISSION_DENIED');
  const r = await releaseHeldWinnings(deps, { drawDate, companyId: companyScope, by: auth.userId, ip });
  return { released: r.released, draws: r.draws };
}

/**
 * Step 3 for a date and one company (or every company: null), by a person or by the system (`by` null:
 * autoReleaseCreditAfterSettle). Each draw's release is booked once per company and round under the
 * draw's lock, so callers at once (two people, two server processes) release it once; the audit row is
 * written by the call that released something.
 */
export const releaseHeldWinnings = (deps: Deps, o: ReleaseOrder) => timeSettlementStep('release', () => releaseHeld(deps, o));

type ReleaseOrder = { drawDate: string; companyId: number | null; by: number | null; ip: string | null };

async function releaseHeld(deps: Deps, o: ReleaseOrder): Promise<{ released: number; draws: number; booked: number }> {
  const targets = await rows<{ drawId: number; companyId: number; round: number }>(
    deps.db,
    sql`select b.draw_id as "drawId", b.company_id as "companyId", b.round
        from settlement_bookings b join draw_settlements s on s.draw_id = b.draw_id and s.round = b.round
        where s.draw_date = ${o.drawDate}::date and b.step = 'distribute'
          and (${o.companyId}::int is null or b.company_id = ${o.companyId}::int)
          and not exists (select 1 from settlement_bookings r where r.draw_id = b.draw_id and r.company_id = b.company_id and r.round = b.round and r.step = 'release')
        order by b.draw_id, b.company_id`,
  );
  let released = 0;
  let booked = 0;
  for (const t of targets) {
    const held = await runTransaction(deps.db, (tx) => q.heldWinningsAccount(tx, Number(t.companyId)));
    const amount = await runTransaction(deps.db, async (tx) => {
      await q.lockSettlement(tx, Number(t.drawId));
      const s = await q.settlementOf(tx, Number(t.drawId));
      // A correction meanwhile started another round: its own distribution releases again.
      if (!s || s.round !== Number(t.round)) return null;
      return releaseLocked(tx, s, Number(t.companyId), held, deps.clock.now(), o.by);
    });
    if (amount !== null) {
      released += amount;
      booked++;
    }
  }
  if (booked) {
    await runTransaction(deps.db, (tx) =>
      writeAudit(tx, deps.clock.now(), {
        actorUserId: o.by,
        action: 'settlement.release-credit',
        targetType: 'draw_date',
        targetId: o.drawDate,
        after: { released, draws: booked, ...(o.by === null ? { by: 'system', setting: 'autoReleaseCreditAfterSettle', companyId: o.companyId } : {}) },
        ip: o.ip,
      }),
    );
  }
  return { released, draws: targets.length, booked };
}

/** The round's winning summary in a transaction of its own, once its strikes are found (summarizeRoundWinnings). */
const summarizeWinningsOf = (deps: Deps, drawId: number) =>
  timeSettlementStatement('winning summary', () => runTransaction(deps.db, (tx) => summarizeRoundWinnings(tx, drawId)));

/** Steps 1 and 2 for a draw (what release and correction run by themselves). */
export async function settleDraw(deps: Deps, drawId: number, by: number | null) {
  if (databaseKind(deps.db) === 'pglite') {
    // One connection: the steps one after the other.
    const w = await insertWinners(deps, drawId);
    const d = await distribute(deps, drawId, by);
    return { round: d.round, strikes: w.strikes, lines: d.lines };
  }
  // Both at once (both cores): distribution reads what does not depend on the result while step 1 finds
  // the strikes, and books once step 1 has committed (distributeDraw). Step 1's connection then writes the
  // round's winning summary while the booking runs (decision 0056); before it, the totals of the draw's
  // lines, which the first booking checks its sums against once it has found its strikes: that read (one
  // scan of the lines) is then off the booking's path.
  // All are waited for, whatever each does: a caller told of a refusal (a lay-off in doubt, say) finds
  // step 1 committed, as it did when the steps ran one after the other.
  const winners = insertWinners(deps, drawId);
  const lines = winners.then(() => timeSettlementStatement('keys: lines', () => q.linesTotalsOfDraw(deps.db, drawId)));
  // Its failure is the booking's to handle (it reads the totals itself), never an unhandled rejection.
  lines.catch(() => undefined);
  const winnings = winners.then(() => lines.catch(() => undefined)).then(() => summarizeWinningsOf(deps, drawId));
  const [w, d, ws] = await Promise.allSettled([winners, distribute(deps, drawId, by, { winners, lines }), winnings]);
  if (w.status === 'rejected') throw w.reason;
  if (d.status === 'rejected') throw d.reason;
  if (ws.status === 'rejected') throw ws.reason;
  return { round: d.value.round, strikes: w.value.strikes, lines: d.value.lines };
}

/**
 * Whether reports of a draw date are blocked: by hand (BlockReport), or while a draw of the date has a
 * settlement round started and not yet distributed.
 */
export async function reportAccess(deps: Deps, drawDate: string): Promise<{ blocked: boolean; byHand: boolean; settling: boolean }> {
  const [r] = await rows<{ byHand: boolean | null }>(deps.db, sql`select (select blocked from report_blocks where draw_date = ${drawDate}::date) as "byHand"`);
  const byHand = r.byHand === true;
  const settling = await q.dateSettling(deps.db, drawDate);
  return { blocked: byHand || settling, byHand, settling };
}

export async function blockReport(deps: Deps, auth: AuthContext, drawDate: string, blocked: boolean, ip: string) {
  const now = deps.clock.now();
  await runTransaction(deps.db, async (tx) => {
    await tx.execute(
      sql`insert into report_blocks (draw_date, blocked, by, at) values (${drawDate}::date, ${blocked}, ${auth.userId}::int, ${now.toISOString()}::timestamptz)
          on conflict (draw_date) do update set blocked = excluded.blocked, by = excluded.by, at = excluded.at`,
    );
    await writeAudit(tx, now, { actorUserId: auth.userId, action: blocked ? 'report.block' : 'report.unblock', targetType: 'draw_date', targetId: drawDate, ip });
  });
  return reportAccess(deps, drawDate);
}

/** The settlement state of each draw of a date, for the result screen: a company sees its own strikes and release. */
export async function settlementOfDate(deps: Deps, auth: AuthContext, drawDate: string) {
  const company = auth.roleId === RoleId.Company ? auth.actingUserId : null;
  return rows<{ drawId: number; round: number; winnersAt: string | null; distributedAt: string | null; strikes: number; released: boolean }>(
    deps.db,
    sql`select s.draw_id as "drawId", s.round, s.winners_at as "winnersAt", s.distributed_at as "distributedAt",
               (select count(*)::int from winners w where w.draw_id = s.draw_id and w.round = s.round
                  and (${company}::int is null or w.company_id = ${company}::int)) as strikes,
               exists (select 1 from settlement_bookings b where b.draw_id = s.draw_id and b.round = s.round and b.step = 'release'
                         and (${company}::int is null or b.company_id = ${company}::int)) as released
        from draw_settlements s where s.draw_date = ${drawDate}::date order by s.pool_id`,
  );
}
