// Map (Report/GetMapReport, GetMapReportTicket; DOMAIN "Reports"): a draw's exposure per number for the
// node: the stake of its subtree per bet code, what the node itself ate, and what that eaten part would
// pay at the rates settlement will book it at (the node's package in force now, the pool's override first;
// a company's, its direct downline's: the link rule) if the number struck
// each prize; the largest is the number's risk. What the node laid off by run tickets (decision 0030) is
// shown and taken off its eaten part before pricing: the map shows that exposure covered. Read while
// bets arrive from the map summary placement and voiding keep per account, number and code (decision
// 0034: written by the placing statement itself, so a ticket placed a second ago is in it).
import { sql, type SQL } from 'drizzle-orm';
import { isGdPool, PackageType, RoleId } from '@app/domain';
import { MAP_PRIZES, type MapQuery, type MapReport, type MapTicket } from '@app/contract';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';
import { poolRegistry } from '../pools/registry';
import { effectivePackageIdSql, packageRatesSql } from '../packages/queries';
import { reportNode, type ReportNode } from './scope';

export async function drawOf(db: DbOrTx, drawId: number) {
  const [d] = await rows<{ drawId: number; poolId: number; drawDate: string; hasResult: boolean }>(
    db,
    sql`select d.id as "drawId", d.pool_id as "poolId", to_char(d.draw_date, 'YYYY-MM-DD') as "drawDate",
               exists (select 1 from pool_results r where r.draw_id = d.id and r.status = 'released') as "hasResult"
        from draws d where d.id = ${drawId}::int`,
  );
  if (!d) throw notFound();
  return { ...d, drawId: Number(d.drawId), poolId: Number(d.poolId) };
}

/** The node's active lines on the draw (its whole subtree). */
export const subtreeLines = (node: ReportNode, drawId: number) => sql`
  select l.id, l.number, l.bet_code, l.stake, l.ticket_id
  from bet_lines l join tickets t on t.id = l.ticket_id join users u on u.id = t.user_id
  where l.draw_id = ${drawId}::int and l.status = 1 and t.status = 1 and starts_with(u.path, ${node.path}::text)`;

