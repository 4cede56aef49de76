// Ticket history (Report/GetTicket), receipts and the accounts one may order for.
import { ticketSettlement } from '../prizes/view';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RoleId } from '@app/domain';
import type { TICKET_SORT_COLUMNS } from '@app/contract';
import { betLines, draws as drawTable, tickets, users } from '../../db/schema';
import type { Deps } from '../../platform/http';
import { notFound, refused } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';
import { businessDateRange } from '../../platform/businessTime';
import { assertReadable } from '../accounts/service';
import { rows as rowsOf } from '../ledger/queries';
import { resendCounts } from '../receipts/queries';
import { resendLimitOf } from '../receipts/service';
import { resendRefusal, voidRefusal } from './ticketRules';
import { voidRights } from './void';

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
  /** won: only the tickets that won something (booked winnings of a current round). */
  outcome?: 'won';
  /** The page's order (a whitelisted column; the contract's TICKET_SORT_COLUMNS); newest first when absent. */
  sortBy?: TicketSortColumn;
  sortOrder?: 'asc' | 'desc';
}

export type TicketSortColumn = (typeof TICKET_SORT_COLUMNS)[number];
/** Each sortable column as SQL: only these reach ORDER BY (a ticket's draw date: its first one). */
const SORT_SQL: Record<TicketSortColumn, SQL> = {
  orderedAt: sql`${tickets.orderedAt}`,
  ticketNo: sql`${tickets.ticketNo}`,
  username: sql`${users.username}`,
  gross: sql`${tickets.gross}`,
  commission: sql`${tickets.commission}`,
  net: sql`${tickets.net}`,
  drawDate: sql`(select min(sbl.draw_date) from bet_lines sbl where sbl.ticket_id = ${tickets.id})`,
};

/** The order of the rows: the asked column (ties newest first), else newest first. */
function orderOf(f: Pick<TicketFilters, 'sortBy' | 'sortOrder'>): SQL[] {
  const newest = [desc(tickets.orderedAt), desc(tickets.id)];
  const col = f.sortBy ? SORT_SQL[f.sortBy] : undefined;
  if (!col) return newest;
  return [f.sortOrder === 'desc' ? sql`${col} desc` : sql`${col} asc`, ...newest];
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
  // Winning tickets: a strike of a draw's current round with winnings booked (settlement step 2).
  if (f.outcome === 'won') {
    where.push(
      sql`exists (select 1 from winners w join draw_settlements s on s.draw_id = w.draw_id and s.round = w.round
                  where w.ticket_id = ${tickets.id} and w.player_winnings > 0)`,
    );
  }
  return where;
}

/**
 * What the player won on the ticket, as settlement booked it (winners.player_winnings of each draw's
 * current round; never recomputed): in total, and the part still held (not released to its wallet nor
 * paid by a prize claim). decision 0025's states, summed per ticket.
 */
export const winningsSql = (ticketIds: SQL) => sql`
  select w.ticket_id as "ticketId",
         coalesce(sum(w.player_winnings), 0)::bigint as winnings,
         coalesce(sum(w.player_winnings) filter (
           where not exists (select 1 from prize_claims c where c.draw_id = w.draw_id and c.round = s.round and c.ticket_id = w.ticket_id)
             and not exists (select 1 from settlement_bookings b where b.draw_id = w.draw_id and b.round = s.round
                               and b.company_id = coalesce(w.company_id, 0) and b.step = 'release')), 0)::bigint as held
  from winners w join draw_settlements s on s.draw_id = w.draw_id and s.round = w.round
  where w.ticket_id = any(${ticketIds}) and w.player_winnings is not null
  group by w.ticket_id`;

