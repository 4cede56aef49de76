// Winning and strike (Report/GetWinningReport): a draw date's released results, each with the strikes of
// the node's subtree grouped by number, bet code and prize (the lines, their bettors, stake and the
// winnings settlement booked), and how far the draw's settlement is. Read from winners of the draw's
// current round; a line struck in several slots counts once, under the highest prize it struck.
import { sql } from 'drizzle-orm';
import type { WinningQuery, WinningReport } from '@app/contract';
import type { PoolResult } from '@app/domain';
import type { DbOrTx } from '../../platform/db';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { reportNode } from './scope';
import { prizeOfSql } from './settledSummaries';

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);


export async function winningReport(db: DbOrTx, auth: AuthContext, q: WinningQuery): Promise<WinningReport> {
  const node = await reportNode(db, auth, q.userId);
  const draws = await rows<{ drawId: number; poolId: number; numbers: PoolResult; round: number | null; winnersAt: string | null; distributedAt: string | null }>(
    db,
    sql`select r.draw_id as "drawId", r.pool_id as "poolId", r.numbers, s.round, s.winners_at as "winnersAt", s.distributed_at as "distributedAt"
        from pool_results r left join draw_settlements s on s.draw_id = r.draw_id
        where r.draw_date = ${q.drawDate}::date and r.status = 'released' and (${q.poolId}::int = -1 or r.pool_id = ${q.poolId}::int)
        order by r.pool_id`,
  );
  // A distributed draw's strikes from the node's winning summary (decision 0039); one whose round is not
  // distributed yet (winnings not booked, a short moment) from its winners, as the summary would give them.
  const summed = draws.filter((d) => d.distributedAt !== null).map((d) => Number(d.drawId));
  const raw = draws.filter((d) => d.distributedAt === null && d.round !== null).map((d) => Number(d.drawId));
  const idList = (ids: number[]) => `{${ids.join(',')}}`;
  type Strike = { drawId: number; number: string; betCode: string; prize: string; lines: string; bettors: string; stake: string; winnings: string };
  const strikes = [
    ...(summed.length
      ? await rows<Strike>(
          db,
          sql`select ws.draw_id as "drawId", ws.number, ws.bet_code as "betCode", ws.prize,
                     sum(ws.lines) as lines, sum(ws.bettors) as bettors, sum(ws.stake) as stake, sum(ws.winnings) as winnings
              from draw_settlements s join winning_summary ws on ws.draw_id = s.draw_id and ws.round = s.round
              where s.draw_id = any(${idList(summed)}::int[]) and ws.user_id = ${node.userId}::int
              group by 1, 2, 3, 4`,
        )
      : []),
    ...(raw.length
      ? await rows<Strike>(
          db,
          sql`select w.draw_id as "drawId", w.number, w.bet_code as "betCode", ${prizeOfSql('w')} as prize,
                     count(*) as lines, count(distinct w.user_id) as bettors, sum(w.stake) as stake, sum(coalesce(w.player_winnings, 0)) as winnings
              from draw_settlements s
              join winners w on w.draw_id = s.draw_id and w.round = s.round
              join users u on u.id = w.user_id
              where s.draw_id = any(${idList(raw)}::int[]) and starts_with(u.path, ${node.path}::text)
              group by 1, 2, 3, 4`,
        )
      : []),
  ];
  // Ordered as the report always listed them: by draw, prize, number and code (as text).
  strikes.sort((a, b) => Number(a.drawId) - Number(b.drawId) || cmp(a.prize, b.prize) || cmp(a.number, b.number) || cmp(a.betCode, b.betCode));
  return {
    node: { userId: node.userId, username: node.username, fullName: node.fullName, roleId: node.roleId },
    breadcrumb: node.breadcrumb,
    drawDate: q.drawDate,
    draws: draws.map((d) => {
      const own = strikes.filter((s) => Number(s.drawId) === Number(d.drawId));
      const list = own.map((s) => ({
        number: s.number,
        betCode: s.betCode,
        prize: s.prize,
        lines: Number(s.lines),
        bettors: Number(s.bettors),
        stake: Number(s.stake),
        winnings: Number(s.winnings),
      }));
      return {
        drawId: Number(d.drawId),
        poolId: Number(d.poolId),
        numbers: d.numbers,
        round: d.round === null ? null : Number(d.round),
        winnersFound: d.winnersAt !== null,
        distributed: d.distributedAt !== null,
        strikes: list,
        totals: list.reduce((a, s) => ({ lines: a.lines + s.lines, stake: a.stake + s.stake, winnings: a.winnings + s.winnings }), { lines: 0, stake: 0, winnings: 0 }),
      };
    }),
  };
}
