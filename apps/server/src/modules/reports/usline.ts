// Usline (Report/GetUsLineReport): per draw date, what the account owes its direct upline (the sum of its
// links settlement booked: the figure draw payment settles) and what was recorded as paid of it.
import { sql } from 'drizzle-orm';
import type { UsLineQuery, UsLineReport } from '@app/contract';
import type { DbOrTx } from '../../platform/db';
import type { AuthContext } from '../../platform/session';
import { paymentStatus } from '../drawPayments/service';
import { rows } from '../ledger/queries';
import { drawFilterSql, reportStart } from './scope';

export async function usLineReport(db: DbOrTx, auth: AuthContext, q: UsLineQuery): Promise<UsLineReport> {
  const { node, head } = await reportStart(db, auth, q);
  const [upline] = await rows<{ userId: number; username: string; fullName: string; roleId: number }>(
    db,
    sql`select p.id as "userId", p.username, p.full_name as "fullName", p.role_id as "roleId" from users u join users p on p.id = u.upline_id where u.id = ${node.userId}::int`,
  );
  const found = await rows<{ drawDate: string; owed: string; paid: string; total: string; tOwed: string; tPaid: string }>(
    db,
    sql`with o as (
          select s.draw_date, sum(f.link) as owed from settlement_figures f
          join draw_settlements s on s.draw_id = f.draw_id and s.round = f.round and s.distributed_at is not null
          where f.user_id = ${node.userId}::int and ${drawFilterSql('s', { ...q, poolId: -1 }, head.blockedDates)}
          group by s.draw_date
        ),
        p as (
          select p.draw_date, sum(p.amount) as paid from draw_payments p join users d on d.id = p.downline_id
          where p.downline_id = ${node.userId}::int and p.upline_id = d.upline_id and p.draw_date between ${q.fromDate}::date and ${q.toDate}::date
            and not (p.draw_date = any(${`{${head.blockedDates.join(',')}}`}::date[]))
          group by p.draw_date
        ),
        r as (select coalesce(o.draw_date, p.draw_date) as d, coalesce(o.owed, 0) as owed, coalesce(p.paid, 0) as paid from o full join p on p.draw_date = o.draw_date)
        select to_char(d, 'YYYY-MM-DD') as "drawDate", owed, paid, count(*) over () as total, sum(owed) over () as "tOwed", sum(paid) over () as "tPaid"
        from r order by d ${sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc')}
        limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::int`,
  );
  const first = found[0];
  if (!first && q.page > 1) return usLineReport(db, auth, { ...q, page: 1, pageSize: 1 }).then((r) => ({ ...r, rows: [] }));
  const tOwed = Number(first?.tOwed ?? 0);
  const tPaid = Number(first?.tPaid ?? 0);
  return {
    ...head,
    upline: upline ? { ...upline, userId: Number(upline.userId), roleId: Number(upline.roleId) } : null,
    rows: found.map((r) => {
      const owed = Number(r.owed);
      const paid = Number(r.paid);
      return { drawDate: r.drawDate, owed, paid, remaining: owed - paid, status: paymentStatus(owed, paid) };
    }),
    total: Number(first?.total ?? 0),
    totals: { owed: tOwed, paid: tPaid, remaining: tOwed - tPaid },
  };
}
