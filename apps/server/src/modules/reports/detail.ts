// /winloss-detail: one bettor's settled lines in the range, with what it won and its result on each:
// the stake and commission booked at placement and the winnings settlement booked for the line
// (winners.player_winnings of the draw's current round), never recomputed from rates.
import { sql } from 'drizzle-orm';
import type { WinLossDetail, WinLossDetailQuery } from '@app/contract';
import type { DbOrTx } from '../../platform/db';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { betCodeSql, drawFilterSql, reportStart } from './scope';

export async function winLossDetail(db: DbOrTx, auth: AuthContext, q: WinLossDetailQuery): Promise<WinLossDetail> {
  const { node, head } = await reportStart(db, auth, q);
  const found = await rows<Record<string, string | number>>(
    db,
    sql`with l as materialized (
          select l.ticket_id, t.ticket_no, to_char(l.draw_date, 'YYYY-MM-DD') as draw_date, l.pool_id, l.number, l.bet_code, l.stake, l.commission,
                 coalesce(w.player_winnings, 0) as winnings, l.id
          from tickets t
          join bet_lines l on l.ticket_id = t.id and l.status = 1
          join draw_settlements s on s.draw_id = l.draw_id and s.distributed_at is not null
          left join winners w on w.draw_id = l.draw_id and w.round = s.round and w.bet_line_id = l.id
          where t.user_id = ${node.userId}::int and t.status = 1 and ${drawFilterSql('s', q, head.blockedDates)} and ${betCodeSql(sql`l.bet_code`, q)}
            and l.draw_id in (select d.id from draws d where ${drawFilterSql('d', q, head.blockedDates)})
        )
        select l.*, l.winnings - (l.stake - l.commission) as result, count(*) over () as total,
               sum(l.stake) over () as t_stake, sum(l.commission) over () as t_commission, sum(l.winnings) over () as t_winnings,
               sum(l.winnings - (l.stake - l.commission)) over () as t_result
        from l order by l.draw_date ${sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc')}, l.ticket_id, l.id
        limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::int`,
  );
  const first = found[0];
  if (!first && q.page > 1) return winLossDetail(db, auth, { ...q, page: 1, pageSize: 1 }).then((r) => ({ ...r, lines: [] }));
  return {
    ...head,
    lines: found.map((r) => ({
      ticketId: Number(r.ticket_id),
      ticketNo: String(r.ticket_no),
      drawDate: String(r.draw_date),
      poolId: Number(r.pool_id),
      number: String(r.number),
      betCode: String(r.bet_code),
      stake: Number(r.stake),
      commission: Number(r.commission),
      winnings: Number(r.winnings),
      result: Number(r.result),
    })),
    total: Number(first?.total ?? 0),
    totals: {
      stake: Number(first?.t_stake ?? 0),
      commission: Number(first?.t_commission ?? 0),
      winnings: Number(first?.t_winnings ?? 0),
      result: Number(first?.t_result ?? 0),
    },
  };
}
