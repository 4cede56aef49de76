// SQL of auto tickets: the schedule look-up (which auto tickets have a draw date due, in one statement),
// the run claim, and the subtree-scoped listing.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { autoTicketRuns, autoTickets, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../ledger/queries';

/** A claimed run still pending after this long was abandoned (its process died): it may be taken over. */
export const STALE_CLAIM_MS = 5 * 60_000;
/** Attempts of one run before an unexpected error becomes final. */
export const MAX_RUN_ATTEMPTS = 3;

export interface DueRun {
  autoTicketId: number;
  drawDate: string;
}

/**
 * Per active auto ticket, its next draw date: the first date on or after its start (and not after its
 * end) on which one of its pools draws and every such draw of its pools is still open. Due when that
 * date has no run yet (or only an abandoned claim) and the draw count is not used up.
 */
export function dueRuns(db: DbOrTx, now: Date, today: string, autoTicketId?: number) {
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
  return rows<DueRun>(
    db,
    sql`select a.id as "autoTicketId", to_char(n.draw_date, 'YYYY-MM-DD') as "drawDate"
        from auto_tickets a
        cross join lateral (
          select d.draw_date from draws d
          where d.pool_id = any(a.pools) and d.record_status = 1
            and d.draw_date >= greatest(a.start_date, ${today}::date)
            and (a.end_date is null or d.draw_date <= a.end_date)
          group by d.draw_date
          having min(d.cutoff_at) > ${now}
          order by d.draw_date
          limit 1
        ) n
        where a.status = 'active' ${autoTicketId ? sql`and a.id = ${autoTicketId}` : sql``}
          and (a.draw_count is null
               or (select count(*) from auto_ticket_runs r where r.auto_ticket_id = a.id and r.draw_date <> n.draw_date) < a.draw_count)
          and not exists (select 1 from auto_ticket_runs r
                          where r.auto_ticket_id = a.id and r.draw_date = n.draw_date
                            and (r.status <> 'pending' or r.claimed_at > ${staleBefore} or r.attempts >= ${MAX_RUN_ATTEMPTS}))
        order by a.id`,
  );
}

/**
 * Claims the run of (auto ticket, draw date): the unique key lets exactly one caller insert it. An
 * abandoned claim (pending past STALE_CLAIM_MS, attempts left) is taken over. Returns the attempt
 * number, or null when someone else holds the run.
 */
export async function claimRun(db: DbOrTx, autoTicketId: number, drawDate: string, now: Date): Promise<number | null> {
  const inserted = await db
    .insert(autoTicketRuns)
    .values({ autoTicketId, drawDate, status: 'pending', attempts: 1, claimedAt: now })
    .onConflictDoNothing()
    .returning({ attempts: autoTicketRuns.attempts });
  if (inserted.length) return inserted[0].attempts;
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
  const taken = await db
    .update(autoTicketRuns)
    .set({ attempts: sql`${autoTicketRuns.attempts} + 1`, claimedAt: now })
    .where(
      and(
        eq(autoTicketRuns.autoTicketId, autoTicketId),
        eq(autoTicketRuns.drawDate, drawDate),
        eq(autoTicketRuns.status, 'pending'),
        sql`${autoTicketRuns.claimedAt} <= ${staleBefore}`,
        sql`${autoTicketRuns.attempts} < ${MAX_RUN_ATTEMPTS}`,
      ),
    )
    .returning({ attempts: autoTicketRuns.attempts });
  return taken.length ? taken[0].attempts : null;
}

export async function finishRun(
  db: DbOrTx,
  autoTicketId: number,
  drawDate: string,
  r: { status: 'placed' | 'refused' | 'error'; at: Date; message: string; ticketId?: number; ticketNo?: string },
) {
  await db
    .update(autoTicketRuns)
    .set({ status: r.status, finishedAt: r.at, message: r.message, ticketId: r.ticketId ?? null, ticketNo: r.ticketNo ?? null })
    .where(and(eq(autoTicketRuns.autoTicketId, autoTicketId), eq(autoTicketRuns.drawDate, drawDate)));
}

/** Gives a run back after an unexpected error: abandoned at once, so the next check tries again. */
export async function releaseRun(db: DbOrTx, autoTicketId: number, drawDate: string, message: string) {
  await db
    .update(autoTicketRuns)
    .set({ claimedAt: new Date(0), message })
    .where(and(eq(autoTicketRuns.autoTicketId, autoTicketId), eq(autoTicketRuns.drawDate, drawDate), eq(autoTicketRuns.status, 'pending')));
}

/**
 * Abandoned pending runs nobody will take over any more (attempts used up, or a draw of that date has
 * closed, or the auto ticket stopped) become errors.
 */
export async function expireAbandonedRuns(db: DbOrTx, now: Date) {
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
  await db.execute(sql`
    update auto_ticket_runs r set status = 'error', finished_at = ${now}, message = coalesce(r.message, 'INTERNAL_SERVER_ERROR')
    from auto_tickets a
    where a.id = r.auto_ticket_id and r.status = 'pending' and r.claimed_at <= ${staleBefore}
      and (r.attempts >= ${MAX_RUN_ATTEMPTS} or a.status <> 'active'
           or exists (select 1 from draws d where d.pool_id = any(a.pools) and d.draw_date = r.draw_date
                      and d.record_status = 1 and d.cutoff_at <= ${now}))`);
}

