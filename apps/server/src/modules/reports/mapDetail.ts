// Map detail (Report/GetMapDetailReport, /map-detail): one number of a draw's map per direct downline of
// the node (and the node's own tickets): the stake per bet code and what the node ate of the lines that
// came through each. Its rows sum to the number's row of the map.
import { sql } from 'drizzle-orm';
import type { MapDetail } from '@app/contract';
import type { DbOrTx } from '../../platform/db';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { drawOf } from './map';
import { reportNode, hasDownlinesSql } from './scope';

export async function mapDetailReport(db: DbOrTx, auth: AuthContext, q: { drawId: number; number: string; userId?: number }): Promise<MapDetail> {
  const node = await reportNode(db, auth, q.userId);
  const draw = await drawOf(db, q.drawId);
  const found = await rows<{
    via: number | null;
    stake: Record<string, string>;
    stake_total: string;
    eaten: Record<string, string>;
    eaten_total: string;
    tickets: string;
    username: string | null;
    full_name: string | null;
    role_id: number | null;
    has_down: boolean;
  }>(
    db,
    sql`with l as materialized (
          select l.id, l.bet_code, l.stake, l.ticket_id,
                 nullif(split_part(substr(u.path, length(${node.path}::text) + 1), '/', 1), '')::int as via
          from bet_lines l join tickets t on t.id = l.ticket_id join users u on u.id = t.user_id
          where l.draw_id = ${q.drawId}::int and l.number = ${q.number}::text and l.status = 1 and t.status = 1
            and starts_with(u.path, ${node.path}::text)),
        pc as (select l.via, l.bet_code, sum(l.stake) as stake, coalesce(sum(e.amount), 0) as eaten
               from l left join eat_shares e on e.bet_line_id = l.id and e.user_id = ${node.userId}::int
               group by 1, 2),
        pv as (select via, jsonb_object_agg(bet_code, stake) as stake, sum(stake) as stake_total,
                      jsonb_object_agg(bet_code, eaten) as eaten, sum(eaten) as eaten_total from pc group by via),
        tk as (select via, count(distinct ticket_id) as tickets from l group by via)
        select pv.via, pv.stake, pv.stake_total, pv.eaten, pv.eaten_total, tk.tickets,
               u.username, u.full_name, u.role_id,
               ${hasDownlinesSql(sql`u.id`)} as has_down
        from pv join tk on tk.via is not distinct from pv.via left join users u on u.id = pv.via
        order by pv.via is not null, u.username`,
  );
  const nums = (o: unknown) => Object.fromEntries(Object.entries((o ?? {}) as Record<string, string | number>).map(([k, v]) => [k, Number(v)]));
  const out = found.map((r) => ({
    account: r.via == null ? null : { userId: Number(r.via), username: r.username ?? '', fullName: r.full_name ?? '', roleId: Number(r.role_id) },
    hasDownlines: !!r.has_down,
    tickets: Number(r.tickets),
    stake: nums(r.stake),
    stakeTotal: Number(r.stake_total),
    eaten: nums(r.eaten),
    eatenTotal: Number(r.eaten_total),
  }));
  const add = (a: Record<string, number>, b: Record<string, number>) => {
    for (const [k, v] of Object.entries(b)) a[k] = (a[k] ?? 0) + v;
    return a;
  };
  const totals = out.reduce(
    (t, r) => ({
      tickets: t.tickets + r.tickets,
      stake: add(t.stake, r.stake),
      stakeTotal: t.stakeTotal + r.stakeTotal,
      eaten: add(t.eaten, r.eaten),
      eatenTotal: t.eatenTotal + r.eatenTotal,
    }),
    { tickets: 0, stake: {} as Record<string, number>, stakeTotal: 0, eaten: {} as Record<string, number>, eatenTotal: 0 },
  );
  return {
    node: { userId: node.userId, username: node.username, fullName: node.fullName, roleId: node.roleId },
    breadcrumb: node.breadcrumb,
    draw,
    number: q.number,
    rows: out,
    totals,
  };
}
