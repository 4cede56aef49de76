// Voiding tickets: before every draw of the ticket closes (or with void authority), the ticket and its
// lines are marked void, the eaten amounts are given back to the limits, and the stake returns through a
// reversing journal transaction. The ticket stays, with who voided it and when.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { hasAccess, RoleId } from '@app/domain';
import { betLines, tickets, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import type { Tx } from '../../platform/db';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { lockWallets, post, runTransaction } from '../ledger/service';
import * as q from './queries';

const OPEN_STAKE_SHARDS = 16;

export async function voidTickets(deps: Deps, auth: AuthContext, ticketIds: number[], ip: string) {
  if (!ticketIds.length) throw new AppError(400, 'SELECT_TICKET_TO_VOID', { ticketIds: 'required' });
  const ids = [...new Set(ticketIds)].sort((a, b) => a - b);
  const now = deps.clock.now();
  return runTransaction(deps.db, async (tx) => {
    // Lock the tickets in id order; each must be in the caller's subtree (else 404, as if absent).
    const locked = await tx
      .select({ t: tickets, path: users.path })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .where(and(inArray(tickets.id, ids), sql`starts_with(${users.path}, ${auth.actingPath})`))
      .orderBy(tickets.id)
      .for('update', { of: tickets });
    if (locked.length !== ids.length) throw notFound();
    const [me] = await tx.select({ authority: users.voidTicketAuthority, selfVoid: users.allowSelfVoid }).from(users).where(eq(users.id, auth.actingUserId));
    // Voiding needs the delete level of Bet or Bet History; one's own tickets also with "allow self void".
    const mayVoid = (auth.roleId === RoleId.SuperAdmin && auth.isMainAccount) || hasAccess(auth.access, 'Bet', [4]) || hasAccess(auth.access, 'Bet History', [4]);
    for (const { t } of locked) {
      if (t.status !== 1) throw new AppError(409, 'TICKET_ALREADY_VOID', { ticketId: t.id });
      const own = t.userId === auth.actingUserId;
      if (!mayVoid && !(own && me.selfVoid)) throw forbidden();
    }
    // Past cutoff only with void authority.
    if (!me.authority) {
      const closed = await tx.execute(sql`select distinct bl.ticket_id from bet_lines bl join draws d on d.id = bl.draw_id
                                          where bl.ticket_id = any(${`{${ids.join(',')}}`}::bigint[]) and d.cutoff_at <= ${now}`);
      if ((closed as unknown as { rows: unknown[] }).rows.length) throw new AppError(422, 'DRAW_CLOSED');
    }
    const results = [];
    for (const { t } of locked) results.push(await voidOne(tx, deps, auth, t, now, ip));
    return results;
  });
}

async function voidOne(tx: Tx, deps: Deps, auth: AuthContext, t: typeof tickets.$inferSelect, now: Date, ip: string) {
  // Give back what each fight-limit account ate.
  await tx.execute(sql`update eaten_totals et set amount = et.amount - s.total
                       from (select es.user_id, es.draw_id, es.limit_key, sum(es.amount) as total
                             from eat_shares es join bet_lines bl on bl.id = es.bet_line_id
                             where bl.ticket_id = ${t.id} and es.limit_key is not null
                             group by es.user_id, es.draw_id, es.limit_key) s
                       where et.user_id = s.user_id and et.draw_id = s.draw_id and et.key = s.limit_key`);
  await tx.update(betLines).set({ status: 0 }).where(eq(betLines.ticketId, t.id));
  const wallets = await lockWallets(tx, [t.userId]);
  const wallet = wallets.get(t.userId)!;
  const stakesAccount = await q.openStakesAccount(deps.db, tx, t.companyId, t.userId % OPEN_STAKE_SHARDS);
  const posting = t.net > 0
    ? await post(tx, {
        at: now,
        kind: 'void',
        initiatedBy: auth.userId,
        companyId: t.companyId,
        memo: t.ticketNo,
        lines: [
          { accountId: stakesAccount, amount: -t.net },
          { accountId: wallet.id, amount: t.net },
        ],
      })
    : null;
  await tx
    .update(tickets)
    .set({ status: 0, voidedAt: now, voidedBy: auth.userId, voidTransactionId: posting?.transactionId ?? null })
    .where(eq(tickets.id, t.id));
  await writeAudit(tx, now, { actorUserId: auth.userId, action: 'ticket.void', targetType: 'ticket', targetId: t.id, before: { status: 1 }, after: { status: 0, refund: t.net }, ip });
  return { ticketId: t.id, ticketNo: t.ticketNo, refunded: t.net };
}

