// Occupied report (Report/GetWinLossOccupiedReport) and an account's eaten totals per draw
// (Report/GetUserEatData); DOMAIN "Reports: the figures", decision 0028.
// Occupied: the node's own position per pool and bet code over the range, from what settlement booked
// for it (settlement_figures): the stake that reached it, what it ate, its share, and its own win/loss
// (its eaten part at its own rates, as win/loss computes it from the same columns).
// Eat data: per draw, the stake the account ate per bet code: for a draw not yet distributed, the eat
// shares the risk module wrote at placement (of active lines); for a distributed one, the figures.
import { sql } from 'drizzle-orm';
import type { OccupiedQuery, OccupiedReport, OccupiedRow, UserEatData, UserEatDataQuery } from '@app/contract';
import type { DbOrTx } from '../../platform/db';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { betCodeSql, direction, drawFilterSql, reportStart } from './scope';

const SORT: Record<OccupiedQuery['sortBy'], string> = { pool: 'o.pool_id', turnover: 'o.turnover', eaten: 'o.eaten', ownWinLoss: 'o.own_win_loss' };
const share = (eaten: number, turnover: number) => (turnover === 0 ? 0 : Math.round((eaten * 10_000) / turnover) / 100);
const n = (v: string | number | null | undefined) => Number(v ?? 0);

export async function occupiedReport(db: DbOrTx, auth: AuthContext, q: OccupiedQuery): Promise<OccupiedReport> {
  const { node, head } = await reportStart(db, auth, q);
  // The platform's accounts are in no chain: their position is their companies' (each one's result).
  const whose = node.platform
    ? sql`f.user_id in (select id from users where upline_id = ${node.userId}::int and is_main_account)`
    : sql`f.user_id = ${node.userId}::int`;
  // Own win/loss as win/loss reads it: a row of own tickets (and a company for the platform) is its result.
  const own = node.platform
    ? sql`f.link_below - f.link`
    : sql`case when f.via_user_id = 0 then f.link_below - f.link else f.pass + f.eaten - f.commission_in - f.winnings_in - f.link end`;
  const found = await rows<{ pool_id: number; bet_code: string; lines: string; turnover: string; eaten: string; own_win_loss: string; total: string } & Record<string, string>>(
    db,
    sql`with o as (
          select s.pool_id, f.bet_code, sum(f.lines) as lines, sum(f.turnover) as turnover, sum(f.eaten) as eaten, sum(${own}) as own_win_loss
          from settlement_figures f
          join draw_settlements s on s.draw_id = f.draw_id and s.round = f.round and s.distributed_at is not null
          where ${whose} and ${drawFilterSql('s', q, head.blockedDates)} and ${betCodeSql(sql`f.bet_code`, q)}
          group by s.pool_id, f.bet_code
        )
        select o.*, count(*) over () as total, sum(o.lines) over () as t_lines, sum(o.turnover) over () as t_turnover,
               sum(o.eaten) over () as t_eaten, sum(o.own_win_loss) over () as t_own
        from o order by ${sql.raw(SORT[q.sortBy])} ${direction(q.sortOrder)}, o.pool_id, o.bet_code
        limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::int`,
  );
  if (!found.length && q.page > 1) return occupiedReport(db, auth, { ...q, page: 1, pageSize: 1 }).then((r) => ({ ...r, rows: [] }));
  const list: OccupiedRow[] = found.map((r) => ({
    poolId: Number(r.pool_id),
    betCode: r.bet_code,
    lines: n(r.lines),
    turnover: n(r.turnover),
    eaten: n(r.eaten),
    share: share(n(r.eaten), n(r.turnover)),
    ownWinLoss: n(r.own_win_loss),
  }));
  const f = found[0];
  const totals = { lines: n(f?.t_lines), turnover: n(f?.t_turnover), eaten: n(f?.t_eaten), share: share(n(f?.t_eaten), n(f?.t_turnover)), ownWinLoss: n(f?.t_own) };
  return { ...head, rows: list, total: n(f?.total), totals };
}

export async function userEatData(db: DbOrTx, auth: AuthContext, q: UserEatDataQuery): Promise<UserEatData> {
  const { node, head } = await reportStart(db, auth, q);
  // Only dates blocked by hand are held back: a settling date's eaten stake is what placement wrote.
  const byHand = head.blockedDates.filter((d) => !head.settlingDates.includes(d));
  const found = await rows<{ draw_id: number; draw_date: string; pool_id: number; state: 'open' | 'settling' | 'settled'; bet_code: string; eaten: string }>(
    db,
    sql`with d as (
          select d.id, to_char(d.draw_date, 'YYYY-MM-DD') as draw_date, d.pool_id, s.round,
                 case when s.distributed_at is not null then 'settled' when s.draw_id is not null then 'settling' else 'open' end as state
          from draws d left join draw_settlements s on s.draw_id = d.id
          where ${drawFilterSql('d', q, byHand)}
        ),
        e as (
          select d.id as draw_id, f.bet_code, sum(f.eaten) as eaten
          from d join settlement_figures f on f.draw_id = d.id and f.round = d.round and f.user_id = ${node.userId}::int
          where d.state = 'settled' and ${betCodeSql(sql`f.bet_code`, q)}
          group by 1, 2
          union all
          select d.id, l.bet_code, sum(es.amount)
          from d join eat_shares es on es.draw_id = d.id and es.user_id = ${node.userId}::int
          join bet_lines l on l.id = es.bet_line_id and l.status = 1
          where d.state <> 'settled' and ${betCodeSql(sql`l.bet_code`, q)}
          group by 1, 2
        )
        select d.id as draw_id, d.draw_date, d.pool_id, d.state, e.bet_code, e.eaten
        from e join d on d.id = e.draw_id
        where e.eaten <> 0
        order by d.draw_date desc, d.pool_id, e.bet_code`,
  );
  const draws = new Map<number, UserEatData['draws'][number]>();
  const totals: Record<string, number> = {};
  for (const r of found) {
    const id = Number(r.draw_id);
    const draw = draws.get(id) ?? { drawId: id, drawDate: r.draw_date, poolId: Number(r.pool_id), state: r.state, eaten: {}, total: 0 };
    draw.eaten[r.bet_code] = (draw.eaten[r.bet_code] ?? 0) + n(r.eaten);
    draw.total += n(r.eaten);
    totals[r.bet_code] = (totals[r.bet_code] ?? 0) + n(r.eaten);
    draws.set(id, draw);
  }
  const list = [...draws.values()];
  return { ...head, blockedDates: byHand, draws: list, totals, total: list.reduce((s, d) => s + d.total, 0) };
}