export async function mapReport(db: DbOrTx, auth: AuthContext, q: MapQuery): Promise<MapReport> {
  const node = await reportNode(db, auth, q.userId);
  const draw = await drawOf(db, q.drawId);
  const packageType = isGdPool(await poolRegistry(db), draw.poolId) ? PackageType.GD : PackageType.Normal;
  // What each eaten part will be settled at (issue 29 line 2, DOMAIN's link rule): an account below the
  // company at its own package; the company, at the top of its chains, at the package of the direct downline
  // the line came through (settlement values what reaches it at its downline's rates). Packages in force now.
  const top = !node.platform && node.roleId === RoleId.Company;
  const vias = top
    ? await rows<{ id: number; path: string; pkg: number }>(
        db,
        sql`select dl.id, dl.path, (${effectivePackageIdSql(sql`dl.id`, packageType, false)}) as pkg
            from users dl where dl.upline_id = ${node.userId}::int and dl.is_main_account`,
      )
    : [];
  const viaPackages = [...new Set(vias.map((v) => Number(v.pkg)))];
  // One package below the company (the common case) prices from the map summary as for any account; several
  // split its eaten part by the downline each line came through, from its eat shares.
  const split = viaPackages.length > 1;
  const packageIds = !top
    ? effectivePackageIdSql(node.userId, packageType, false)
    : viaPackages.length === 0
      ? sql`select null::int`
      : sql`select unnest(${`{${viaPackages.join(',')}}`}::int[])`;
  // Several packages below the company: its eaten part split by the downline each line came through (from
  // its eat shares), each piece priced at that downline's package in proportion of what run tickets left.
  const splitPayouts = sql`
    pe as (
      select l.number, l.bet_code, v.pkg, sum(e.amount) as eaten
      from eat_shares e join bet_lines l on l.id = e.bet_line_id join tickets t on t.id = l.ticket_id join users u on u.id = t.user_id
      join (select unnest(${`{${vias.map((v) => v.id).join(',')}}`}::int[]) as id, unnest(${`{${vias.map((v) => `"${v.path}"`).join(',')}}`}::text[]) as path,
                   unnest(${`{${vias.map((v) => v.pkg).join(',')}}`}::int[]) as pkg) v on starts_with(u.path, v.path)
      where e.user_id = ${node.userId}::int and e.draw_id = ${q.drawId}::int and l.status = 1 and t.status = 1
        and (${q.number ?? ''}::text = '' or starts_with(l.number, ${q.number ?? ''}::text))
      group by 1, 2, 3
    ),
    po as (
      select pe.number, ${sql.raw(MAP_PRIZES.map((p) => `sum((pe.eaten * o.net / o.eaten) * coalesce(ro.${p}, rd.${p}, 0) / 100)::bigint as p_${p}`).join(', '))}
      from pe join o on o.number = pe.number and o.bet_code = pe.bet_code and o.eaten <> 0
      left join r rd on rd."packageId" = pe.pkg and rd.code = pe.bet_code and rd."poolId" is null
      left join r ro on ro."packageId" = pe.pkg and ro.code = pe.bet_code and ro."poolId" = ${draw.poolId}::int
      group by pe.number
    ),`;
  // One package (the common case): each (number, code) priced in the same pass that totals the number. The
  // sum of net x rate over the codes, divided by 100 once, is what pricing each code's net / 100 and adding
  // them gives (exact numerics), without a division per code and prize.
  const payouts = split
    ? MAP_PRIZES.map((p) => `max(po.p_${p}) as p_${p}`).join(', ')
    : MAP_PRIZES.map((p) => `(sum(c.net * coalesce(rc.${p}, 0))::numeric / 100)::bigint as p_${p}`).join(', ');
  // The one package's rate per code and prize, the pool's override first (one row per code: one join per
  // (number, code), where the default's row and the override's row were two).
  const rates = split
    ? sql`left join po on po.number = c.number`
    : sql`left join (
            select code, ${sql.raw(MAP_PRIZES.map((p) => `coalesce(max(${p}) filter (where "poolId" = ${draw.poolId}), max(${p}) filter (where "poolId" is null)) as ${p}`).join(', '))}
            from r group by code
          ) rc on rc.code = c.bet_code`;
  const risk = `greatest(${MAP_PRIZES.map((p) => `coalesce(x.p_${p}, 0)`).join(', ')})`;
  const order = { risk: `${risk} desc, x.number`, number: 'x.number', stake: 'x.stake_total desc, x.number', eaten: 'x.eaten_total desc, x.number' }[q.sortBy];
  const search = (column: SQL) => sql`(${q.number ?? ''}::text = '' or starts_with(${column}, ${q.number ?? ''}::text))`;
  // The node's stake and eaten part per number and code (`only`: a condition on the number), and what it
  // laid off by run tickets (decision 0030): its exposure is what it ate net of that (nothing laid off
  // where it ate nothing). Written inline where it is read once, so that the planner counts its numbers
  // from the summary's statistics (a CTE's rows it guesses, and a grouping it guessed at 67 numbers
  // spilled to disk at 10,000).
  const nodeRows = (only: (column: SQL) => SQL) => sql`
    select ms.number, ms.bet_code, ms.stake, ms.eaten,
           case when ms.eaten <> 0 then coalesce(rt.amount, 0) else 0 end as run,
           case when ms.eaten <> 0 then greatest(ms.eaten - coalesce(rt.amount, 0), 0) else 0 end as net
    from (
      select number, bet_code, sum(stake)::bigint as stake, sum(eaten)::bigint as eaten from (
        select number, bet_code, stake, eaten from map_summary
        where draw_id = ${q.drawId}::int and user_id = ${node.userId}::int and ${only(sql`number`)}
        union all
        -- The node's own tickets (the summary keeps rows for the accounts above a ticket's owner only).
        select l.number, l.bet_code, l.stake, coalesce(e.amount, 0)
        from tickets t join bet_lines l on l.ticket_id = t.id
        left join eat_shares e on e.bet_line_id = l.id and e.user_id = ${node.userId}::int
        where t.user_id = ${node.userId}::int and t.status = 1 and l.status = 1 and l.draw_id = ${q.drawId}::int and ${only(sql`l.number`)}
      ) x
      group by 1, 2
    ) ms
    left join run_tickets rt on rt.draw_id = ${q.drawId}::int and rt.user_id = ${node.userId}::int and rt.number = ms.number and rt.bet_code = ms.bet_code`;
  const found = await rows<Record<string, string | Record<string, string>>>(
    db,
    sql`with r as (${packageRatesSql(packageIds)}),
        ${split ? sql`c as materialized (${nodeRows(search)}), o as (select * from c where eaten <> 0), ${splitPayouts}` : sql``}
        -- Each number's totals and payouts in one grouping (numbers with a stake).
        x as (
          select c.number, sum(c.stake) as stake_total, sum(c.eaten) as eaten_total, sum(c.run) as run_total, ${sql.raw(payouts)}
          from ${split ? sql`c` : sql`(${nodeRows(search)}) c`} ${rates}
          group by c.number having count(*) filter (where c.stake <> 0) > 0
        ),
        pg as (
          select x.*, ${sql.raw(risk)} as risk, count(*) over () as total, sum(x.stake_total) over () as t_stake, sum(x.eaten_total) over () as t_eaten,
                 sum(x.run_total) over () as t_run
          from x order by ${sql.raw(order)}
          limit ${q.pageSize}::int offset ${(q.page - 1) * q.pageSize}::int
        ),
        -- The per-code objects of the page's numbers only (read again by number: a few index entries each).
        st as (select c.number, jsonb_object_agg(c.bet_code, c.stake) filter (where c.stake <> 0) as stake,
                      coalesce(jsonb_object_agg(c.bet_code, c.eaten) filter (where c.eaten <> 0), '{}'::jsonb) as eaten,
                      coalesce(jsonb_object_agg(c.bet_code, c.run) filter (where c.eaten <> 0 and c.run > 0), '{}'::jsonb) as run
               from (${nodeRows((column) => sql`${column} in (select number from pg)`)}) c group by c.number)
        select pg.*, st.stake, st.eaten, st.run
        from pg join st on st.number = pg.number
        order by ${sql.raw(order.replaceAll('x.', 'pg.'))}`,
  );
  const nums = (o: unknown) => Object.fromEntries(Object.entries((o ?? {}) as Record<string, string | number>).map(([k, v]) => [k, Number(v)]));
  const first = found[0];
  return {
    node: { userId: node.userId, username: node.username, fullName: node.fullName, roleId: node.roleId },
    breadcrumb: node.breadcrumb,
    draw,
    rows: found.map((r) => ({
      number: String(r.number),
      stake: nums(r.stake),
      stakeTotal: Number(r.stake_total),
      eaten: nums(r.eaten),
      eatenTotal: Number(r.eaten_total),
      run: nums(r.run),
      runTotal: Number(r.run_total),
      payouts: Object.fromEntries(MAP_PRIZES.map((p) => [p, Number(r[`p_${p}`] ?? 0)])),
      risk: Number(r.risk),
    })),
    total: Number(first?.total ?? 0),
    totals: { stakeTotal: Number(first?.t_stake ?? 0), eatenTotal: Number(first?.t_eaten ?? 0), runTotal: Number(first?.t_run ?? 0) },
  };
}