/** A ticket's outcome: void; won (something booked, maybe more draws to come); lost (every draw settled, nothing won); else pending. */
export function outcomeOf(t: { status: number; winnings: number; settled: boolean }): 'void' | 'won' | 'lost' | 'pending' {
  if (t.status !== 1) return 'void';
  if (t.winnings > 0) return 'won';
  return t.settled ? 'lost' : 'pending';
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

/** What the rows' void and resend rules need of the caller, read once per page. */
async function callerRights(deps: Deps, auth: AuthContext) {
  const [me] = await deps.db.select({ authority: users.voidTicketAuthority, selfVoid: users.allowSelfVoid }).from(users).where(eq(users.id, auth.actingUserId));
  return { void: voidRights(auth, me ?? { authority: false, selfVoid: false }), resendLimit: await resendLimitOf(deps, auth) };
}

/**
 * The filtered tickets, newest first or by a sort column (a page of them, or all up to `limit`), with their draw dates and
 * pools, outcome and winnings, and whether the caller can void them or resend their receipt (the very
 * rules of those calls, ticketRules.ts). A fixed number of grouped reads for the page, none per row.
 */
async function ticketRows(deps: Deps, auth: AuthContext, where: SQL[], limit: number, offset: number, order: SQL[] = orderOf({})) {
  const rows = await deps.db
    .select({ ...ticketColumns, phone: sql<string | null>`coalesce(nullif(trim(${tickets.customerPhone}), ''), nullif(trim(${users.phone}), ''))`, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .innerJoin(placer, eq(placer.id, tickets.placedBy))
    .leftJoin(voider, eq(voider.id, tickets.voidedBy))
    .where(and(...where))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  // One grouped read for the draws of every ticket of the page (by the bet_lines ticket index), and
  // whether all of them are still before their cutoff: for the page's tickets only, never the whole set.
  const ids = rows.map((r) => r.ticketId);
  const idArray = sql`${`{${ids.join(',')}}`}::bigint[]`;
  const [draws, won, resent, caller] = ids.length
    ? await Promise.all([
        deps.db
          .select({
            ticketId: betLines.ticketId,
            drawDates: sql<string[]>`array_agg(distinct ${betLines.drawDate}::text order by ${betLines.drawDate}::text)`,
            poolIds: sql<number[]>`array_agg(distinct ${betLines.poolId}::int order by ${betLines.poolId}::int)`,
            open: sql<boolean>`bool_and(${drawTable.cutoffAt} > ${deps.clock.now()})`,
            // The void call's facts: a result of any kind is in for a draw; and whether every draw is booked.
            resulted: sql<boolean>`bool_or(exists (select 1 from pool_results r where r.draw_id = ${betLines.drawId}))`,
            settled: sql<boolean>`bool_and(exists (select 1 from draw_settlements s where s.draw_id = ${betLines.drawId} and s.distributed_at is not null))`,
          })
          .from(betLines)
          .innerJoin(drawTable, eq(drawTable.id, betLines.drawId))
          .where(inArray(betLines.ticketId, ids))
          .groupBy(betLines.ticketId),
        rowsOf<{ ticketId: number; winnings: number; held: number }>(deps.db, winningsSql(idArray)),
        resendCounts(deps.db, ids),
        callerRights(deps, auth),
      ])
    : [[], [], new Map<number, number>(), null];
  const byTicket = new Map(draws.map((d) => [Number(d.ticketId), d]));
  const wins = new Map(won.map((w) => [Number(w.ticketId), { winnings: Number(w.winnings), held: Number(w.held) }]));
  // A page past the end has no row to carry the count.
  const total = rows.length > 0 || offset === 0 ? (rows[0]?.total ?? 0) : await ticketCount(deps, where);
  return {
    total,
    items: rows.map(({ total: _total, phone, ...r }) => {
      const d = byTicket.get(r.ticketId);
      const open = d?.open ?? true;
      const settled = r.status === 1 && (d?.settled ?? false);
      const win = wins.get(r.ticketId) ?? { winnings: 0, held: 0 };
      const own = r.userId === auth.actingUserId;
      const voidWhy = caller && voidRefusal({ status: r.status, own, closed: !open, resulted: d?.resulted ?? false }, caller.void);
      const resendWhy = caller && resendRefusal({ status: r.status, phone, count: resent.get(r.ticketId) ?? 0, limit: caller.resendLimit, master: false });
      const masterWhy = caller && resendRefusal({ status: r.status, phone, count: 0, limit: 1, master: true });
      return {
        ...r,
        orderedAt: r.orderedAt.toISOString(),
        voidedAt: r.voidedAt?.toISOString() ?? null,
        drawDates: d?.drawDates ?? [],
        poolIds: (d?.poolIds ?? []).map(Number),
        open,
        settled,
        outcome: outcomeOf({ status: r.status, winnings: win.winnings, settled }),
        winnings: win.winnings,
        winningsHeld: win.held,
        voidRefusal: voidWhy?.code ?? null,
        resendRefusal: resendWhy?.code ?? null,
        masterResendRefusal: masterWhy?.code ?? null,
      };
    }),
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
      // What the filtered tickets won, as booked (the rows' winnings, summed over the whole set).
      winnings: sql<number>`coalesce(sum((select sum(w.player_winnings) from winners w join draw_settlements s on s.draw_id = w.draw_id and s.round = w.round
                                           where w.ticket_id = ${tickets.id})), 0)`.mapWith(Number),
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(and(...where, eq(tickets.status, status === '0' ? 0 : 1)));
  return row;
}

export async function ticketHistory(deps: Deps, auth: AuthContext, f: TicketFilters & { page: number; pageSize: number }) {
  const where = await ticketConditions(deps, auth, f);
  const [page, totals] = await Promise.all([ticketRows(deps, auth, where, f.pageSize, (f.page - 1) * f.pageSize, orderOf(f)), ticketTotals(deps, where, f.status)]);
  return { ...page, totals };
}

/** The totals alone of the filtered tickets (Report/GetTicketTotal): what the history shows under its page. */
export async function ticketTotalsOf(deps: Deps, auth: AuthContext, f: TicketFilters) {
  return ticketTotals(deps, await ticketConditions(deps, auth, f), f.status);
}

/** An export holds at most this many tickets; a bigger set is refused (narrow the filter), never cut. */
export const TICKET_EXPORT_MAX = 50_000;

/** Every filtered ticket (newest first, or as sorted) and the totals, for the CSV and Excel exports. */
export async function ticketExportRows(deps: Deps, auth: AuthContext, f: TicketFilters) {
  const where = await ticketConditions(deps, auth, f);
  const [all, totals] = await Promise.all([ticketRows(deps, auth, where, TICKET_EXPORT_MAX + 1, 0, orderOf(f)), ticketTotals(deps, where, f.status)]);
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

const PRIZE_SLOTS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'starter', 'consolation'] as const;

/**
 * Bet/GetTicketDetail: one ticket of the caller's subtree (another branch's is as absent: 404) as the
 * history shows it, with each line and what it won (prize slots and winnings of the draw's current
 * round, as settlement booked them), each draw with its released result, and its prizes per draw.
 */
export async function ticketDetail(deps: Deps, auth: AuthContext, ticketId: number) {
  const page = await ticketRows(deps, auth, [sql`starts_with(${users.path}, ${auth.actingPath})`, eq(tickets.id, ticketId)], 1, 0);
  const ticket = page.items[0];
  if (!ticket) throw notFound();
  const [lines, draws, inbox, settlement] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      deps.db,
      sql`select bl.id as "lineId", bl.line_no as "lineNo", bl.draw_id as "drawId", bl.draw_date::text as "drawDate", bl.pool_id as "poolId",
                 bl.written_number as "writtenNumber", bl.number, bl.bet_type as "betType", bl.bet_code as "betCode", bl.stake, bl.commission, bl.status,
                 w.n_first, w.n_second, w.n_third, w.n_fourth, w.n_fifth, w.n_sixth, w.n_starter, w.n_consolation, w.player_winnings as winnings,
                 (w.bet_line_id is not null) as struck
          from bet_lines bl
          left join draw_settlements s on s.draw_id = bl.draw_id
          left join winners w on w.draw_id = bl.draw_id and w.round = s.round and w.bet_line_id = bl.id
          where bl.ticket_id = ${ticketId}
          order by bl.draw_date, bl.pool_id, bl.line_no, bl.id`,
    ),
    rowsOf<{ drawId: number; drawDate: string; poolId: number; cutoffAt: Date | string; result: unknown; settled: boolean }>(
      deps.db,
      sql`select d.id as "drawId", d.draw_date::text as "drawDate", d.pool_id as "poolId", d.cutoff_at as "cutoffAt",
                 case when r.status = 'released' then r.numbers end as result,
                 coalesce(s.distributed_at is not null, false) as settled
          from draws d
          left join pool_results r on r.draw_id = d.id
          left join draw_settlements s on s.draw_id = d.id
          where d.id in (select distinct draw_id from bet_lines where ticket_id = ${ticketId})
          order by d.draw_date, d.pool_id`,
    ),
    deps.db.select({ inboxString: tickets.inboxString, ownerId: tickets.userId }).from(tickets).where(eq(tickets.id, ticketId)),
    ticketSettlement(deps.db, ticketId, ticket.userId !== auth.actingUserId),
  ]);
  return {
    ticket,
    inboxString: inbox[0]?.inboxString ?? null,
    lines: lines.map((l) => ({
      lineId: Number(l.lineId),
      lineNo: Number(l.lineNo),
      drawId: Number(l.drawId),
      drawDate: String(l.drawDate),
      poolId: Number(l.poolId),
      writtenNumber: String(l.writtenNumber),
      number: String(l.number),
      betType: Number(l.betType),
      betCode: String(l.betCode),
      stake: Number(l.stake),
      commission: Number(l.commission),
      status: Number(l.status),
      prizes: PRIZE_SLOTS.map((slot) => ({ slot, count: Number(l[`n_${slot}`] ?? 0) })).filter((p) => p.count > 0),
      winnings: l.struck ? (l.winnings === null ? null : Number(l.winnings)) : 0,
    })),
    draws: draws.map((d) => ({
      drawId: Number(d.drawId),
      drawDate: d.drawDate,
      poolId: Number(d.poolId),
      cutoffAt: new Date(d.cutoffAt).toISOString(),
      result: d.result ?? null,
      settled: Boolean(d.settled),
    })),
    settlement,
  };
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
