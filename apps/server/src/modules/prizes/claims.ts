// Payment/ClaimPrizes (DOMAIN "Settlement" step 3, decision 0025): an upline of a player pays out one
// winning ticket's held prize before the company releases credit for the date. The prize of each draw
// of the ticket that is distributed, not released for its company and not yet claimed moves from the
// company's held-winnings account to the player's wallet in one journal transaction, with a prize_claims
// row per draw (its key: once per draw, round and ticket). Release credit leaves claimed tickets out
// (settlement/queries heldPerPlayer); a corrected result reverses the claim and pays the corrected prize
// instead (resettleClaims), so the player's balance changes by the difference, as a release would.
import { sql } from 'drizzle-orm';
import { ledgerMemoText } from '@app/domain';
import { writeAudit } from '../../platform/audit';
import type { Tx } from '../../platform/db';
import { notFound, refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { idempotent, type StoredResponse } from '../ledger/idempotency';
import { rows } from '../ledger/queries';
import { lockWallets, runTransaction } from '../ledger/service';
import * as sq from '../settlement/queries';

interface Claimable {
  drawId: number;
  round: number;
  amount: number;
}

/** The ticket's prizes that may be claimed now: per draw, its current round's held winnings. */
async function claimable(tx: Tx, ticketId: number, companyId: number): Promise<Claimable[]> {
  const found = await rows<Claimable>(
    tx,
    sql`select w.draw_id as "drawId", s.round, sum(w.player_winnings)::bigint as amount
        from winners w join draw_settlements s on s.draw_id = w.draw_id and s.round = w.round
        where w.ticket_id = ${ticketId} and w.player_winnings > 0
          and exists (select 1 from settlement_bookings b where b.draw_id = w.draw_id and b.company_id = ${companyId}::int and b.round = s.round and b.step = 'distribute')
          and not exists (select 1 from settlement_bookings b where b.draw_id = w.draw_id and b.company_id = ${companyId}::int and b.round = s.round and b.step = 'release')
          and not exists (select 1 from prize_claims c where c.draw_id = w.draw_id and c.round = s.round and c.ticket_id = w.ticket_id)
        group by w.draw_id, s.round order by w.draw_id`,
  );
  return found.map((c) => ({ drawId: Number(c.drawId), round: Number(c.round), amount: Number(c.amount) }));
}

export async function claimPrizes(deps: Deps, auth: AuthContext, body: { ticketId: number; idempotencyKey: string }, ip: string): Promise<StoredResponse> {
  const { idempotencyKey, ...payload } = body;
  return runTransaction(deps.db, (tx) =>
    idempotent(tx, { userId: auth.userId, key: idempotencyKey, scope: 'Payment/ClaimPrizes', payload, at: deps.clock.now() }, async (tx) => {
      // Only a ticket of an account strictly below the caller: an upline pays its downline's prize.
      const [t] = await rows<{ userId: number; ticketNo: string; companyId: number }>(
        tx,
        sql`select t.user_id as "userId", t.ticket_no as "ticketNo", coalesce(t.company_id, 0) as "companyId"
            from tickets t join users u on u.id = t.user_id
            where t.id = ${body.ticketId} and starts_with(u.path, ${auth.actingPath}) and t.user_id <> ${auth.actingUserId}::int`,
      );
      if (!t) throw notFound();
      const companyId = Number(t.companyId);
      const draws = await rows<{ drawId: number }>(tx, sql`select distinct draw_id as "drawId" from winners where ticket_id = ${body.ticketId} order by 1`);
      // The settlement lock of each draw (ascending), then the wallet, then held: release credit's order.
      for (const d of draws) await sq.lockSettlement(tx, Number(d.drawId));
      const prizes = await claimable(tx, body.ticketId, companyId);
      const total = prizes.reduce((s, p) => s + p.amount, 0);
      if (total <= 0) throw refused('PRIZE_NOT_CLAIMABLE');
      const held = await sq.heldWinningsAccount(tx, companyId);
      const wallet = (await lockWallets(tx, [Number(t.userId)])).get(Number(t.userId))!;
      await sq.lockAccounts(tx, [held]);
      const now = deps.clock.now();
      const txId = await sq.postLegs(tx, {
        at: now,
        kind: 'prize-claim',
        by: auth.userId,
        companyId,
        memo: t.ticketNo,
        legs: [
          { accountId: wallet.id, amount: total },
          { accountId: held, amount: -total },
        ],
      });
      await tx.execute(
        sql`insert into prize_claims (draw_id, round, ticket_id, company_id, user_id, amount, transaction_id, at, by)
            select x.draw_id, x.round, ${body.ticketId}, ${companyId}::int, ${Number(t.userId)}::int, x.amount, ${txId}, ${now.toISOString()}::timestamptz, ${auth.userId}::int
            from jsonb_to_recordset(${JSON.stringify(prizes.map((p) => ({ draw_id: p.drawId, round: p.round, amount: p.amount })))}::jsonb) as x(draw_id int, round int, amount bigint)`,
      );
      await writeAudit(tx, now, { actorUserId: auth.userId, action: 'prize.claim', targetType: 'ticket', targetId: body.ticketId, after: { amount: total, draws: prizes.length }, ip });
      return { ticketId: body.ticketId, amount: total, draws: prizes.length };
    }),
  );
}

/** The wallets of the players whose claims of earlier rounds a resettle reverses (locked with the distribution's accounts). */
export async function claimedWallets(tx: Tx, drawId: number, companyId: number, round: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select distinct la.id from prize_claims c join ledger_accounts la on la.user_id = c.user_id
        where c.draw_id = ${drawId}::int and c.company_id = ${companyId}::int and c.round < ${round}::int and c.reversal_transaction_id is null`,
  );
  return found.map((r) => Number(r.id));
}

/**
 * After a corrected result's round is booked (same transaction, accounts locked): each claim of an earlier
 * round of the draw and company is reversed, and the ticket's corrected prize, if any, is paid as a claim
 * of the new round, so the player's balance moves by the difference.
 */
export async function resettleClaims(tx: Tx, s: { drawId: number; round: number; drawDate: string; poolName: string }, companyId: number, held: number, at: Date, by: number | null) {
  const open = await rows<{ round: number; ticketId: number; userId: number; amount: number; walletId: number; ticketNo: string }>(
    tx,
    sql`select c.round, c.ticket_id as "ticketId", c.user_id as "userId", c.amount, la.id as "walletId", t.ticket_no as "ticketNo"
        from prize_claims c join ledger_accounts la on la.user_id = c.user_id join tickets t on t.id = c.ticket_id
        where c.draw_id = ${s.drawId}::int and c.company_id = ${companyId}::int and c.round < ${s.round}::int and c.reversal_transaction_id is null
        order by c.ticket_id`,
  );
  for (const c of open) {
    const reversal = await sq.postLegs(tx, {
      at,
      kind: 'reversal',
      by,
      companyId,
      memo: ledgerMemoText('prizeClaimReversed', { pool: s.poolName, date: s.drawDate, round: Number(c.round), ticketNo: c.ticketNo }),
      legs: [
        { accountId: Number(c.walletId), amount: -Number(c.amount) },
        { accountId: held, amount: Number(c.amount) },
      ],
    });
    await tx.execute(
      sql`update prize_claims set reversal_transaction_id = ${reversal} where draw_id = ${s.drawId}::int and round = ${Number(c.round)}::int and ticket_id = ${Number(c.ticketId)}`,
    );
    const [now] = await rows<{ amount: number | null }>(
      tx,
      sql`select sum(player_winnings)::bigint as amount from winners where draw_id = ${s.drawId}::int and round = ${s.round}::int and ticket_id = ${Number(c.ticketId)} and player_winnings > 0`,
    );
    const amount = Number(now?.amount ?? 0);
    if (amount <= 0) continue;
    const txId = await sq.postLegs(tx, {
      at,
      kind: 'prize-claim',
      by,
      companyId,
      memo: ledgerMemoText('prizeClaim', { ticketNo: c.ticketNo, pool: s.poolName, date: s.drawDate, round: s.round }),
      legs: [
        { accountId: Number(c.walletId), amount },
        { accountId: held, amount: -amount },
      ],
    });
    await tx.execute(
      sql`insert into prize_claims (draw_id, round, ticket_id, company_id, user_id, amount, transaction_id, at, by)
          values (${s.drawId}::int, ${s.round}::int, ${Number(c.ticketId)}, ${companyId}::int, ${Number(c.userId)}::int, ${amount}, ${txId}, ${at.toISOString()}::timestamptz, ${by}::int)`,
    );
  }
}
