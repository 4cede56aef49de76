// Ticket history (Report/GetTicket), receipts and the accounts one may order for.
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RoleId } from '@app/domain';
import { tickets, users } from '../../db/schema';
import type { Deps } from '../../platform/http';
import { notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';
import { businessDateRange } from '../../platform/businessTime';
import { assertReadable } from '../accounts/service';

const placer = alias(users, 'placer');
const voider = alias(users, 'voider');

export async function ticketHistory(
  deps: Deps,
  auth: AuthContext,
  f: { userId?: number; from?: string; to?: string; status?: string; search?: string; page: number; pageSize: number },
) {
  if (f.userId) await assertReadable(deps, auth, f.userId);
  const now = deps.clock.now();
  const where: (SQL | undefined)[] = [sql`starts_with(${users.path}, ${auth.actingPath})`];
  if (f.userId) where.push(eq(tickets.userId, f.userId));
  where.push(...businessDateRange(tickets.orderedAt, deps.config.tzBusiness, f.from, f.to));
  if (f.status && f.status !== '-1') where.push(eq(tickets.status, Number(f.status)));
  if (f.search) where.push(sql`${tickets.ticketNo} ilike ${`%${f.search.replace(/[\\%_]/g, '')}%`}`);
  const rows = await deps.db
    .select({
      ticketId: tickets.id,
      ticketNo: tickets.ticketNo,
      xid: tickets.xid,
      orderedAt: tickets.orderedAt,
      userId: tickets.userId,
      username: users.username,
      placedBy: placer.username,
      sourceType: tickets.sourceType,
      gross: tickets.gross,
      commission: tickets.commission,
      net: tickets.net,
      status: tickets.status,
      voidedAt: tickets.voidedAt,
      voidedBy: voider.username,
      receipt: tickets.receiptString,
      open: sql<boolean>`not exists (select 1 from bet_lines bl join draws d on d.id = bl.draw_id where bl.ticket_id = ${tickets.id} and d.cutoff_at <= ${now})`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .innerJoin(placer, eq(placer.id, tickets.placedBy))
    .leftJoin(voider, eq(voider.id, tickets.voidedBy))
    .where(and(...where))
    .orderBy(desc(tickets.orderedAt), desc(tickets.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map(({ total: _total, ...r }) => ({ ...r, orderedAt: r.orderedAt.toISOString(), voidedAt: r.voidedAt?.toISOString() ?? null })),
  };
}

export async function receipt(deps: Deps, auth: AuthContext, ticketId: number) {
  const [row] = await deps.db
    .select({ ticketId: tickets.id, ticketNo: tickets.ticketNo, xid: tickets.xid, receipt: tickets.receiptString, inboxString: tickets.inboxString })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(and(eq(tickets.id, ticketId), sql`starts_with(${users.path}, ${auth.actingPath})`));
  if (!row) throw notFound();
  return row;
}

/** Accounts the caller may place for: itself (unless a platform admin) and the active bettors of its downline. */
export async function bettingAgents(deps: Deps, auth: AuthContext) {
  return deps.db
    .select({ userId: users.id, username: users.username, fullName: users.fullName, userRoleId: users.roleId })
    .from(users)
    .where(
      and(
        sql`starts_with(${users.path}, ${auth.actingPath})`,
        eq(users.isMainAccount, true),
        eq(users.status, 'Active'),
        ne(users.recordStatus, 2),
        sql`${users.roleId} not in (${RoleId.SuperAdmin}, ${RoleId.ITAdmin})`,
      ),
    )
    .orderBy(asc(users.username))
    .limit(1000);
}
