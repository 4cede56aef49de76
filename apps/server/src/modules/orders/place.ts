// Placing a ticket: a database transaction that checks the draw is open, the package sells each code,
// the credit suffices, shares the stake up the chain within fight limits and red numbers, records the
// rest as unposted, and charges the journal net of commission. A retry with the same idempotency key
// answers with the first result; any refusal leaves nothing behind. Tickets that arrive together are
// placed together, in one transaction of two statements (decisions 0007, 0062), with the same outcome as
// placing them one after another.
import crypto from 'node:crypto';
import {
  allocateEat,
  BET_CODE_DEFS,
  BET_CODES,
  commissionCents,
  DEFAULT_CODE_ORDER,
  expandNumber,
  permutationGroupKey,
  PackageType,
  pctToHundredths,
  RoleId,
  stakePerNumber,
  type BetCode,
  type BetLine,
  type ChainAccount,
  type PoolDef,
  formatNumberToken,
  tolerableDrift,
} from '@app/domain';
import { Batcher, type Outcome } from '../../platform/batcher';
import { formatBusinessDateTime } from '../../platform/businessTime';
import type { PipelinedTx } from '../../platform/pipelined';
import { ok } from '../../platform/envelope';
import { AppError, forbidden, refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { poolRegistry } from '../pools/registry';
import { fingerprintBuilt, refusalAnswer, replayStored, type StoredResponse } from '../ledger/idempotency';
import { createWallets } from '../ledger/queries';
import { assertPostable, availableCredit, runPipelinedTransaction, runTransaction } from '../ledger/service';
import { rateFor, toEffective } from '../packages/service';
import { chainFingerprint, rateChainIds, sheetOf, type ChainToFreeze } from '../settlement/rateChains';
import { chainSumsOfBatch, type SumsLine } from '../settlement/chainSums';
import type { EffectiveRateRow } from '../packages/queries';
import { assertInSubtree } from '../accounts/service';
import * as q from './queries';
import type { RiskSettings } from './queries';
import { packageKey, readForBatch, writeBatch, type BatchReads, type BatchWrite, type BetLineValues, type DrawRow } from './placeStatements';
import { refusedLines } from './betSettings';
import { renderReceipt } from './receipt';

export const SourceType = { WebOrder: 1, WebOrder2: 2, Express: 3, AutoTicket: 4, Api: 5 } as const;
const OPEN_STAKE_SHARDS = 16;
/**
 * Counts the batches placed by this process: each posts to the next open-stakes shard of its companies.
 * It starts anywhere, so that several server processes do not walk the shards in step.
 */
let batchesPlaced = crypto.randomInt(OPEN_STAKE_SHARDS);
/** A batch holds about this many bet lines, once expanded (one ticket alone may hold more). */
const BATCH_BET_LINES = 5000;
/**
 * Batches placed at once: one, larger and cheaper a ticket (its locks are held only from its write to its
 * commit, decision 0062), and a second once the first has waited this long for a lock (a payment, a void).
 */
const CONCURRENT_BATCHES = 2;
const OVERLAP_AFTER_MS = 50;
/**
 * Most bet lines one ticket may expand to. A ticket is written in one transaction holding its company's
 * locks: 200 boxed numbers on eight pools for two draws were 76,800 lines and held the server for 25 s.
 * 1,000 lines of text (the express screen's size) of two codes on three pools are 6,000 (decision 0020).
 */
export const MAX_BET_LINES_PER_TICKET = 20_000;

/** Refuses (400 TOO_MANY_BET_LINES) lines expanding to more bet lines than one ticket may hold. */
export function assertBetLinesWithin(lines: BetLine[]): void {
  const betLines = betLinesOf(lines);
  if (betLines > MAX_BET_LINES_PER_TICKET) throw new AppError(400, 'TOO_MANY_BET_LINES', { lines: 'max', betLines, max: MAX_BET_LINES_PER_TICKET });
}

export interface PlaceInput {
  lines: BetLine[];
  ownerId: number;
  sourceType: number;
  inboxString?: string;
  pageInfo?: string;
  customerPhone?: string;
  idempotencyKey: string;
}

interface Row extends BetLineValues {
  betCode: BetCode;
  shares: { userId: number; amount: number; limitKey: string | null }[];
}

/** A receipt names each amount's code, in the usual order and then the codes only some accounts sell. */
const RECEIPT_CODE_ORDER = [...DEFAULT_CODE_ORDER, ...BET_CODES.filter((c) => !DEFAULT_CODE_ORDER.includes(c))];

/** A line refused once its draws or package are known: named by its number and its own text. */
const lineError = (status: number, key: string, line: BetLine) => refusedLines(status, [{ lineNo: line.lineNo, text: line.raw.trim(), key }]);

/** The written number's form for a receipt, in the owner's markers (eat sequence): box, ibox, R123 / 123R rolls. */
const label = (line: BetLine, eatSequence: string) =>
  formatNumberToken(line.number, line.betType, eatSequence === '**/*' ? '**/*' : '*/**');

/** Who may place for whom: oneself, or an upline (with Bet create) for an account of its downline. */
export async function resolveOwner(deps: Deps, auth: AuthContext, targetUserId?: number) {
  const ownerId = targetUserId ?? auth.actingUserId;
  if (ownerId !== auth.actingUserId) await assertInSubtree(deps, auth, ownerId);
  if (auth.roleId === RoleId.SuperAdmin || auth.roleId === RoleId.ITAdmin) {
    if (ownerId === auth.actingUserId) throw forbidden();
  }
  return ownerId;
}

/** One call to place a ticket, waiting for its batch. */
interface Entry {
  auth: AuthContext;
  input: PlaceInput;
  scope: string;
}

const batchers = new WeakMap<Deps, Batcher<Entry, StoredResponse>>();

/**
 * Places a ticket. The first call starts at once; calls that arrive while a batch is being placed form
 * the next batch. Two calls with one idempotency key never share a batch, so the later one replays.
 */
export function placeTicket(deps: Deps, auth: AuthContext, input: PlaceInput): Promise<StoredResponse> {
  try {
    assertBetLinesWithin(input.lines);
  } catch (e) {
    return Promise.reject(e);
  }
  let batcher = batchers.get(deps);
  if (!batcher) {
    batcher = new Batcher<Entry, StoredResponse>({
      run: (entries) => placeBatch(deps, entries),
      weight: (e) => betLinesOf(e.input.lines),
      capacity: BATCH_BET_LINES,
      key: (e) => `${e.auth.userId}|${e.input.idempotencyKey}`,
      concurrency: CONCURRENT_BATCHES,
      overlapAfterMs: OVERLAP_AFTER_MS,
    });
    batchers.set(deps, batcher);
  }
  return batcher.submit({ auth, input, scope: fingerprintBuilt('Bet/Place', { ...input, idempotencyKey: undefined }) });
}

interface Planned {
  entry: Entry;
  plan: Plan;
  ticketId: number;
  ticketNo: string;
  /** Its place in the batch's outcomes. */
  index: number;
}

/** How many bet lines these lines expand to: numbers x pools x draws x codes bought. */
function betLinesOf(lines: BetLine[]): number {
  return lines.reduce((sum, l) => {
    const draws = l.draw.kind === 'next' ? l.draw.count : l.draw.dates.length;
    const codes = BET_CODES.filter((c) => l.amounts[c]).length;
    return sum + expandNumber(l.number, l.betType).numbers.length * l.pools.length * draws * Math.max(1, codes);
  }, 0);
}

/** A planned ticket's outcome until the batch is written (one object: an Error per ticket cost a stack trace each). */
const NOT_WRITTEN: Outcome<StoredResponse> = { ok: false, error: new Error('a planned ticket was not written') };

/** Owners to be placed for that have no wallet yet: created in a transaction of their own, then the batch runs again. */
class WalletsMissing extends Error {
  constructor(readonly userIds: number[]) {
    super('wallets missing');
  }
}

/**
 * Places a batch. A wallet is created before anything is locked (the ledger's lock order) and its balance
 * is read under its lock: an owner without a wallet sends the batch round once more after creating it.
 */
async function placeBatch(deps: Deps, entries: Entry[]): Promise<Outcome<StoredResponse>[]> {
  try {
    return await placeBatchOnce(deps, entries, false);
  } catch (e) {
    if (!(e instanceof WalletsMissing)) throw e;
    await runTransaction(deps.db, (tx) => createWallets(tx, e.userIds));
    return placeBatchOnce(deps, entries, true);
  }
}

/** One transaction: reads (locking the wallets and draws), plans every ticket (refusals), writes, commits. */
async function placeBatchOnce(deps: Deps, entries: Entry[], walletsCreated: boolean): Promise<Outcome<StoredResponse>[]> {
  const lines = entries.flatMap((e) => e.input.lines);
  const ownersWhere = (pick: (e: Entry) => boolean) => [...new Set(entries.filter(pick).map((e) => e.input.ownerId))];
  // Which pools sell under the GD package is pool data (decision 0037).
  // Read before the transaction: on PGlite a read outside it would wait for it.
  const pools = await poolRegistry(deps.db);
  const gdPools = new Set(pools.filter((p) => p.packageType === PackageType.GD).map((p) => p.id));
  const isGd: IsGd = (poolId) => gdPools.has(poolId);
  return runPipelinedTransaction(deps.db, async (ptx) => {
    const { tx } = ptx;
    // The server's clock when this attempt starts: a retry after a lock wait or a deadlock looks again.
    const now = deps.clock.now();
    const reads = await readForBatch(ptx, {
      now,
      keys: entries.map((e) => ({ userId: e.auth.userId, key: e.input.idempotencyKey, scope: e.scope })),
      owners: ownersWhere(() => true),
      normalOwners: ownersWhere((e) => e.input.lines.some((l) => l.pools.some((p) => !isGd(p)))),
      gdOwners: ownersWhere((e) => e.input.lines.some((l) => l.pools.some(isGd))),
      ...drawSelectors(lines),
      numbers: [...new Set(lines.flatMap((l) => expandNumber(l.number, l.betType).numbers))],
      groupKeys: [...new Set(lines.map((l) => permutationGroupKey(l.number)))],
      limitKeys: candidateLimitKeys(lines),
      lineCount: betLinesOf(lines),
    });
    const missing = ownersWhere(() => true).filter((id) => !reads.wallets.has(id) && reads.chain.some((c) => c.userId === id && c.status === 'Active'));
    if (missing.length && !walletsCreated) throw new WalletsMissing(missing);
    const outcomes: Outcome<StoredResponse>[] = [];
    const refusals: BatchWrite['answers'] = [];
    const planned: Planned[] = [];
    // Each wallet's balance as the tickets before it in this batch leave it (the wallets are locked).
    const balances = new Map([...reads.wallets].map(([userId, w]) => [userId, w.balance]));
    for (const [i, entry] of entries.entries()) {
      const { auth, input } = entry;
      if (!reads.claimed.has(`${auth.userId}|${input.idempotencyKey}`)) {
        // Another call claimed the key first: its answer, nothing applied.
        outcomes.push(await settled(() => replayStored(tx, auth.userId, input.idempotencyKey, entry.scope)));
        continue;
      }
      // Every refusal is decided here, before anything but the key rows is written, so a refusal needs
      // no savepoint: its answer is stored with its key and nothing else is left behind.
      try {
        // Only an account that cannot hold a wallet (not a main account) is left without one.
        if (!balances.has(input.ownerId)) throw refused('ACCOUNT_DISABLED');
        const plan = planTicket(input, viewFor(reads, input.ownerId, balances.get(input.ownerId)!), now, isGd);
        balances.set(input.ownerId, plan.walletBalance - plan.net);
        planned.push({ entry, plan, ticketId: reads.ticketIds[i], ticketNo: reads.ticketNos[i], index: outcomes.length });
        outcomes.push(NOT_WRITTEN);
      } catch (e) {
        const answer = refusalAnswer(e);
        refusals.push({ userId: auth.userId, key: input.idempotencyKey, scope: entry.scope, status: answer.status, response: answer.body });
        outcomes.push({ ok: true, value: { ...answer, replayed: false } });
      }
    }
    const write = planned.length ? await writePlans(ptx, deps, reads, planned, now, pools) : null;
    if (write || refusals.length) {
      const empty = { tickets: [], lines: [], shares: [], eaten: [], queued: [], answers: [], settleSums: [] };
      const w = write ?? empty;
      // The wallet and draw locks are held now: the write fails, and the batch starts over, if what it
      // planned with has changed meanwhile. It commits the batch.
      await writeBatch(ptx, { ...w, at: now, answers: [...w.answers, ...refusals] }, { ...plannedWith(planned), lockedAt: deps.clock.now() });
    }
    planned.forEach((p, i) => {
      const answer = write!.answers[i];
      outcomes[p.index] = { ok: true, value: { status: answer.status, body: answer.response as StoredResponse['body'], replayed: false } };
    });
    return outcomes;
  });
}

/** The draws and owners the planned tickets were planned with, each once (the write checks them again). */
function plannedWith(planned: Planned[]) {
  const draws = new Map(planned.flatMap((p) => p.plan.resolved.flatMap((r) => r.draws)).map((d) => [d.drawId, d]));
  const owners = new Map(planned.map((p) => [p.plan.owner.userId, p.plan.owner]));
  return { draws: [...draws.values()], owners: [...owners.values()] };
}

/** A business refusal thrown by `work` as this call's outcome; anything else fails the batch. */
async function settled<R>(work: () => Promise<R>): Promise<Outcome<R>> {
  try {
    return { ok: true, value: await work() };
  } catch (e) {
    if (e instanceof AppError && e.status < 500) return { ok: false, error: e };
    throw e;
  }
}

/** The pools and dates the draw selectors of these lines need read. */
function drawSelectors(lines: BetLine[]) {
  const next = lines.filter((l) => l.draw.kind === 'next');
  const dated = lines.filter((l) => l.draw.kind === 'dates');
  return {
    nextPools: [...new Set(next.flatMap((l) => l.pools))],
    maxNext: Math.max(0, ...next.map((l) => (l.draw.kind === 'next' ? l.draw.count : 0))),
    datedPools: [...new Set(dated.flatMap((l) => l.pools))],
    dates: [...new Set(dated.flatMap((l) => (l.draw.kind === 'dates' ? l.draw.dates : [])))],
  };
}

/**
 * Every limit key these lines' bet lines can count against, under each limit method: the totals the read
 * returns (a superset of those the allocation consults).
 */
function candidateLimitKeys(lines: BetLine[]): Record<1 | 2 | 3, string[]> {
  const keys = { 1: new Set<string>(), 2: new Set<string>(), 3: new Set<string>() };
  for (const l of lines) {
    const codes = BET_CODES.filter((c) => l.amounts[c]);
    for (const number of expandNumber(l.number, l.betType).numbers)
      for (const betCode of codes) for (const method of [1, 2, 3] as const) keys[method].add(limitKey(method, { number, betCode }));
  }
  return { 1: [...keys[1]], 2: [...keys[2]], 3: [...keys[3]] };
}

/** What one ticket's checks see of the batch's reads. */
interface TicketView {
  chain: q.ChainRow[];
  nextDraws: DrawRow[];
  datedDraws: DrawRow[];
  normalPackage: EffectiveRateRow[];
  gdPackage: EffectiveRateRow[];
  /** Any account's effective package rows of a type (the owner's chain was read with it). */
  packageOf: (userId: number, packageType: number) => EffectiveRateRow[];
  walletBalance: number;
}

function viewFor(reads: BatchReads, ownerId: number, walletBalance: number): TicketView {
  return {
    chain: reads.chain,
    nextDraws: reads.nextDraws,
    datedDraws: reads.datedDraws,
    normalPackage: reads.packages.get(packageKey(ownerId, 0)) ?? [],
    gdPackage: reads.packages.get(packageKey(ownerId, 2)) ?? [],
    packageOf: (userId, packageType) => reads.packages.get(packageKey(userId, packageType)) ?? [],
    walletBalance,
  };
}

interface Plan {
  owner: q.ChainRow;
  chain: q.ChainRow[];
  resolved: { line: BetLine; draws: { drawId: number; poolId: number; drawDate: string; cutoffAt: string }[] }[];
  rows: Row[];
  gross: number;
  commission: number;
  net: number;
  walletBalance: number;
  /** The chain's rates to freeze with the ticket, per package type it buys on. */
  rateChains: { normal: ChainToFreeze | null; gd: ChainToFreeze | null };
}

/** A package's rows as read for a batch, made into rate lookups once for all the batch's tickets that share it. */
const effectives = new WeakMap<EffectiveRateRow[], ReturnType<typeof toEffective>>();
function effectiveOf(rows: EffectiveRateRow[]) {
  if (!effectives.has(rows)) effectives.set(rows, toEffective(rows));
  return effectives.get(rows)!;
}

/** Checks everything that can refuse the ticket and expands it into bet lines; throws the refusal. */
type IsGd = (poolId: number) => boolean;

function planTicket(input: PlaceInput, reads: TicketView, now: Date, isGd: IsGd): Plan {
  // -- the owner and its chain (the owner's path names every upline) --
  const o = reads.chain.find((r) => r.userId === input.ownerId);
  if (!o || o.status !== 'Active' || o.recordStatus !== 1) throw refused('ACCOUNT_DISABLED');
  const uplineIds = o.path.split('/').filter(Boolean).map(Number).slice(0, -1).reverse();
  const uplines = uplineIds.map((id) => reads.chain.find((c) => c.userId === id));
  // Every account above must be active too (issue 10, item 4): the batch read them with the owner.
  if (uplines.some((c) => !c || c.status !== 'Active' || c.recordStatus !== 1)) throw refused('UPLINE_NOT_ACTIVE');
  const chain = uplines.filter((c): c is q.ChainRow => c!.roleId !== RoleId.SuperAdmin && c!.roleId !== RoleId.ITAdmin);

  // -- draws: each line's pools and draw selector become concrete open draws --
  const resolved: Plan['resolved'] = [];
  for (const line of input.lines) {
    const found: Plan['resolved'][number]['draws'] = [];
    for (const pool of line.pools) {
      if (line.draw.kind === 'next') {
        const mine = reads.nextDraws.filter((d) => d.poolId === pool).slice(0, line.draw.count);
        if (mine.length < line.draw.count) throw lineError(422, 'NO_DRAW', line);
        if (!mine[0].poolActive) throw lineError(422, 'POOL_INACTIVE', line);
        found.push(...mine.map((d) => ({ drawId: d.drawId, poolId: d.poolId, drawDate: d.drawDate, cutoffAt: d.cutoffAt })));
      } else {
        for (const date of line.draw.dates) {
          const d = reads.datedDraws.find((x) => x.poolId === pool && x.drawDate === date);
          if (!d || d.recordStatus !== 1) throw lineError(422, 'NO_DRAW', line);
          if (!d.poolActive) throw lineError(422, 'POOL_INACTIVE', line);
          if (now >= new Date(d.cutoffAt)) throw lineError(422, 'DRAW_CLOSED', line);
          found.push({ drawId: d.drawId, poolId: d.poolId, drawDate: d.drawDate, cutoffAt: d.cutoffAt });
        }
      }
    }
    resolved.push({ line, draws: found });
  }

  // -- packages: the commission of each code, from the owner's package for the pool's type --
  const packageOf = (rows: EffectiveRateRow[], needed: boolean) => {
    if (!needed) return null;
    const pkg = effectiveOf(rows);
    if (!pkg) throw refused('INVALID_PACKAGE_INFO');
    return pkg;
  };
  const packages = {
    normal: packageOf(reads.normalPackage, input.lines.some((l) => l.pools.some((p) => !isGd(p)))),
    gd: packageOf(reads.gdPackage, input.lines.some((l) => l.pools.some(isGd))),
  };

  // -- expand into bet lines --
  const rowsOut: Row[] = [];
  for (const { line, draws: ds } of resolved) {
    const expansion = expandNumber(line.number, line.betType);
    for (const d of ds) {
      const pkg = isGd(d.poolId) ? packages.gd : packages.normal;
      for (const code of BET_CODES) {
        const stake = line.amounts[code];
        if (!stake) continue;
        const rate = pkg ? rateFor(pkg, d.poolId, code) : undefined;
        // A code the owner's package does not sell on this pool cannot be bought.
        if (!rate) throw lineError(422, 'INVALID_PACKAGE_INFO', line);
        const pct = pctToHundredths(rate.commissionPct);
        for (const n of stakePerNumber(expansion, stake)) {
          rowsOut.push({
            lineNo: line.lineNo,
            drawId: d.drawId,
            poolId: d.poolId,
            drawDate: d.drawDate,
            writtenNumber: line.number,
            number: n.number,
            betType: line.betType,
            betCode: code,
            stake: n.stake,
            commission: commissionCents(n.stake, pct),
            unposted: 0,
            shares: [],
          });
        }
      }
    }
  }
  if (!rowsOut.length) throw refused('NO_BET_LINES');
  const gross = rowsOut.reduce((s, r) => s + r.stake, 0);
  const commission = rowsOut.reduce((s, r) => s + r.commission, 0);
  const net = gross - commission;

  // -- credit: the owner's wallet was locked by the read --
  const available = availableCredit({ creditType: o.creditType, creditLimit: Number(o.creditLimit), balance: reads.walletBalance });
  if (available < net) throw new AppError(422, 'INSUFFICIENT_CREDIT', { available: Math.max(0, available) });
  // -- the rates every account of the chain has now: the ticket settles at them whatever changes later --
  const freeze = (packageType: number, needed: boolean): ChainToFreeze | null => {
    if (!needed) return null;
    const members = [o, ...chain];
    // The top account (the company) links to the remote agents, at their package, not its own.
    return { packageType, userIds: members.map((m) => m.userId), sheets: members.map((m, i) => (i === members.length - 1 && i > 0 ? null : sheetOf(reads.packageOf(m.userId, packageType)))) };
  };
  const rateChains = { normal: freeze(0, packages.normal !== null), gd: freeze(2, packages.gd !== null) };
  return { owner: o, chain, resolved, rows: rowsOut, gross, commission, net, walletBalance: reads.walletBalance, rateChains };
}

/** The rows and answers of the planned tickets: eaten shares against the totals as read, postings, receipts. */
async function writePlans(ptx: PipelinedTx, deps: Deps, reads: BatchReads, planned: Planned[], now: Date, pools: readonly PoolDef[]) {
  const { tx } = ptx;
  const walletOf = (ownerId: number): number => reads.wallets.get(ownerId)!.id;

  // One shard per batch (and company), the next one for each batch: two batches running at once post to
  // different shards, so neither waits for the other's open-stakes lock.
  const shard = batchesPlaced++ % OPEN_STAKE_SHARDS;
  const stakesOf = new Map<Planned, number>();
  const ofCompany = new Map<number | null, number>();
  for (const p of planned) {
    const companyId = p.plan.owner.companyId;
    if (!ofCompany.has(companyId)) ofCompany.set(companyId, await q.openStakesAccount(deps.db, tx, companyId, shard));
    stakesOf.set(p, ofCompany.get(companyId)!);
  }

  // -- the frozen rates: each distinct chain of the batch once --
  const wantedChains = new Map<string, ChainToFreeze>();
  const fingerprints = planned.map(({ plan }) => {
    const fp = (c: ChainToFreeze | null) => {
      if (!c) return null;
      const f = chainFingerprint(c);
      wantedChains.set(f, c);
      return f;
    };
    return { normal: fp(plan.rateChains.normal), gd: fp(plan.rateChains.gd) };
  });
  const chainIds = await rateChainIds(deps.db, tx, wantedChains);

  // -- everything of a ticket that does not depend on the eaten totals --
  const out: Omit<BatchWrite, 'at'> = { tickets: [], lines: [], shares: [], eaten: [], queued: [], answers: [], settleSums: [] };
  // Every ticket of the batch is placed at the same instant (formatting it costs more than the receipt).
  const orderedAt = formatBusinessDateTime(now, deps.config.tzBusiness);
  const answers = planned.map((p, index) => {
    const { entry, plan, ticketId, ticketNo } = p;
    const { input, auth } = entry;
    const { owner: o, resolved, rows: rowsOut, gross, commission, net } = plan;
    const walletId = walletOf(input.ownerId);
    assertPostable({ lines: [{ accountId: walletId, amount: -net }, { accountId: stakesOf.get(p)!, amount: net }] });
    const receipt = renderReceipt({
      ticketNo,
      orderedAt,
      username: o.username,
      lines: input.lines.map((l) => ({
        drawDates: [...new Set(resolved.find((r) => r.line === l)!.draws.map((d) => d.drawDate))],
        pools: l.pools,
        label: label(l, o.eatSequence),
        amounts: l.amounts,
      })),
      gross,
      net,
      reverse: o.receiptOrderType === 2,
      codeOrder: RECEIPT_CODE_ORDER,
      pools,
    });
    const xid = crypto.randomUUID();
    const data = {
      ticketId,
      ticketNo,
      xid,
      orderedAt: now.toISOString(),
      gross,
      commission,
      net,
      lines: rowsOut.length,
      // Known once the stake is shared, under the locks (set below).
      unposted: 0,
      receipt,
      // The wallet is locked: its balance after this ticket is exactly the one planned less the net stake.
      availableCredit: availableCredit({ creditType: o.creditType, creditLimit: Number(o.creditLimit), balance: plan.walletBalance - net }),
    };
    out.answers.push({ userId: auth.userId, key: input.idempotencyKey, scope: entry.scope, status: 200, response: ok(data, 'SAVED') });
    out.tickets.push({
      id: ticketId,
      ticketNo,
      xid,
      userId: input.ownerId,
      placedBy: auth.userId,
      companyId: o.companyId,
      sourceType: input.sourceType,
      inboxString: input.inboxString ?? null,
      receiptString: receipt,
      pageInfo: input.pageInfo ?? null,
      customerPhone: input.customerPhone ?? null,
      gross,
      commission,
      net,
      walletId,
      stakesId: stakesOf.get(p)!,
      rateChainNormal: fingerprints[index].normal === null ? null : chainIds.get(fingerprints[index].normal!)!,
      rateChainGd: fingerprints[index].gd === null ? null : chainIds.get(fingerprints[index].gd!)!,
    });
    return data;
  });

  // -- eat: share every bet line up the chain, ticket after ticket, against the totals as read plus what
  // the tickets before it ate; the write checks the totals have not moved further than the shares allow --
  const { totals, lineIds } = reads;
  const eaten = { deltas: new Map<string, number>(), headroomsLeft: new Map<string, number[]>(), queued: new Map<string, BatchWrite['queued'][number]>() };
  const risk = indexRisk(reads);
  for (const p of planned) allocate(p.plan.chain, p.plan.rows, risk, totals, eaten);
  out.queued = [...eaten.queued.values()];
  out.eaten = [...eaten.deltas].map(([k, amount]) => {
    const [userId, drawId, key] = k.split('|');
    return { userId: Number(userId), drawId: Number(drawId), key, amount, read: totals.get(k) ?? 0, ...tolerableDrift(eaten.headroomsLeft.get(k) ?? []) };
  });
  const lineCount = planned.reduce((s, p) => s + p.plan.rows.length, 0);
  if (lineCount > lineIds.length) throw new Error('more bet lines than ids drawn');
  let nextLine = 0;
  const gdPools = new Set(pools.filter((x) => x.packageType === PackageType.GD).map((x) => x.id));
  const sumsLines: SumsLine[] = [];
  planned.forEach((p, i) => {
    const { entry, plan, ticketId } = p;
    const o = plan.owner;
    const ticket = out.tickets[i];
    for (const r of plan.rows) {
      const id = lineIds[nextLine++];
      const gd = gdPools.has(r.poolId);
      sumsLines.push({
        ticketId,
        drawId: r.drawId,
        companyId: o.companyId,
        poolId: r.poolId,
        betCode: r.betCode,
        stake: r.stake,
        commission: r.commission,
        chainId: gd ? ticket.rateChainGd : ticket.rateChainNormal,
        chain: gd ? plan.rateChains.gd : plan.rateChains.normal,
        stakesId: ticket.net > 0 ? ticket.stakesId : null,
        // An amount of 0 is a place that ate nothing, as an absent share: no copy without them.
        shares: r.shares,
      });
      // Field by field: a rest pattern ({ shares, ...values }) copied each line through V8's slow path.
      out.lines.push({
        id,
        ticketId,
        companyId: o.companyId,
        userId: entry.input.ownerId,
        lineNo: r.lineNo,
        drawId: r.drawId,
        poolId: r.poolId,
        drawDate: r.drawDate,
        writtenNumber: r.writtenNumber,
        number: r.number,
        betType: r.betType,
        betCode: r.betCode,
        stake: r.stake,
        commission: r.commission,
        unposted: r.unposted,
      });
      for (const x of r.shares) if (x.amount > 0) out.shares.push({ betLineId: id, userId: x.userId, drawId: r.drawId, amount: x.amount, limitKey: x.limitKey });
    }
    answers[i].unposted = plan.rows.reduce((sum, r) => sum + r.unposted, 0);
  });
  out.settleSums = chainSumsOfBatch(sumsLines);
  return out;
}

/**
 * The limit key of a bet line under an account's limit method. Per code, the number is the digits the code
 * plays (BET_CODE_DEFS digits): 3A on 1234, on 5234 and on 234 are one bet on 234, and one limit.
 */
function limitKey(method: number, r: Pick<Row, 'number' | 'betCode'>): string {
  if (method === 3) return `g:${permutationGroupKey(r.number)}`;
  if (method === 2) return `n:${r.number}`;
  return `n:${r.number.slice(-BET_CODE_DEFS[r.betCode].digits)}:${r.betCode}`;
}

type QueueEntry = { userId: number; poolId: number; drawDate: string; number: string; betCode: string };
const queueKey = (x: QueueEntry) => `${x.userId}|${x.poolId}|${x.drawDate}|${x.number}|${x.betCode}`;

/** The batch's risk settings keyed for lookup, built once: every bet line of every ticket consults them. */
interface RiskIndex {
  /** Fight limit by `user|pool|code`. */
  limits: Map<string, number>;
  reds: Map<number, RiskSettings['reds']>;
  /** queueKey of every blocked number. */
  blocked: Set<string>;
}

function indexRisk(risk: RiskSettings): RiskIndex {
  const reds = new Map<number, RiskSettings['reds']>();
  for (const x of risk.reds) reds.set(x.userId, [...(reds.get(x.userId) ?? []), x]);
  return {
    limits: new Map(risk.limits.map((l) => [`${l.userId}|${l.poolId}|${l.betCode}`, Number(l.amount)])),
    reds,
    blocked: new Set(risk.blocked.map(queueKey)),
  };
}

/**
 * Shares every bet line of one ticket up the chain (allocateEat) against the totals as read plus what the
 * tickets before it in the batch ate (`eaten.deltas`), keeping each share's headroom left for the write's
 * check (tolerableDrift); a number one of them blocked is blocked for it too.
 */
function allocate(
  chain: q.ChainRow[],
  rowsOut: Row[],
  risk: RiskIndex,
  totals: Map<string, number>,
  eaten: { deltas: Map<string, number>; headroomsLeft: Map<string, number[]>; queued: Map<string, QueueEntry> },
) {
  const { deltas, headroomsLeft, queued } = eaten;

  for (const r of rowsOut) {
    const accounts: ChainAccount[] = chain.map((c) => {
      if (c.eatType !== 'amount') {
        return { userId: c.userId, eatType: 'percentage', ptHundredths: pctToHundredths(Number(c.positionTaking)), limit: 0, eaten: 0 };
      }
      const fight = risk.limits.get(`${c.userId}|${r.poolId}|${r.betCode}`) ?? 0;
      const red = (risk.reds.get(c.userId) ?? [])
        .filter((x) => (x.poolId === null || x.poolId === r.poolId) && (x.number === r.number || (x.type !== 1 && x.groupKey === permutationGroupKey(r.number))))
        .reduce((m, x) => Math.min(m, Number(x.limitAmount)), Number.POSITIVE_INFINITY);
      const key = `${c.userId}|${r.drawId}|${limitKey(c.limitMethod ?? 1, r)}`;
      const mine = { userId: c.userId, poolId: r.poolId, drawDate: r.drawDate, number: r.number, betCode: r.betCode };
      return {
        userId: c.userId,
        eatType: 'amount',
        ptHundredths: 0,
        limit: Math.min(fight, red),
        eaten: (totals.get(key) ?? 0) + (deltas.get(key) ?? 0),
        blocked: queued.has(queueKey(mine)) || risk.blocked.has(queueKey(mine)),
      };
    });
    const a = allocateEat(r.stake, accounts);
    r.shares = a.shares.map((s) => {
      const c = chain.find((x) => x.userId === s.userId)!;
      return { userId: s.userId, amount: s.amount, limitKey: c.eatType === 'amount' ? limitKey(c.limitMethod ?? 1, r) : null };
    });
    r.unposted = a.unposted;
    for (const s of a.shares) {
      const c = chain.find((x) => x.userId === s.userId)!;
      if (c.eatType !== 'amount') continue;
      const key = `${c.userId}|${r.drawId}|${limitKey(c.limitMethod ?? 1, r)}`;
      // Every total a share was measured against, an amount of 0 at a reached limit too: it is checked.
      deltas.set(key, (deltas.get(key) ?? 0) + s.amount);
      if (s.headroomLeft !== undefined) {
        const left = headroomsLeft.get(key);
        if (left) left.push(s.headroomLeft);
        else headroomsLeft.set(key, [s.headroomLeft]);
      }
      // A number whose limit is reached is blocked for that account until an admin unblocks it.
      if (s.limitReached) {
        const x = { userId: c.userId, poolId: r.poolId, drawDate: r.drawDate, number: r.number, betCode: r.betCode };
        queued.set(queueKey(x), x);
      }
    }
  }
}
