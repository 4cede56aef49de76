// Placing a ticket: one database transaction that checks the draw is open, the package sells each code,
// the credit suffices, shares the stake up the chain within fight limits and red numbers, records the
// rest as unposted, and charges the journal net of commission. A retry with the same idempotency key
// answers with the first result; any refusal leaves nothing behind.
import { sql } from 'drizzle-orm';
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
import { betLines, eatShares } from '../../db/schema';
import { formatBusinessDateTime } from '../../platform/businessTime';
import type { Tx } from '../../platform/db';
import { AppError, forbidden, refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { idempotent } from '../ledger/idempotency';
import { availableCredit, lockWallets, post, runTransaction } from '../ledger/service';
import { effectivePackage, rateFor } from '../packages/service';
import { assertInSubtree } from '../accounts/service';
import * as draws from '../draws/queries';
import * as q from './queries';
import { renderReceipt, type ReceiptLine } from './receipt';

export const SourceType = { WebOrder: 1, WebOrder2: 2, Express: 3, AutoTicket: 4, Api: 5 } as const;
const OPEN_STAKE_SHARDS = 16;
/** Stands for the ticket number in the receipt until the database gives the number. */
const TICKET_NO_MARK = '{{TICKET_NO}}';

export interface PlaceInput {
  lines: BetLine[];
  ownerId: number;
  sourceType: number;
  inboxString?: string;
  pageInfo?: string;
  customerPhone?: string;
  idempotencyKey: string;
}

interface Row {
  lineNo: number;
  drawId: number;
  poolId: number;
  drawDate: string;
  writtenNumber: string;
  number: string;
  betType: number;
  betCode: BetCode;
  stake: number;
  commission: number;
  unposted: number;
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
  const result = await runTransaction(deps.db, (tx) =>
    idempotent(
      tx,
      { userId: auth.userId, key: input.idempotencyKey, scope: 'Bet/Place', payload: { ...input, idempotencyKey: undefined }, at: now, message: 'SAVED' },
      (sp) => place(sp, deps, auth, input, now),
    ),
  );
  return result;
}

async function place(tx: Tx, deps: Deps, auth: AuthContext, input: PlaceInput, now: Date) {
  // -- the owner and its chain (one query: the owner's path names every upline) --
  const everyone = await q.ownerAndChain(tx, input.ownerId);
  const o = everyone.find((r) => r.userId === input.ownerId);
  if (!o || o.status !== 'Active' || o.recordStatus !== 1) throw refused('ACCOUNT_DISABLED');
  const uplineIds = o.path.split('/').filter(Boolean).map(Number).slice(0, -1).reverse();
  const chain = uplineIds
    .map((id) => everyone.find((c) => c.userId === id)!)
    .filter((c) => c && c.roleId !== RoleId.SuperAdmin && c.roleId !== RoleId.ITAdmin);

  // -- draws: each line's pools and draw selector become concrete open draws (two queries per ticket) --
  const nextLines = input.lines.filter((l) => l.draw.kind === 'next');
  const maxNext = Math.max(0, ...nextLines.map((l) => (l.draw.kind === 'next' ? l.draw.count : 0)));
  const upcoming = nextLines.length ? await draws.nextOpenDraws(tx, [...new Set(nextLines.flatMap((l) => l.pools))], now, maxNext) : [];
  const dated = input.lines.flatMap((l) => (l.draw.kind === 'dates' ? l.draw.dates : []));
  const onDates = dated.length ? await draws.drawsOn(tx, [...new Set(input.lines.flatMap((l) => l.pools))], [...new Set(dated)]) : [];
  const resolved: { line: BetLine; draws: { drawId: number; poolId: number; drawDate: string }[] }[] = [];
  for (const line of input.lines) {
    const found: { drawId: number; poolId: number; drawDate: string }[] = [];
    for (const pool of line.pools) {
      if (line.draw.kind === 'next') {
        const mine = upcoming.filter((d) => d.poolId === pool).slice(0, line.draw.count);
        if (mine.length < line.draw.count) throw lineError(422, 'NO_DRAW', line.lineNo);
        if (!mine[0].poolActive) throw lineError(422, 'POOL_INACTIVE', line.lineNo);
        found.push(...mine.map((d) => ({ drawId: d.drawId, poolId: d.poolId, drawDate: d.drawDate })));
      } else {
        for (const date of line.draw.dates) {
          const d = onDates.find((x) => x.poolId === pool && x.drawDate === date);
          if (!d || d.recordStatus !== 1) throw lineError(422, 'NO_DRAW', line.lineNo);
          if (!d.poolActive) throw lineError(422, 'POOL_INACTIVE', line.lineNo);
          if (now >= d.cutoffAt) throw lineError(422, 'DRAW_CLOSED', line.lineNo);
          found.push({ drawId: d.drawId, poolId: d.poolId, drawDate: d.drawDate });
        }
      }
    }
    resolved.push({ line, draws: found });
  }

  // -- packages: the commission of each code, from the owner's package for the pool's type --
  const needsGd = input.lines.some((l) => l.pools.includes(PoolId.GD));
  const needsNormal = input.lines.some((l) => l.pools.some((p) => p !== PoolId.GD));
  const packages = {
    normal: needsNormal ? await effectivePackage(tx, input.ownerId, 0) : null,
    gd: needsGd ? await effectivePackage(tx, input.ownerId, 2) : null,
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

  // -- credit: the owner's wallet, locked --
  const wallets = await lockWallets(tx, [input.ownerId]);
  const wallet = wallets.get(input.ownerId)!;
  if (availableCredit(wallet) < net) throw new AppError(422, 'INSUFFICIENT_CREDIT', { available: Math.max(0, availableCredit(wallet)) });

  // -- eat: share every bet line up the chain --
  await allocate(tx, chain, rowsOut, now);

  // -- the ticket, its lines and shares, and the journal --
  const shard = input.ownerId % OPEN_STAKE_SHARDS;
  const stakesAccount = await q.openStakesAccount(deps.db, tx, o.companyId, shard);
  const posting = await post(tx, {
    at: now,
    kind: 'stake',
    initiatedBy: auth.userId,
    companyId: o.companyId,
    lines: [
      { accountId: wallet.id, amount: -net },
      { accountId: stakesAccount, amount: net },
    ],
  });
  const receiptLines: ReceiptLine[] = input.lines.map((l) => ({
    drawDates: [...new Set(resolved.find((r) => r.line === l)!.draws.map((d) => d.drawDate))],
    pools: l.pools,
    label: label(l),
    amounts: l.amounts,
  }));
  const receipt = renderReceipt({
    ticketNo: TICKET_NO_MARK,
    orderedAt: formatBusinessDateTime(now, deps.config.tzBusiness),
    username: o.username,
    lines: receiptLines,
    gross,
    net,
    reverse: o.receiptOrderType === 2,
    codeOrder: DEFAULT_CODE_ORDER,
  });
  const ticket = await q.insertTicket(tx, {
    userId: input.ownerId,
    placedBy: auth.userId,
    companyId: o.companyId,
    sourceType: input.sourceType,
    orderedAt: now,
    inboxString: input.inboxString ?? null,
    receiptTemplate: receipt,
    mark: TICKET_NO_MARK,
    pageInfo: input.pageInfo ?? null,
    customerPhone: input.customerPhone ?? null,
    gross,
    commission,
    net,
    transactionId: posting.transactionId,
  });
  const inserted = await tx
    .insert(betLines)
    .values(
      rowsOut.map((r) => ({
        ticketId: ticket.id,
        companyId: o.companyId,
        userId: input.ownerId,
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
      })),
    )
    .returning({ id: betLines.id });
  const shares = rowsOut.flatMap((r, i) =>
    r.shares.filter((s) => s.amount > 0).map((s) => ({ betLineId: inserted[i].id, userId: s.userId, drawId: r.drawId, amount: s.amount, limitKey: s.limitKey })),
  );
  if (shares.length) await tx.insert(eatShares).values(shares);
  return {
    ticketId: ticket.id,
    ticketNo: ticket.ticketNo,
    xid: ticket.xid,
    orderedAt: now.toISOString(),
    gross,
    commission,
    net,
    lines: rowsOut.length,
    unposted: rowsOut.reduce((s, r) => s + r.unposted, 0),
    receipt: ticket.receiptString,
    availableCredit: availableCredit({ ...wallet, balance: posting.balanceAfter.get(wallet.id)! }),
  };
}

/** The limit key of a bet line under an account's limit method. */
function limitKey(method: number, r: Row): string {
  if (method === 3) return `g:${permutationGroupKey(r.number)}`;
  if (method === 2) return `n:${r.number}`;
  return `n:${r.number}:${r.betCode}`;
}

async function allocate(tx: Tx, chain: q.ChainRow[], rowsOut: Row[], now: Date) {
  const amountAccounts = chain.filter((c) => c.eatType === 'amount');
  const ids = amountAccounts.map((c) => c.userId);
  const numbers = [...new Set(rowsOut.map((r) => r.number))];
  // One connection per transaction: these run one after the other.
  const { limits, reds, blocked } = await q.riskSettings(tx, ids, numbers, [...new Set(numbers.map(permutationGroupKey))], [...new Set(rowsOut.map((r) => r.drawDate))]);
  const keys = amountAccounts.flatMap((c) => rowsOut.map((r) => ({ userId: c.userId, drawId: r.drawId, key: limitKey(c.limitMethod ?? 1, r) })));
  const totals = await q.lockEatenTotals(tx, keys);
  const deltas = new Map<string, number>();
  const queued: { userId: number; poolId: number; drawDate: string; number: string; betCode: string }[] = [];

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
      if (s.limitReached) queued.push({ userId: c.userId, poolId: r.poolId, drawDate: r.drawDate, number: r.number, betCode: r.betCode });
    }
  }
  await q.addEatenTotals(
    tx,
    [...deltas].map(([k, amount]) => {
      const [userId, drawId, key] = k.split('|');
      return { userId: Number(userId), drawId: Number(drawId), key, amount };
    }),
  );
  if (queued.length) {
    // A number whose limit is reached is blocked for that account until an admin unblocks it.
    const unique = [...new Map(queued.map((x) => [`${x.userId}|${x.poolId}|${x.drawDate}|${x.number}|${x.betCode}`, x])).values()];
    await tx.execute(sql`insert into number_queue (owner_user_id, pool_id, draw_date, number, bet_code, reason, status, created_at)
      select u, p, d::date, n, c, 'limit-reached', 0, ${now} from unnest(
        ${`{${unique.map((x) => x.userId).join(',')}}`}::int[], ${`{${unique.map((x) => x.poolId).join(',')}}`}::int[],
        ${`{${unique.map((x) => x.drawDate).join(',')}}`}::text[], ${`{${unique.map((x) => x.number).join(',')}}`}::text[],
        ${`{${unique.map((x) => x.betCode).join(',')}}`}::text[]) as x(u, p, d, n, c)
      where not exists (select 1 from number_queue q where q.owner_user_id = x.u and q.pool_id = x.p and q.draw_date = x.d::date
                        and q.number = x.n and q.bet_code = x.c and q.status = 0)`);
  }
}
