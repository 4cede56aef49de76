// Placing a ticket: one database transaction that checks the draw is open, the package sells each code,
// the credit suffices, shares the stake up the chain within fight limits and red numbers, records the
// rest as unposted, and charges the journal net of commission. A retry with the same idempotency key
// answers with the first result; any refusal leaves nothing behind.
import crypto from 'node:crypto';
import {
  allocateEat,
  BET_CODES,
  BetType,
  commissionCents,
  DEFAULT_CODE_ORDER,
  expandNumber,
  permutationGroupKey,
  pctToHundredths,
  PoolId,
  RoleId,
  stakePerNumber,
  type BetCode,
  type BetLine,
  type ChainAccount,
} from '@app/domain';
import { formatBusinessDateTime } from '../../platform/businessTime';
import type { Tx } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError, forbidden, refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { fingerprint, refusalAnswer, replayStored, storeAnswer } from '../ledger/idempotency';
import { assertPostable, availableCredit, lockWallets, runTransaction } from '../ledger/service';
import { rateFor, toEffective } from '../packages/service';
import { assertInSubtree } from '../accounts/service';
import * as q from './queries';
import type { RiskSettings } from './queries';
import { prepareTicket, readForTicket, writeTicket, type BetLineValues, type TicketReads } from './placeStatements';
import { renderReceipt } from './receipt';

export const SourceType = { WebOrder: 1, WebOrder2: 2, Express: 3, AutoTicket: 4, Api: 5 } as const;
const OPEN_STAKE_SHARDS = 16;

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

const lineError = (status: number, key: string, lineNo: number) => new AppError(status, key as never, { [`line.${lineNo}`]: key });

/** The written number's form for a receipt: *1234 box, **1234 ibox, R123 / 123R rolls. */
function label(line: BetLine): string {
  if (line.betType === BetType.Box) return `*${line.number}`;
  if (line.betType === BetType.IBox) return `**${line.number}`;
  if (line.betType === BetType.PH) return `R${line.number}`;
  if (line.betType === BetType.PB) return `${line.number}R`;
  return line.number;
}

/** Who may place for whom: oneself, or an upline (with Bet create) for an account of its downline. */
export async function resolveOwner(deps: Deps, auth: AuthContext, targetUserId?: number) {
  const ownerId = targetUserId ?? auth.actingUserId;
  if (ownerId !== auth.actingUserId) await assertInSubtree(deps, auth, ownerId);
  if (auth.roleId === RoleId.SuperAdmin || auth.roleId === RoleId.ITAdmin) {
    if (ownerId === auth.actingUserId) throw forbidden();
  }
  return ownerId;
}

export async function placeTicket(deps: Deps, auth: AuthContext, input: PlaceInput) {
  const now = deps.clock.now();
  const scope = fingerprint('Bet/Place', { ...input, idempotencyKey: undefined });
  return runTransaction(deps.db, async (tx) => {
    const reads = await readForTicket(tx, {
      keyUserId: auth.userId,
      key: input.idempotencyKey,
      scope,
      now,
      ownerId: input.ownerId,
      ...drawSelectors(input.lines),
      needNormal: input.lines.some((l) => l.pools.some((p) => p !== PoolId.GD)),
      needGd: input.lines.some((l) => l.pools.includes(PoolId.GD)),
      numbers: [...new Set(input.lines.flatMap((l) => expandNumber(l.number, l.betType).numbers))],
      groupKeys: [...new Set(input.lines.map((l) => permutationGroupKey(l.number)))],
    });
    // Another call claimed the key first: its answer, nothing applied.
    if (!reads.keyInserted) return replayStored(tx, auth.userId, input.idempotencyKey, scope);
    // Every refusal is decided here, before anything but the key row is written, so a refusal needs no
    // savepoint: the answer is stored with the key and nothing else is left behind.
    let plan: Plan;
    try {
      plan = planTicket(input, reads, now);
    } catch (e) {
      return storeAnswer(tx, auth.userId, input.idempotencyKey, refusalAnswer(e));
    }
    return writePlan(tx, deps, auth, input, reads, plan, now);
  });
}

/** The pools and dates the ticket's draw selectors need read. */
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

interface Plan {
  owner: q.ChainRow;
  chain: q.ChainRow[];
  resolved: { line: BetLine; draws: { drawId: number; poolId: number; drawDate: string }[] }[];
  rows: Row[];
  gross: number;
  commission: number;
  net: number;
  walletBalance: number;
}

