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
import { breadcrumb, reportNode } from './scope';

const TIERS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'starter', 'consolation'] as const;

export async function winningReport(db: DbOrTx, auth: AuthContext, q: WinningQuery): Promise<WinningReport> {
  const node = await reportNode(db, auth, q.userId);
  const draws = await rows<{ drawId: number; poolId: number; numbers: PoolResult; round: number | null; winnersAt: string | null; distributedAt: string | null }>(
    db,
    sql`select r.draw_id as "drawId", r.pool_id as "poolId", r.numbers, s.round, s.winners_at as "winnersAt", s.distributed_at as "distributedAt"
        from pool_results r left join draw_settlements s on s.draw_id = r.draw_id
        where r.draw_date = ${q.drawDate}::date and r.status = 'released' and (${q.poolId}::int = -1 or r.pool_id = ${q.poolId}::int)
        order by r.pool_id`,
  );
  const ids = draws.map((d) => Number(d.drawId));
  // The highest tier a line struck carries its winnings (so a line in two slots is not counted twice).
  const tierOf = TIERS.map((p) => `when w.n_${p} > 0 then '${p}'`).join(' ');
  const strikes = ids.length
    ? await rows<{ drawId: number; number: string; betCode: string; prize: string; lines: string; bettors: string; stake: string; winnings: string }>(
        db,
        sql`select w.draw_id as "drawId", l.number, l.bet_code as "betCode", case ${sql.raw(tierOf)} end as prize,
                   count(*) as lines, count(distinct t.user_id) as bettors, sum(l.stake) as stake, sum(coalesce(w.player_winnings, 0)) as winnings
            from draw_settlements s
            join winners w on w.draw_id = s.draw_id and w.round = s.round
            join bet_lines l on l.id = w.bet_line_id
            join tickets t on t.id = w.ticket_id
            join users u on u.id = t.user_id
            where s.draw_id = any(${`{${ids.join(',')}}`}::int[]) and starts_with(u.path, ${node.path}::text)
            group by 1, 2, 3, 4 order by 1, 4, 2, 3`,
      )
    : [];
  return {
    node: { userId: node.userId, username: node.username, fullName: node.fullName, roleId: node.roleId },
    breadcrumb: await breadcrumb(db, auth, node),
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