/** The tickets behind one number of the map: each line's stake and what the node ate of it. */
export async function mapTickets(db: DbOrTx, auth: AuthContext, q: { drawId: number; number: string; userId?: number }): Promise<MapTicket[]> {
  const node = await reportNode(db, auth, q.userId);
  const found = await rows<{ ticketId: number; ticketNo: string; username: string; betCode: string; stake: string; eaten: string; orderedAt: string }>(
    db,
    sql`select t.id as "ticketId", t.ticket_no as "ticketNo", u.username, l.bet_code as "betCode", sum(l.stake) as stake,
               coalesce(sum(e.amount), 0) as eaten, t.ordered_at as "orderedAt"
        from bet_lines l join tickets t on t.id = l.ticket_id join users u on u.id = t.user_id
        left join eat_shares e on e.bet_line_id = l.id and e.user_id = ${node.userId}::int
        where l.draw_id = ${q.drawId}::int and l.number = ${q.number}::text and l.status = 1 and t.status = 1 and starts_with(u.path, ${node.path}::text)
        group by t.id, u.username, l.bet_code order by t.ordered_at, t.id
        limit 1000`,
  );
  return found.map((r) => ({ ...r, ticketId: Number(r.ticketId), stake: Number(r.stake), eaten: Number(r.eaten), orderedAt: new Date(r.orderedAt).toISOString() }));
}
