// SQL of receipts: the ticket as seen for a resend or a correction (subtree-scoped, locked when it
// changes), the SMS outbox with its leases, and resend limits.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { resendOrderLimits, smsOutbox, systemSettings, tickets, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../ledger/queries';

const inSubtree = (rootPath: string) => sql`starts_with(${users.path}, ${rootPath})`;

const ticketColumns = {
  ticketId: tickets.id,
  ticketNo: tickets.ticketNo,
  xid: tickets.xid,
  userId: tickets.userId,
  companyId: tickets.companyId,
  username: users.username,
  receipt: tickets.receiptString,
  customerPhone: tickets.customerPhone,
  accountPhone: users.phone,
  status: tickets.status,
};

/** A ticket of the subtree by id or XID; `lock` holds it (FOR UPDATE) for the rest of the transaction. */
export async function ticketInSubtree(db: DbOrTx, rootPath: string, by: { id: number } | { xid: string }, lock = false) {
  const q = db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(and('id' in by ? eq(tickets.id, by.id) : eq(tickets.xid, by.xid), inSubtree(rootPath)));
  const [row] = lock ? await q.for('update', { of: tickets }) : await q;
  return row ? { ...row, ticketId: Number(row.ticketId) } : undefined;
}

/** Whether any draw of the ticket has reached its cutoff. */
export async function anyDrawClosed(db: DbOrTx, ticketId: number, now: Date): Promise<boolean> {
  const r = await rows<{ closed: boolean }>(
    db,
    sql`select exists (select 1 from bet_lines bl join draws d on d.id = bl.draw_id where bl.ticket_id = ${ticketId} and d.cutoff_at <= ${now}) as closed`,
  );
  return Boolean(r[0]?.closed);
}

export async function updateReceipt(db: DbOrTx, ticketId: number, receipt: string) {
  await db.update(tickets).set({ receiptString: receipt }).where(eq(tickets.id, ticketId));
}

// ---- settings ----

export async function settingValue(db: DbOrTx, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: systemSettings.value }).from(systemSettings).where(eq(systemSettings.key, key));
  return row?.value;
}

// ---- resend limits ----

export async function ownLimit(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ max: resendOrderLimits.maxResends }).from(resendOrderLimits).where(eq(resendOrderLimits.userId, userId));
  return row ? row.max : null;
}

/** Ordinary (limited) resends of a ticket so far; cancelled messages do not count. */
export async function resendCount(db: DbOrTx, ticketId: number): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sms_outbox where ticket_id = ${ticketId} and kind = 'receipt-resend' and status <> 2`,
  );
  return Number(r[0].n);
}

export async function insertOutbox(db: DbOrTx, m: typeof smsOutbox.$inferInsert) {
  const [row] = await db.insert(smsOutbox).values(m).returning({ id: smsOutbox.id, status: smsOutbox.status });
  return { id: Number(row.id), status: row.status };
}

const updater = alias(users, 'updater');

/** Direct downline main accounts of a parent with their own limits. */
export async function limitRows(db: DbOrTx, parentId: number, f: { search?: string; page: number; pageSize: number }) {
  const search = f.search ? `%${f.search.replace(/[\\%_]/g, '')}%` : undefined;
  return db
    .select({
      userId: users.id,
      username: users.username,
      fullName: users.fullName,
      userRoleId: users.roleId,
      limit: resendOrderLimits.maxResends,
      updatedAt: resendOrderLimits.updatedAt,
      updatedBy: updater.username,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .leftJoin(resendOrderLimits, eq(resendOrderLimits.userId, users.id))
    .leftJoin(updater, eq(updater.id, resendOrderLimits.updatedBy))
    .where(
      and(
        eq(users.uplineId, parentId),
        eq(users.isMainAccount, true),
        ne(users.recordStatus, 2),
        search ? sql`(${users.username} ilike ${search} or ${users.fullName} ilike ${search})` : undefined,
      ),
    )
    .orderBy(asc(users.username))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
}

export async function setLimit(db: DbOrTx, userId: number, limit: number | null, at: Date, by: number) {
  if (limit === null) {
    await db.delete(resendOrderLimits).where(eq(resendOrderLimits.userId, userId));
    return;
  }
  await db
    .insert(resendOrderLimits)
    .values({ userId, maxResends: limit, updatedAt: at, updatedBy: by })
    .onConflictDoUpdate({ target: resendOrderLimits.userId, set: { maxResends: limit, updatedAt: at, updatedBy: by } });
}

// ---- the outbox sender ----

export interface OutboxRow {
  id: number;
  phone: string;
  body: string;
  attempts: number;
  ticketId: number | null;
}

/**
 * Takes up to `batch` waiting messages for this sender: each is leased until `leaseUntil`, so another
 * process skips it (SKIP LOCKED while taking, the lease afterwards) and takes it over only if the lease
 * runs out unanswered.
 */
export function leaseBatch(db: DbOrTx, now: Date, leaseUntil: Date, batch: number) {
  return rows<OutboxRow>(
    db,
    sql`update sms_outbox o set lease_until = ${leaseUntil}, attempts = o.attempts + 1
        where o.id in (select id from sms_outbox
                       where status = 0 and (lease_until is null or lease_until <= ${now})
                       order by id limit ${batch} for update skip locked)
        returning o.id, o.phone, o.body, o.attempts, o.ticket_id as "ticketId"`,
  );
}

export async function markSent(db: DbOrTx, id: number, at: Date) {
  await db.update(smsOutbox).set({ status: 1, sentAt: at, leaseUntil: null, lastError: null }).where(eq(smsOutbox.id, id));
}

export async function markFailed(db: DbOrTx, id: number, error: string, giveUp: boolean, retryAt: Date) {
  await db
    .update(smsOutbox)
    .set({ status: giveUp ? 99 : 0, lastError: error.slice(0, 500), leaseUntil: giveUp ? null : retryAt })
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 0)));
}

/** Ordinary resends so far of each of these tickets (one grouped read for a page of the history). */
export async function resendCounts(db: DbOrTx, ticketIds: number[]): Promise<Map<number, number>> {
  if (!ticketIds.length) return new Map();
  const r = await rows<{ ticketId: number; n: number }>(
    db,
    sql`select ticket_id as "ticketId", count(*)::int as n from sms_outbox
        where ticket_id = any(${`{${ticketIds.join(',')}}`}::bigint[]) and kind = 'receipt-resend' and status <> 2
        group by ticket_id`,
  );
  return new Map(r.map((x) => [Number(x.ticketId), Number(x.n)]));
}
