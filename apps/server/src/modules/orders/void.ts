// Voiding tickets: one's own before every draw of the ticket closes, a downline's (with void authority)
// also after. The ticket and its lines are marked void, the eaten amounts are given back to the limits,
// and the stake returns through a reversing journal transaction. The ticket stays, with who voided it
// and when.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { hasAccess, RoleId } from '@app/domain';
import { auditLog, tickets, users } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { DRAW_LOCK_CLASS } from '../draws/queries';
import { manyPostingsCtes, rows } from '../ledger/queries';
import { lockWallets, runTransaction } from '../ledger/service';
import { summaryDeltasCtes } from '../reports/summaries';
import { arrayLiteral } from '../../platform/sqlArrays';
import { activeLinesSql, chainSumsCtes } from '../settlement/chainSums';
import { voidRefusal } from './ticketRules';

/**
 * What the caller may void. The account's flags decide (issue 10, item 3): "allow self void" its own
 * tickets, "void ticket authority" its downline's. The permission role must also hold the delete level
 * of Bet or Bet History, so a role (or a sub-account's grant) can narrow voiding but never widen it: the
 * default player role carries Bet delete, and that alone voids nothing. The platform's super admin
 * (main account) may void any ticket.
 */
export function voidRights(auth: AuthContext, flags: { authority: boolean; selfVoid: boolean }) {
  if (auth.roleId === RoleId.SuperAdmin && auth.isMainAccount) return { own: true, downline: true };
  const roleAllows = hasAccess(auth.access, 'Bet', [4]) || hasAccess(auth.access, 'Bet History', [4]);
  return { own: roleAllows && flags.selfVoid, downline: roleAllows && flags.authority };
}

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
    const rights = voidRights(auth, me);
    // The rule the history's rows show (ticketRules.ts): first what needs no draw, for every ticket.
    for (const { t } of locked) {
      const why = voidRefusal({ status: t.status, own: t.userId === auth.actingUserId, closed: false, resulted: false }, rights);
      if (why) throw new AppError(why.status, why.code, why.code === 'TICKET_ALREADY_VOID' ? { ticketId: t.id } : null);
    }
    // Shared draw locks (in id order) before the result check: a release waits for this void to finish,
    // so settlement never reads a line this void is about to take back.
    await tx.execute(
      sql`select pg_advisory_xact_lock_shared(${DRAW_LOCK_CLASS}::int, d)
          from (select distinct draw_id as d from bet_lines where ticket_id = any(${`{${ids.join(',')}}`}::bigint[]) order by 1) x`,
    );
    const draws = await rows<{ ticketId: number; closed: boolean; resulted: boolean }>(
      tx,
      sql`select bl.ticket_id as "ticketId", bool_or(d.cutoff_at <= ${now}) as closed,
                 bool_or(exists (select 1 from pool_results r where r.draw_id = d.id)) as resulted
          from bet_lines bl join draws d on d.id = bl.draw_id
          where bl.ticket_id = any(${`{${ids.join(',')}}`}::bigint[])
          group by bl.ticket_id`,
    );
    // Then the draws: a result refuses every ticket, a cutoff one's own (a result first, as before).
    const owner = new Map(locked.map(({ t }) => [t.id, t.userId]));
    const refusals = draws
      .map((d) => voidRefusal({ status: 1, own: owner.get(Number(d.ticketId)) === auth.actingUserId, closed: d.closed, resulted: d.resulted }, rights))
      .filter((r) => r !== null);
    const why = refusals.find((r) => r.code === 'DRAW_HAS_RESULT') ?? refusals[0];
    if (why) throw new AppError(why.status, why.code);
    return voidLocked(tx, auth, locked.map((x) => x.t), now, ip);
  });
}

/**
 * Voids locked tickets in a fixed number of statements whatever their count. Locks follow placement's
 * order (wallets, then eaten totals, then open-stakes accounts) so a void and a placement never deadlock
 * on each other. Each ticket is refunded by its own journal transaction (memo: its ticket number).
 */
