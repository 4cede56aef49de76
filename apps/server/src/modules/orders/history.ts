// Ticket history (Report/GetTicket), receipts and the accounts one may order for.
import { ticketSettlement } from '../prizes/view';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RoleId } from '@app/domain';
import { betLines, draws as drawTable, tickets, users } from '../../db/schema';
import type { Deps } from '../../platform/http';
import { notFound, refused } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';
import { businessDateRange } from '../../platform/businessTime';
import { assertReadable } from '../accounts/service';

const placer = alias(users, 'placer');
const voider = alias(users, 'voider');

export interface TicketFilters {
  userId?: number;
  from?: string;
  to?: string;
  status?: string;
  search?: string;
  number?: string;
  drawDate?: string;
  poolId?: number;
}

/**
 * The conditions of the ticket history, in one place for the page, its totals and the exports. A bet
 * number, draw date or pool keeps the tickets having a line on them: one semi-join driven from the
 * draws, so bet_lines is reached through its (draw_id, number) index whatever the filter (decision 0022).
 */
async function ticketConditions(deps: Deps, auth: AuthContext, f: TicketFilters): Promise<SQL[]> {
  if (f.userId) await assertReadable(deps, auth, f.userId);
  const where: SQL[] = [sql`starts_with(${users.path}, ${auth.actingPath})`];
  if (f.userId) where.push(eq(tickets.userId, f.userId));
  where.push(...businessDateRange(tickets.orderedAt, deps.config.tzBusiness, f.from, f.to));
  if (f.status && f.status !== '-1') where.push(eq(tickets.status, Number(f.status)));
  if (f.search) where.push(sql`${tickets.ticketNo} ilike ${`%${f.search.replace(/[\\%_]/g, '')}%`}`);
  if (f.number || f.drawDate || f.poolId) {
    const draw: SQL[] = [sql`true`];
    if (f.drawDate) draw.push(sql`d.draw_date = ${f.drawDate}`);
    if (f.poolId) draw.push(sql`d.pool_id = ${f.poolId}`);
    // A ticket ordered on or after `from` is on draws on or after it: fewer draws to look through.
    if (f.from && !f.drawDate) draw.push(sql`d.draw_date >= ${f.from}`);
    const line = f.number ? sql`and bl.number = ${f.number}` : sql``;
    // The draw ids as an array, not a join: PostgreSQL then probes (draw_id, number) for each of them
    // (Index Cond: draw_id = ANY(...) AND number = ...); as a join it chose to read all of bet_lines.
    where.push(
      sql`${tickets.id} in (select bl.ticket_id from bet_lines bl where bl.draw_id = any(array(select d.id from draws d where ${sql.join(draw, sql` and `)})) ${line})`,
    );
  }
  return where;
}

const ticketColumns = {
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
};