/** Checks everything that can refuse the ticket and expands it into bet lines; throws the refusal. */
function planTicket(input: PlaceInput, reads: TicketReads, now: Date): Plan {
  // -- the owner and its chain (the owner's path names every upline) --
  const o = reads.chain.find((r) => r.userId === input.ownerId);
  if (!o || o.status !== 'Active' || o.recordStatus !== 1) throw refused('ACCOUNT_DISABLED');
  const uplineIds = o.path.split('/').filter(Boolean).map(Number).slice(0, -1).reverse();
  const chain = uplineIds
    .map((id) => reads.chain.find((c) => c.userId === id)!)
    .filter((c) => c && c.roleId !== RoleId.SuperAdmin && c.roleId !== RoleId.ITAdmin);

  // -- draws: each line's pools and draw selector become concrete open draws --
  const resolved: Plan['resolved'] = [];
  for (const line of input.lines) {
    const found: { drawId: number; poolId: number; drawDate: string }[] = [];
    for (const pool of line.pools) {
      if (line.draw.kind === 'next') {
        const mine = reads.nextDraws.filter((d) => d.poolId === pool).slice(0, line.draw.count);
        if (mine.length < line.draw.count) throw lineError(422, 'NO_DRAW', line.lineNo);
        if (!mine[0].poolActive) throw lineError(422, 'POOL_INACTIVE', line.lineNo);
        found.push(...mine.map((d) => ({ drawId: d.drawId, poolId: d.poolId, drawDate: d.drawDate })));
      } else {
        for (const date of line.draw.dates) {
          const d = reads.datedDraws.find((x) => x.poolId === pool && x.drawDate === date);
          if (!d || d.recordStatus !== 1) throw lineError(422, 'NO_DRAW', line.lineNo);
          if (!d.poolActive) throw lineError(422, 'POOL_INACTIVE', line.lineNo);
          if (now >= new Date(d.cutoffAt)) throw lineError(422, 'DRAW_CLOSED', line.lineNo);
          found.push({ drawId: d.drawId, poolId: d.poolId, drawDate: d.drawDate });
        }
      }
    }
    resolved.push({ line, draws: found });
  }

  // -- packages: the commission of each code, from the owner's package for the pool's type --
  const packageOf = (rows: TicketReads['normalPackage'], needed: boolean) => {
    if (!needed) return null;
    const pkg = toEffective(rows);
    if (!pkg) throw refused('INVALID_PACKAGE_INFO');
    return pkg;
  };
  const packages = {
    normal: packageOf(reads.normalPackage, input.lines.some((l) => l.pools.some((p) => p !== PoolId.GD))),
    gd: packageOf(reads.gdPackage, input.lines.some((l) => l.pools.includes(PoolId.GD))),
  };

  // -- expand into bet lines --
  const rowsOut: Row[] = [];
  for (const { line, draws: ds } of resolved) {
    const expansion = expandNumber(line.number, line.betType);
    for (const d of ds) {
      const pkg = d.poolId === PoolId.GD ? packages.gd : packages.normal;
      for (const code of BET_CODES) {
        const stake = line.amounts[code];
        if (!stake) continue;
        const rate = pkg ? rateFor(pkg, d.poolId, code) : undefined;
        // A code the owner's package does not sell on this pool cannot be bought.
        if (!rate) throw lineError(422, 'INVALID_PACKAGE_INFO', line.lineNo);
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
  const walletBalance = reads.wallet?.balance ?? 0;
  const available = availableCredit({ creditType: o.creditType, creditLimit: Number(o.creditLimit), balance: walletBalance });
  if (available < net) throw new AppError(422, 'INSUFFICIENT_CREDIT', { available: Math.max(0, available) });
  return { owner: o, chain, resolved, rows: rowsOut, gross, commission, net, walletBalance };
}

async function writePlan(tx: Tx, deps: Deps, auth: AuthContext, input: PlaceInput, reads: TicketReads, plan: Plan, now: Date) {
  const { owner: o, chain, resolved, rows: rowsOut, gross, commission, net } = plan;
  // An account that never held credit gets its wallet now (created before any other lock is taken).
  const walletId = reads.wallet?.id ?? (await lockWallets(tx, [input.ownerId])).get(input.ownerId)!.id;

  // -- eat: share every bet line up the chain, against locked running totals --
  const eating = chain.filter((c) => c.eatType === 'amount');
  const keys = eating.flatMap((c) => rowsOut.map((r) => ({ userId: c.userId, drawId: r.drawId, key: limitKey(c.limitMethod ?? 1, r) })));
  const { totals, lineIds } = await prepareTicket(tx, keys, rowsOut.length);
  const { deltas, queued } = allocate(chain, rowsOut, reads, totals);

  const shard = input.ownerId % OPEN_STAKE_SHARDS;
  const stakesAccount = await q.openStakesAccount(deps.db, tx, o.companyId, shard);
  const posting = { at: now, kind: 'stake', initiatedBy: auth.userId, companyId: o.companyId, memo: null, lines: [
    { accountId: walletId, amount: -net },
    { accountId: stakesAccount, amount: net },
  ] };
  assertPostable(posting);
  const receipt = renderReceipt({
    ticketNo: reads.ticketNo,
    orderedAt: formatBusinessDateTime(now, deps.config.tzBusiness),
    username: o.username,
    lines: input.lines.map((l) => ({
      drawDates: [...new Set(resolved.find((r) => r.line === l)!.draws.map((d) => d.drawDate))],
      pools: l.pools,
      label: label(l),
      amounts: l.amounts,
    })),
    gross,
    net,
    reverse: o.receiptOrderType === 2,
    codeOrder: DEFAULT_CODE_ORDER,
  });
  const xid = crypto.randomUUID();
  const data = {
    ticketId: reads.ticketId,
    ticketNo: reads.ticketNo,
    xid,
    orderedAt: now.toISOString(),
    gross,
    commission,
    net,
    lines: rowsOut.length,
    unposted: rowsOut.reduce((s, r) => s + r.unposted, 0),
    receipt,
    // The wallet is locked: its balance after this ticket is exactly the one read less the net stake.
    availableCredit: availableCredit({ creditType: o.creditType, creditLimit: Number(o.creditLimit), balance: plan.walletBalance - net }),
  };
  const answer = { status: 200, body: ok(data, 'SAVED') };
  const entries = await writeTicket(tx, {
    posting,
    ticket: {
      id: reads.ticketId,
      ticketNo: reads.ticketNo,
      xid,
      userId: input.ownerId,
      placedBy: auth.userId,
      companyId: o.companyId,
      sourceType: input.sourceType,
      orderedAt: now,
      inboxString: input.inboxString ?? null,
      receiptString: receipt,
      pageInfo: input.pageInfo ?? null,
      customerPhone: input.customerPhone ?? null,
      gross,
      commission,
      net,
    },
    lines: rowsOut.map((r, i) => ({ ...r, id: lineIds[i] })),
    shares: rowsOut.flatMap((r, i) => r.shares.filter((x) => x.amount > 0).map((x) => ({ betLineId: lineIds[i], userId: x.userId, drawId: r.drawId, amount: x.amount, limitKey: x.limitKey }))),
    eaten: [...deltas].map(([k, amount]) => {
      const [userId, drawId, key] = k.split('|');
      return { userId: Number(userId), drawId: Number(drawId), key, amount };
    }),
    queued,
    idempotency: { userId: auth.userId, key: input.idempotencyKey, status: answer.status, response: answer.body },
  });
  if (entries !== posting.lines.length) throw new Error('a journal line named an unknown wallet');
  return { ...answer, replayed: false };
}

/** The limit key of a bet line under an account's limit method. */
function limitKey(method: number, r: Row): string {
  if (method === 3) return `g:${permutationGroupKey(r.number)}`;
  if (method === 2) return `n:${r.number}`;
  return `n:${r.number}:${r.betCode}`;
}

/** Shares every bet line up the chain (allocateEat) against the locked totals; the totals' changes and the numbers to block. */
function allocate(chain: q.ChainRow[], rowsOut: Row[], risk: RiskSettings, totals: Map<string, number>) {
  const { limits, reds, blocked } = risk;
  const deltas = new Map<string, number>();
  const queued = new Map<string, { userId: number; poolId: number; drawDate: string; number: string; betCode: string }>();

  for (const r of rowsOut) {
    const accounts: ChainAccount[] = chain.map((c) => {
      if (c.eatType !== 'amount') {
        return { userId: c.userId, eatType: 'percentage', ptHundredths: pctToHundredths(Number(c.positionTaking)), limit: 0, eaten: 0 };
      }
      const fight = limits.find((l) => l.userId === c.userId && l.poolId === r.poolId && l.betCode === r.betCode)?.amount ?? 0;
      const red = reds
        .filter((x) => x.userId === c.userId && (x.poolId === null || x.poolId === r.poolId) && (x.number === r.number || (x.type !== 1 && x.groupKey === permutationGroupKey(r.number))))
        .reduce((m, x) => Math.min(m, Number(x.limitAmount)), Number.POSITIVE_INFINITY);
      const key = `${c.userId}|${r.drawId}|${limitKey(c.limitMethod ?? 1, r)}`;
      return {
        userId: c.userId,
        eatType: 'amount',
        ptHundredths: 0,
        limit: Math.min(Number(fight), red),
        eaten: (totals.get(key) ?? 0) + (deltas.get(key) ?? 0),
        blocked: blocked.some((b) => b.userId === c.userId && b.poolId === r.poolId && b.drawDate === r.drawDate && b.number === r.number && b.betCode === r.betCode),
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
      deltas.set(key, (deltas.get(key) ?? 0) + s.amount);
      // A number whose limit is reached is blocked for that account until an admin unblocks it.
      if (s.limitReached) {
        const x = { userId: c.userId, poolId: r.poolId, drawDate: r.drawDate, number: r.number, betCode: r.betCode };
        queued.set(`${x.userId}|${x.poolId}|${x.drawDate}|${x.number}|${x.betCode}`, x);
      }
    }
  }
  return { deltas, queued: [...queued.values()] };
}
