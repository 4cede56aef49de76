// Run map (Report/GetRunMapReport, SaveRunTicket; DOMAIN "Reports: the figures"; decision 0030): the
// numbers of a draw on which the node ate more than its limit (its fight limit of the pool and code,
// lowered by its red numbers), by how much per code ("the run"), and what it laid off of that already.
// Saving a run ticket records the run as a lay-off for posting to distribute; the map then shows the
// number covered. One row per draw, account, number and code holds the whole run laid off so far, raised
// to the run at most and never lowered, so a repeated save (a double click) never lays off twice.
import { sql, type SQL } from 'drizzle-orm';
import type { RunMapQuery, RunMapReport, RunMapRow } from '@app/contract';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { runTransaction } from '../ledger/service';
import { numberLimitSql } from '../risk/fightLimits';
import { drawOf } from './map';
import { reportNode, type ReportNode } from './scope';

/** Per number and code: what the node ate (active lines), its limit, the run and what it laid off. */
const runSql = (node: ReportNode, draw: { drawId: number; poolId: number }) => sql`
  o as (select l.number, l.bet_code, sum(e.amount) as eaten
        from eat_shares e join bet_lines l on l.id = e.bet_line_id join tickets t on t.id = l.ticket_id
        where e.user_id = ${node.userId}::int and e.draw_id = ${draw.drawId}::int and l.status = 1 and t.status = 1
        group by 1, 2),
  lim as (${numberLimitSql(node.userId, draw.poolId, sql`select number, bet_code from o`)}),
  x as (select o.number, o.bet_code, o.eaten, lim.lim, o.eaten - lim.lim as run, coalesce(rt.amount, 0) as laid
        from o join lim on lim.number = o.number and lim.bet_code = o.bet_code
        left join run_tickets rt on rt.draw_id = ${draw.drawId}::int and rt.user_id = ${node.userId}::int
          and rt.number = o.number and rt.bet_code = o.bet_code
        where lim.lim is not null and o.eaten > lim.lim)`;

interface RawRow {
  number: string;
  bet_code: string;
  eaten: string;
  lim: string;
  run: string;
  laid: string;
}
const toRow = (r: RawRow): RunMapRow => ({
  number: r.number,
  betCode: r.bet_code,
  eaten: Number(r.eaten),
  limit: Number(r.lim),
  run: Number(r.run),
  laidOff: Number(r.laid),
  toLayOff: Math.max(Number(r.run) - Number(r.laid), 0),
});

async function drawState(db: DbOrTx, deps: Pick<Deps, 'clock'>, drawId: number) {
  const draw = await drawOf(db, drawId);
  const [c] = await rows<{ closed: boolean }>(db, sql`select cutoff_at <= ${deps.clock.now().toISOString()}::timestamptz as closed from draws where id = ${drawId}::int`);
  return { ...draw, closed: !!c?.closed };
}

export async function runMapReport(deps: Deps, auth: AuthContext, q: RunMapQuery): Promise<RunMapReport> {
  const node = await reportNode(deps.db, auth, q.userId);
  const draw = await drawState(deps.db, deps, q.drawId);
  const found = await rows<RawRow & { total: string; t_eaten: string; t_run: string; t_laid: string; t_lay: string }>(
    deps.db,
    sql`with ${runSql(node, draw)}
        select x.*, count(*) over () as total, sum(x.eaten) over () as t_eaten, sum(x.run) over () as t_run,
               sum(x.laid) over () as t_laid, sum(greatest(x.run - x.laid, 0)) over () as t_lay
        from x order by greatest(x.run - x.laid, 0) desc, x.run desc, x.number, x.bet_code
        limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::int`,
  );
  const first = found[0];
  return {
    node: { userId: node.userId, username: node.username, fullName: node.fullName, roleId: node.roleId },
    breadcrumb: node.breadcrumb,
    draw,
    rows: found.map(toRow),
    total: Number(first?.total ?? 0),
    totals: { eaten: Number(first?.t_eaten ?? 0), run: Number(first?.t_run ?? 0), laidOff: Number(first?.t_laid ?? 0), toLayOff: Number(first?.t_lay ?? 0) },
  };
}

/**
 * Lays off the run of the chosen numbers and codes (each up to `upTo` in all, at most its run) in one
 * transaction. Only while the draw sells: posting distributes the lay-off before the cutoff.
 */
export async function saveRunTicket(
  deps: Deps,
  auth: AuthContext,
  body: { drawId: number; userId?: number; items: { number: string; betCode: string; upTo?: number }[] },
  ip: string,
): Promise<{ saved: number; rows: RunMapRow[] }> {
  return runTransaction(deps.db, async (tx) => {
    const node = await reportNode(tx, auth, body.userId);
    const draw = await drawState(tx, deps, body.drawId);
    if (draw.closed) throw refused('DRAW_CLOSED');
    const now = deps.clock.now();
    const items: SQL = sql`select * from jsonb_to_recordset(${JSON.stringify(body.items)}::jsonb) as i(number text, "betCode" text, "upTo" bigint)`;
    const saved = await rows<{ number: string; bet_code: string; amount: string }>(
      tx,
      sql`with ${runSql(node, draw)},
          want as (select x.number, x.bet_code, least(x.run, coalesce(max(i."upTo"), x.run)) as amount
                   from x join (${items}) i on i.number = x.number and i."betCode" = x.bet_code
                   group by x.number, x.bet_code, x.run)
          insert into run_tickets (company_id, draw_id, pool_id, draw_date, user_id, number, bet_code, amount, created_by, created_at, updated_by, updated_at)
          select (select company_id from users where id = ${node.userId}::int), ${draw.drawId}::int, ${draw.poolId}::int, ${draw.drawDate}::date,
                 ${node.userId}::int, w.number, w.bet_code, w.amount, ${auth.userId}::int, ${now.toISOString()}::timestamptz, ${auth.userId}::int, ${now.toISOString()}::timestamptz
          from want w where w.amount > 0
          on conflict (draw_id, user_id, number, bet_code) do update
            set amount = excluded.amount, updated_by = excluded.updated_by, updated_at = excluded.updated_at
            where run_tickets.amount < excluded.amount
          returning number, bet_code, amount`,
    );
    if (saved.length) {
      await writeAudit(tx, now, {
        actorUserId: auth.userId,
        action: 'run-ticket.save',
        targetType: 'draws',
        targetId: draw.drawId,
        after: { userId: node.userId, laidOff: saved.map((r) => ({ number: r.number, betCode: r.bet_code, amount: Number(r.amount) })) },
        ip,
      });
    }
    const keys = body.items.map((i) => `${i.number}|${i.betCode}`);
    const after = await rows<RawRow>(tx, sql`with ${runSql(node, draw)} select * from x where x.number || '|' || x.bet_code = any(${`{${keys.join(',')}}`}::text[]) order by x.number, x.bet_code`);
    return { saved: saved.length, rows: after.map(toRow) };
  });
}