/** The filtered tickets, newest first (a page of them, or all up to `limit`), with their draw dates and pools. */
async function ticketRows(deps: Deps, where: SQL[], limit: number, offset: number) {
  const rows = await deps.db
    .select({ ...ticketColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .innerJoin(placer, eq(placer.id, tickets.placedBy))
    .leftJoin(voider, eq(voider.id, tickets.voidedBy))
    .where(and(...where))
    .orderBy(desc(tickets.orderedAt), desc(tickets.id))
    .limit(limit)
    .offset(offset);
  // One grouped read for the draws of every ticket of the page (by the bet_lines ticket index), and
  // whether all of them are still before their cutoff: for the page's tickets only, never the whole set.
  const ids = rows.map((r) => r.ticketId);
  const draws = ids.length
    ? await deps.db
        .select({
          ticketId: betLines.ticketId,
          drawDates: sql<string[]>`array_agg(distinct ${betLines.drawDate}::text order by ${betLines.drawDate}::text)`,
          poolIds: sql<number[]>`array_agg(distinct ${betLines.poolId}::int order by ${betLines.poolId}::int)`,
          open: sql<boolean>`bool_and(${drawTable.cutoffAt} > ${deps.clock.now()})`,
        })
        .from(betLines)
        .innerJoin(drawTable, eq(drawTable.id, betLines.drawId))
        .where(inArray(betLines.ticketId, ids))
        .groupBy(betLines.ticketId)
    : [];
  const byTicket = new Map(draws.map((d) => [Number(d.ticketId), d]));
  // A page past the end has no row to carry the count.
  const total = rows.length > 0 || offset === 0 ? (rows[0]?.total ?? 0) : await ticketCount(deps, where);
  return {
    total,
    items: rows.map(({ total: _total, ...r }) => ({
      ...r,
      orderedAt: r.orderedAt.toISOString(),
      voidedAt: r.voidedAt?.toISOString() ?? null,
      drawDates: byTicket.get(r.ticketId)?.drawDates ?? [],
      poolIds: (byTicket.get(r.ticketId)?.poolIds ?? []).map(Number),
      open: byTicket.get(r.ticketId)?.open ?? true,
    })),
  };
}

async function ticketCount(deps: Deps, where: SQL[]) {
  const [row] = await deps.db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(and(...where));
  return row.count;
}

/**
 * Sums over the whole filtered set, not the page. Void tickets were refunded, so they count only when
 * the filter asks for void tickets alone (decision 0022).
 */
async function ticketTotals(deps: Deps, where: SQL[], status: string | undefined) {
  const [row] = await deps.db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      gross: sql<number>`coalesce(sum(${tickets.gross}), 0)`.mapWith(Number),
      commission: sql<number>`coalesce(sum(${tickets.commission}), 0)`.mapWith(Number),
      net: sql<number>`coalesce(sum(${tickets.net}), 0)`.mapWith(Number),
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(and(...where, eq(tickets.status, status === '0' ? 0 : 1)));
  return row;
}

export async function ticketHistory(deps: Deps, auth: AuthContext, f: TicketFilters & { page: number; pageSize: number }) {
  const where = await ticketConditions(deps, auth, f);
  const [page, totals] = await Promise.all([ticketRows(deps, where, f.pageSize, (f.page - 1) * f.pageSize), ticketTotals(deps, where, f.status)]);
  return { ...page, totals };
}

/** The totals alone of the filtered tickets (Report/GetTicketTotal): what the history shows under its page. */
export async function ticketTotalsOf(deps: Deps, auth: AuthContext, f: TicketFilters) {
  return ticketTotals(deps, await ticketConditions(deps, auth, f), f.status);
}

/** An export holds at most this many tickets; a bigger set is refused (narrow the filter), never cut. */
export const TICKET_EXPORT_MAX = 50_000;

/** Every filtered ticket (newest first) and the totals, for the CSV and Excel exports. */
export async function ticketExportRows(deps: Deps, auth: AuthContext, f: TicketFilters) {
  const where = await ticketConditions(deps, auth, f);
  const [all, totals] = await Promise.all([ticketRows(deps, where, TICKET_EXPORT_MAX + 1, 0), ticketTotals(deps, where, f.status)]);
  if (all.items.length > TICKET_EXPORT_MAX) throw refused('EXPORT_TOO_LARGE');
  return { items: all.items, totals };
}

export async function receipt(deps: Deps, auth: AuthContext, ticketId: number) {
  const [row] = await deps.db
    .select({ ticketId: tickets.id, ticketNo: tickets.ticketNo, xid: tickets.xid, receipt: tickets.receiptString, inboxString: tickets.inboxString, ownerId: tickets.userId })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(and(eq(tickets.id, ticketId), sql`starts_with(${users.path}, ${auth.actingPath})`));
  if (!row) throw notFound();
  const { ownerId, ...ticket } = row;
  // A prize is claimable by an upline of the ticket's owner (Payment/ClaimPrizes), not by the owner.
  return { ...ticket, settlement: await ticketSettlement(deps.db, ticketId, ownerId !== auth.actingUserId) };
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