/** Active auto tickets past their end date or with their draw count used up (runs finished) become completed. */
export async function completeFinished(db: DbOrTx, today: string, autoTicketId?: number) {
  await db.execute(sql`
    update auto_tickets a set status = 'completed'
    where a.status = 'active' ${autoTicketId ? sql`and a.id = ${autoTicketId}` : sql``}
      and ((a.end_date is not null and a.end_date < ${today}::date)
           or (a.draw_count is not null
               and (select count(*) from auto_ticket_runs r where r.auto_ticket_id = a.id and r.status <> 'pending') >= a.draw_count))`);
}

export async function autoTicketById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(autoTickets).where(eq(autoTickets.id, id));
  return row;
}

/** The auto ticket if its owner lies in the subtree rooted at `rootPath`. */
export async function autoTicketInSubtree(db: DbOrTx, id: number, rootPath: string, lock = false) {
  const q = db
    .select({ a: autoTickets })
    .from(autoTickets)
    .innerJoin(users, eq(users.id, autoTickets.userId))
    .where(and(eq(autoTickets.id, id), sql`starts_with(${users.path}, ${rootPath})`));
  const [row] = lock ? await q.for('update', { of: autoTickets }) : await q;
  return row?.a;
}

export interface PlacerRow {
  id: number;
  username: string;
  fullName: string;
  roleId: number;
  isMainAccount: boolean;
  status: string;
  recordStatus: number;
  disabledFunctions: string[];
  mainId: number | null;
  mainRoleId: number | null;
  mainPath: string | null;
  mainStatus: string | null;
  mainRecordStatus: number | null;
  path: string;
  ownerPath: string | null;
}

/** The login that saved an auto ticket, its main account (for a sub-account) and the owner's path. */
export async function placer(db: DbOrTx, createdBy: number, ownerId: number) {
  const [row] = await rows<PlacerRow>(
    db,
    sql`select u.id, u.username, u.full_name as "fullName", u.role_id as "roleId", u.is_main_account as "isMainAccount",
               u.status, u.record_status as "recordStatus", u.disabled_functions as "disabledFunctions", u.path,
               m.id as "mainId", m.role_id as "mainRoleId", m.path as "mainPath", m.status as "mainStatus",
               m.record_status as "mainRecordStatus",
               (select o.path from users o where o.id = ${ownerId} and o.status = 'Active' and o.record_status = 1) as "ownerPath"
        from users u left join users m on m.id = u.main_account_id
        where u.id = ${createdBy}`,
  );
  return row;
}

const creator = alias(users, 'creator');
const voider = alias(users, 'voider');

export interface ListFilter {
  rootPath: string;
  userId?: number;
  autoTicketId?: number;
  status?: string;
  page: number;
  pageSize: number;
}

export async function listAutoTickets(db: DbOrTx, f: ListFilter) {
  const where: (SQL | undefined)[] = [sql`starts_with(${users.path}, ${f.rootPath})`];
  if (f.userId) where.push(eq(autoTickets.userId, f.userId));
  if (f.autoTicketId) where.push(eq(autoTickets.id, f.autoTicketId));
  if (f.status && f.status !== '-1') where.push(eq(autoTickets.status, f.status));
  return db
    .select({
      a: autoTickets,
      username: users.username,
      createdBy: creator.username,
      voidedBy: voider.username,
      runCount: sql<number>`(select count(*) from auto_ticket_runs r where r.auto_ticket_id = ${autoTickets.id})`.mapWith(Number),
      placedCount: sql<number>`(select count(*) from auto_ticket_runs r where r.auto_ticket_id = ${autoTickets.id} and r.status = 'placed')`.mapWith(
        Number,
      ),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(autoTickets)
    .innerJoin(users, eq(users.id, autoTickets.userId))
    .innerJoin(creator, eq(creator.id, autoTickets.createdBy))
    .leftJoin(voider, eq(voider.id, autoTickets.voidedBy))
    .where(and(...where))
    .orderBy(desc(autoTickets.createdAt), desc(autoTickets.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
}

export interface RunRow {
  autoTicketId: number;
  drawDate: string;
  status: string;
  ticketId: number | null;
  ticketNo: string | null;
  message: string | null;
  at: Date;
}

/** The latest `perTicket` runs of each of these auto tickets, newest first. */
export function latestRuns(db: DbOrTx, ids: number[], perTicket: number) {
  if (!ids.length) return Promise.resolve([] as RunRow[]);
  return rows<RunRow>(
    db,
    sql`select "autoTicketId", "drawDate", status, "ticketId", "ticketNo", message, at from (
          select r.auto_ticket_id as "autoTicketId", to_char(r.draw_date, 'YYYY-MM-DD') as "drawDate", r.status,
                 r.ticket_id as "ticketId", r.ticket_no as "ticketNo", r.message, coalesce(r.finished_at, r.claimed_at) as at,
                 row_number() over (partition by r.auto_ticket_id order by r.draw_date desc) as rn
          from auto_ticket_runs r where r.auto_ticket_id = any(${`{${ids.join(',')}}`}::int[])) x
        where rn <= ${perTicket}
        order by "autoTicketId", "drawDate" desc`,
  );
}

/** The open draws of these pools on a date (their ids and pools). */
export function openDrawsOn(db: DbOrTx, poolIds: number[], drawDate: string, now: Date) {
  return rows<{ poolId: number }>(
    db,
    sql`select pool_id as "poolId" from draws
        where pool_id = any(${`{${poolIds.join(',')}}`}::int[]) and draw_date = ${drawDate}::date and record_status = 1 and cutoff_at > ${now}`,
  );
}

export function ownerSettings(db: DbOrTx, userId: number) {
  return rows<{ eatSequence: string; companyId: number | null }>(
    db,
    sql`select eat_sequence as "eatSequence", company_id as "companyId" from users where id = ${userId}`,
  );
}