async function voidLocked(tx: Tx, auth: AuthContext, list: (typeof tickets.$inferSelect)[], now: Date, ip: string) {
  const ids = list.map((t) => t.id);
  const idArray = sql`${`{${ids.join(',')}}`}::bigint[]`;
  const wallets = await lockWallets(tx, [...new Set(list.map((t) => t.userId))]);
  const refunded = list.filter((t) => t.net > 0);
  // The refund comes from the open-stakes account the ticket paid into (its stake transaction's credit).
  const paidTo = await rows<{ ticketId: number; accountId: number }>(
    tx,
    sql`select t.id as "ticketId", je.account_id as "accountId" from tickets t join journal_entries je on je.transaction_id = t.transaction_id
        where t.id = any(${idArray}) and je.amount > 0`,
  );
  const stakes = new Map(paidTo.map((r) => [Number(r.ticketId), Number(r.accountId)]));
  if (refunded.some((t) => !stakes.has(t.id))) throw new Error('a ticket has no stake transaction');
  await tx.execute(sql`select 1 from eaten_totals et
                       join (select distinct es.user_id, es.draw_id, es.limit_key from eat_shares es join bet_lines bl on bl.id = es.bet_line_id
                             where bl.ticket_id = any(${idArray}) and es.limit_key is not null) s
                         on et.user_id = s.user_id and et.draw_id = s.draw_id and et.key = s.limit_key
                       order by et.user_id, et.draw_id, et.key for update of et`);
  await tx.execute(sql`select 1 from ledger_accounts where id = any(${`{${[...new Set(stakes.values())].join(',')}}`}::int[]) order by id for update`);
  const col = (f: (t: (typeof refunded)[number]) => string | number | null) => arrayLiteral(refunded.map(f));
  const at = sql`${now.toISOString()}::timestamptz`;
  const voided = await rows<{ ticketId: number; txId: number | null }>(
    tx,
    sql`with tk as materialized (
          select x.ticket_id, x.net, x.wallet_id, x.stakes_id, x.company_id, x.ticket_no,
                 nextval('journal_transactions_id_seq') as tx_id
          from unnest(${col((t) => t.id)}::bigint[], ${col((t) => t.net)}::bigint[], ${col((t) => wallets.get(t.userId)!.id)}::int[],
                      ${col((t) => stakes.get(t.id)!)}::int[], ${col((t) => t.companyId)}::int[], ${col((t) => t.ticketNo)}::text[])
               as x(ticket_id, net, wallet_id, stakes_id, company_id, ticket_no)
        ),
        give as (
          update eaten_totals et set amount = et.amount - s.total
          from (select es.user_id, es.draw_id, es.limit_key, sum(es.amount) as total
                from eat_shares es join bet_lines bl on bl.id = es.bet_line_id
                where bl.ticket_id = any(${idArray}) and es.limit_key is not null
                group by es.user_id, es.draw_id, es.limit_key) s
          where et.user_id = s.user_id and et.draw_id = s.draw_id and et.key = s.limit_key
        ),
        lines as (update bet_lines set status = 0 where ticket_id = any(${idArray})),
        -- The report summaries (decision 0034) take back what placement added for these lines.
        sm_lines as (
          select id, ticket_id, draw_id, pool_id, draw_date, user_id, number, bet_code, stake, commission
          from bet_lines where ticket_id = any(${idArray}) and status = 1
        ),
        sm_shares as (select es.bet_line_id, es.user_id, es.amount from eat_shares es where es.bet_line_id in (select id from sm_lines)),
        ${summaryDeltasCtes('sm_lines', 'sm_shares', -1)},
        -- And the settlement sums (decision 0043), as placement added them.
        ss_voided as (${activeLinesSql(sql`bl.ticket_id = any(${idArray})`)}),
        ${chainSumsCtes('ss_voided', 'sm_shares', -1)},
        ${manyPostingsCtes(
          now,
          'void',
          sql`select tx_id, ${auth.userId}::int as initiated_by, company_id, ticket_no as memo from tk`,
          sql`select tx_id, stakes_id as account_id, -net as amount from tk union all select tx_id, wallet_id, net from tk`,
        )}
        update tickets t set status = 0, voided_at = ${at}, voided_by = ${auth.userId}::int, void_transaction_id = v.tx_id
        from (select x.id, tk.tx_id from unnest(${idArray}) as x(id) left join tk on tk.ticket_id = x.id) v
        where t.id = v.id
        returning t.id as "ticketId", t.void_transaction_id as "txId"`,
  );
  if (voided.length !== list.length) throw new Error('a locked ticket was not voided');
  await tx.insert(auditLog).values(
    list.map((t): typeof auditLog.$inferInsert => ({ at: now, actorUserId: auth.userId, action: 'ticket.void', targetType: 'ticket', targetId: String(t.id), before: { status: 1 }, after: { status: 0, refund: t.net }, ip })),
  );
  return list.map((t) => ({ ticketId: t.id, ticketNo: t.ticketNo, refunded: t.net }));
}
