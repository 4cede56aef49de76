// The inbox (SPEC 2 /inbox; issue 12 item 9; decision 0029): every bet text the caller's subtree
// received, accepted (with the ticket it became) or refused (with the reason and the lines), newest
// first, searched by words, bet number, business dates, source and account. And the receipts sent by SMS
// per account and business day (Report/GetSmsCountReport), read from the SMS outbox the resends fill.
import { sql, type SQL } from 'drizzle-orm';
import type { InboxPage, InboxQuery, SmsCountQuery, SmsCountReport } from '@app/contract';
import { businessDateRange } from '../../platform/businessTime';
import type { DbOrTx } from '../../platform/db';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { reportNode } from './scope';

/** A LIKE pattern matching `s` anywhere, its wildcards taken literally. */
const containing = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A bet number as a line writes it: at the start of the line or after a space, a box marker or a roll's
 * R, and followed by its amounts' '#' (or a roll's R first). An amount (after '#'), a pools line (#1234
 * ends without '#') and a date (12/06) are not bet numbers.
 */
const numberPattern = (n: string) => `(^|[^0-9#/.])${n}r?[ \\t]*#`;

/** The caller's subtree, or the subtree of the account it picked (404 outside its own). */
async function scopePath(db: DbOrTx, auth: AuthContext, userId: number | undefined): Promise<string> {
  return userId === undefined ? auth.actingPath : (await reportNode(db, auth, userId)).path;
}

export async function inboxReport(db: DbOrTx, auth: AuthContext, q: InboxQuery, tz: string): Promise<InboxPage> {
  const path = await scopePath(db, auth, q.userId);
  const where: SQL[] = [sql`starts_with(u.path, ${path}::text)`, ...businessDateRange(sql`i.received_at`, tz, q.fromDate, q.toDate)];
  if (q.status !== 'all') where.push(sql`i.accepted = ${q.status === 'accepted'}::boolean`);
  if (q.sourceType !== -1) where.push(sql`i.source_type = ${q.sourceType}::int`);
  if (q.search) where.push(sql`i.text ilike ${containing(q.search)}::text`);
  if (q.number) where.push(sql`i.text ~* ${numberPattern(q.number)}::text`);
  const cond = sql.join(where, sql` and `);
  const [page, [totals]] = await Promise.all([
    rows<{
      id: string;
      receivedAt: Date | string;
      userId: number;
      username: string;
      placedBy: string | null;
      sourceType: number;
      text: string;
      accepted: boolean;
      reason: string | null;
      lines: InboxPage['items'][number]['lines'] | string | null;
      ticketId: string | null;
      ticketNo: string | null;
      ticketStatus: number | null;
    }>(
      db,
      sql`select i.id, i.received_at as "receivedAt", i.user_id as "userId", u.username, p.username as "placedBy", i.source_type as "sourceType",
                 i.text, i.accepted, i.reason, i.lines, i.ticket_id as "ticketId", t.ticket_no as "ticketNo", t.status as "ticketStatus"
          from inbox_texts i
          join users u on u.id = i.user_id
          left join users p on p.id = i.placed_by
          left join tickets t on t.id = i.ticket_id
          where ${cond}
          order by i.received_at desc, i.id desc
          limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::bigint`,
    ),
    rows<{ total: string; accepted: string }>(
      db,
      sql`select count(*) as total, count(*) filter (where i.accepted) as accepted
          from inbox_texts i join users u on u.id = i.user_id where ${cond}`,
    ),
  ]);
  const total = Number(totals?.total ?? 0);
  const accepted = Number(totals?.accepted ?? 0);
  return {
    items: page.map((r) => ({
      id: Number(r.id),
      receivedAt: new Date(r.receivedAt).toISOString(),
      userId: Number(r.userId),
      username: r.username,
      placedBy: r.placedBy ?? '',
      sourceType: Number(r.sourceType),
      text: r.text,
      accepted: r.accepted,
      reason: r.reason,
      lines: (typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines) ?? [],
      ticketId: r.ticketId === null ? null : Number(r.ticketId),
      ticketNo: r.ticketNo,
      ticketStatus: r.ticketStatus === null ? null : Number(r.ticketStatus),
    })),
    total,
    totals: { accepted, refused: total - accepted },
  };
}

/**
 * Receipts sent by SMS, per account that asked for them (the acting account, whose resend limit they
 * count against; a sub-account's under its main account) and business day of the request.
 */
export async function smsCountReport(db: DbOrTx, auth: AuthContext, q: SmsCountQuery, tz: string): Promise<SmsCountReport> {
  const path = await scopePath(db, auth, q.userId);
  const found = await rows<{
    date: string;
    userId: number;
    username: string;
    fullName: string;
    total: string;
    sent: string;
    pending: string;
    failed: string;
    master: string;
    rowsTotal: string;
    tTotal: string;
    tSent: string;
    tPending: string;
    tFailed: string;
    tMaster: string;
  }>(
    db,
    sql`with c as (
          select (s.created_at at time zone ${tz}::text)::date as d, s.acting_user_id as uid,
                 count(*) as total,
                 count(*) filter (where s.status = 1) as sent,
                 count(*) filter (where s.status = 0) as pending,
                 count(*) filter (where s.status not in (0, 1)) as failed,
                 count(*) filter (where s.kind = 'receipt-master-resend') as master
          from sms_outbox s join users u on u.id = s.acting_user_id
          where starts_with(u.path, ${path}::text) and ${sql.join(businessDateRange(sql`s.created_at`, tz, q.fromDate, q.toDate), sql` and `)}
          group by 1, 2
        )
        select to_char(c.d, 'YYYY-MM-DD') as date, c.uid as "userId", u.username, u.full_name as "fullName", c.total, c.sent, c.pending, c.failed, c.master,
               count(*) over () as "rowsTotal", sum(c.total) over () as "tTotal", sum(c.sent) over () as "tSent",
               sum(c.pending) over () as "tPending", sum(c.failed) over () as "tFailed", sum(c.master) over () as "tMaster"
        from c join users u on u.id = c.uid
        order by c.d desc, u.username
        limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::bigint`,
  );
  const first = found[0];
  if (!first && q.page > 1) return smsCountReport(db, auth, { ...q, page: 1, pageSize: 1 }, tz).then((r) => ({ ...r, items: [] }));
  return {
    items: found.map((r) => ({
      date: r.date,
      userId: Number(r.userId),
      username: r.username,
      fullName: r.fullName,
      total: Number(r.total),
      sent: Number(r.sent),
      pending: Number(r.pending),
      failed: Number(r.failed),
      master: Number(r.master),
    })),
    total: Number(first?.rowsTotal ?? 0),
    totals: {
      total: Number(first?.tTotal ?? 0),
      sent: Number(first?.tSent ?? 0),
      pending: Number(first?.tPending ?? 0),
      failed: Number(first?.tFailed ?? 0),
      master: Number(first?.tMaster ?? 0),
    },
  };
}
