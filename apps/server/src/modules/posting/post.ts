// The unposted book and DoPost (Posting/GetUnpostSummary, GetUnpostDetail, DoPost). What is unposted now
// is every active line's unposted part of the company not yet in a batch, plus what run tickets laid
// off beyond what was posted of them. DoPost fixes all of it into a new batch in one statement: a ticket
// committed after that statement is left for the next batch.
import { resultReleased, resultReleasedError } from './released';
import { sql } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { runTransaction } from '../ledger/service';
import { drawOf } from '../reports/map';
import { companyOf } from './scope';

/** Rows (number, bet_code, amount, src, ...) of what is unposted now of a company's draw. */
const unpostedNow = (companyId: number, drawId: number) => sql`
  select l.number, l.bet_code, l.unposted as amount, 'line' as src, l.ticket_id, l.line_no, l.stake, l.user_id
  from bet_lines l
  where l.company_id = ${companyId}::int and l.draw_id = ${drawId}::int and l.unposted > 0 and l.posting_batch_id is null and l.status = 1
  union all
  select rt.number, rt.bet_code, rt.amount - rt.posted_amount, 'run', null, null, rt.amount, rt.user_id
  from run_tickets rt
  where rt.company_id = ${companyId}::int and rt.draw_id = ${drawId}::int and rt.amount > rt.posted_amount`;

export async function unpostSummary(deps: Deps, auth: AuthContext, q: { drawId: number; companyId?: number; page: number; pageSize: number }) {
  const companyId = await companyOf(deps.db, auth, q.companyId);
  const draw = await drawOf(deps.db, q.drawId);
  const found = await rows<{ number: string; bet_code: string; amount: string; lines: string; total: string; t_amount: string; t_lines: string }>(
    deps.db,
    sql`with u as (${unpostedNow(companyId, q.drawId)}),
        g as (select number, bet_code, sum(amount) as amount, count(*) as lines from u group by 1, 2)
        select g.*, count(*) over () as total, sum(g.amount) over () as t_amount, sum(g.lines) over () as t_lines
        from g order by g.amount desc, g.number, g.bet_code
        limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::int`,
  );
  const first = found[0];
  return {
    drawId: draw.drawId,
    poolId: draw.poolId,
    drawDate: draw.drawDate,
    companyId,
    rows: found.map((r) => ({ number: r.number, betCode: r.bet_code, amount: Number(r.amount), lines: Number(r.lines) })),
    total: Number(first?.total ?? 0),
    totals: { amount: Number(first?.t_amount ?? 0), lines: Number(first?.t_lines ?? 0) },
  };
}

export async function unpostDetail(deps: Deps, auth: AuthContext, q: { drawId: number; companyId?: number; number: string; page: number; pageSize: number }) {
  const companyId = await companyOf(deps.db, auth, q.companyId);
  await drawOf(deps.db, q.drawId);
  const found = await rows<{ ticket_id: string | null; ticket_no: string | null; username: string; line_no: number | null; bet_code: string; stake: string; amount: string; src: 'line' | 'run'; total: string }>(
    deps.db,
    sql`with u as (${unpostedNow(companyId, q.drawId)})
        select u.ticket_id, t.ticket_no, us.username, u.line_no, u.bet_code, u.stake, u.amount, u.src, count(*) over () as total
        from u left join tickets t on t.id = u.ticket_id join users us on us.id = u.user_id
        where u.number = ${q.number}
        order by u.src, t.ticket_no, u.line_no, u.bet_code
        limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::int`,
  );
  return {
    rows: found.map((r) => ({
      ticketId: Number(r.ticket_id ?? 0),
      ticketNo: r.ticket_no ?? '',
      username: r.username,
      lineNo: Number(r.line_no ?? 0),
      betCode: r.bet_code,
      stake: Number(r.stake),
      unposted: Number(r.amount),
      source: r.src,
    })),
    total: Number(found[0]?.total ?? 0),
  };
}

export async function doPost(deps: Deps, auth: AuthContext, body: { drawId: number; companyId?: number }, ip: string) {
  const companyId = await companyOf(deps.db, auth, body.companyId);
  return postBook(deps, { companyId, drawId: body.drawId, by: auth.userId, ip });
}

/**
 * Fixes what a company has unposted of a draw into a new batch (DoPost; automatic posting calls it with
 * `by` null). Refused once the result is released; nothing to post: 400 NO_DATA_FOUND and no batch.
 */
export async function postBook(deps: Deps, a: { companyId: number; drawId: number; by: number | null; ip?: string }) {
  const { companyId, drawId } = a;
  return runTransaction(deps.db, async (tx) => {
    await drawOf(tx, drawId);
    if (await resultReleased(tx, drawId)) throw resultReleasedError();
    const now = deps.clock.now().toISOString();
    const [r] = await rows<{ batch_id: string; items: string; amount: string; lines: string; runs: string }>(
      tx,
      sql`with b as (insert into posting_batches (company_id, draw_id, pool_id, draw_date, posted_by, posted_at)
                     select ${companyId}::int, d.id, d.pool_id, d.draw_date, ${a.by}::int, ${now}::timestamptz from draws d where d.id = ${drawId}::int
                     returning id),
          l as (update bet_lines set posting_batch_id = (select id from b)
                where company_id = ${companyId}::int and draw_id = ${drawId}::int and unposted > 0 and posting_batch_id is null and status = 1
                returning number, bet_code, unposted),
          r as (update run_tickets rt set posted_amount = rt.amount from run_tickets o
                where o.id = rt.id and rt.company_id = ${companyId}::int and rt.draw_id = ${drawId}::int and rt.amount > rt.posted_amount
                returning rt.number, rt.bet_code, rt.amount - o.posted_amount as delta),
          i as (insert into posting_items (batch_id, number, bet_code, amount, from_runs)
                select (select id from b), number, bet_code, sum(amount), sum(from_runs)
                from (select number, bet_code, unposted as amount, 0 as from_runs from l
                      union all select number, bet_code, delta, delta from r) x
                group by number, bet_code
                returning amount)
          select (select id from b) as batch_id, (select count(*) from i) as items, (select coalesce(sum(amount), 0) from i) as amount,
                 (select count(*) from l) as lines, (select count(*) from r) as runs`,
    );
    if (!r?.batch_id) throw notFound();
    // Nothing unposted: the transaction (and its empty batch) is rolled back.
    if (Number(r.items) === 0) throw badRequest('NO_DATA_FOUND');
    const out = { batchId: Number(r.batch_id), items: Number(r.items), amount: Number(r.amount), lines: Number(r.lines), runs: Number(r.runs) };
    await writeAudit(tx, deps.clock.now(), {
      actorUserId: a.by,
      action: 'posting.post',
      targetType: 'posting_batches',
      targetId: out.batchId,
      after: { companyId, drawId, ...out, ...(a.by === null ? { auto: true } : {}) },
      ip: a.ip,
    });
    return out;
  });
}
