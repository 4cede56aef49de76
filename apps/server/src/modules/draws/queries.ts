import { and, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { draws, poolCutoffs, pools, poolWeekdayCutoffs } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

const drawColumns = {
  drawId: draws.id,
  poolId: draws.poolId,
  letter: pools.letter,
  poolName: pools.name,
  drawDate: draws.drawDate,
  isSpecial: draws.isSpecial,
  recordStatus: draws.recordStatus,
  cutoffAt: draws.cutoffAt,
  ownCutoff: sql<boolean>`${draws.ownCutoffHour} is not null`.as('own_cutoff'),
  poolActive: sql<boolean>`${pools.recordStatus} = 1`.as('pool_active'),
};

export async function drawsBetween(db: DbOrTx, from: string, to: string, poolId?: number) {
  return db
    .select(drawColumns)
    .from(draws)
    .innerJoin(pools, eq(pools.id, draws.poolId))
    .where(and(gte(draws.drawDate, from), lt(draws.drawDate, to), ne(draws.recordStatus, 2), poolId ? eq(draws.poolId, poolId) : undefined))
    .orderBy(asc(draws.drawDate), asc(draws.poolId));
}

export async function drawById(db: DbOrTx, id: number) {
  const [row] = await db.select(drawColumns).from(draws).innerJoin(pools, eq(pools.id, draws.poolId)).where(eq(draws.id, id));
  return row;
}

export async function drawOf(db: DbOrTx, poolId: number, drawDate: string) {
  const [row] = await db
    .select(drawColumns)
    .from(draws)
    .innerJoin(pools, eq(pools.id, draws.poolId))
    .where(and(eq(draws.poolId, poolId), eq(draws.drawDate, drawDate)));
  return row;
}

export async function cutoffs(db: DbOrTx) {
  return db
    .select({
      poolId: pools.id,
      letter: pools.letter,
      code: pools.code,
      name: pools.name,
      recordStatus: pools.recordStatus,
      digit: pools.digit,
      packageType: pools.packageType,
      resultForm: pools.resultForm,
      drawDays: pools.drawDays,
      cutoffHour: poolCutoffs.cutoffHour,
      cutoffMinute: poolCutoffs.cutoffMinute,
    })
    .from(pools)
    .innerJoin(poolCutoffs, eq(poolCutoffs.poolId, pools.id))
    .orderBy(asc(pools.id));
}

/** Every pool's own weekday cutoffs (the days that differ from its default). */
export async function weekdayCutoffs(db: DbOrTx) {
  return db.select().from(poolWeekdayCutoffs).orderBy(asc(poolWeekdayCutoffs.poolId), asc(poolWeekdayCutoffs.weekday));
}

/**
 * SQL of a draw's cutoff instant: its own time, else its pool's time for the date's weekday, else the
 * pool's default, on the date in the business time zone. `c` is the pool's pool_cutoffs row and `w` its
 * pool_weekday_cutoffs row for that weekday (left joined).
 */
const cutoffInstantSql = (date: SQL, ownHour: SQL, ownMinute: SQL, tz: string) =>
  sql`(${date}::timestamp + make_interval(hours => coalesce(${ownHour}, w.cutoff_hour, c.cutoff_hour)::int,
                                          mins => coalesce(${ownMinute}, w.cutoff_minute, c.cutoff_minute)::int)) at time zone ${tz}`;

/** The cutoff instant of a draw of the pool on the date, with its own time when given. */
export async function cutoffInstantOf(db: DbOrTx, poolId: number, drawDate: string, own: { hour: number; minute: number } | null, tz: string): Promise<Date> {
  const res = await db.execute(sql`
    select ${cutoffInstantSql(sql`${drawDate}::date`, sql`${own?.hour ?? null}::int`, sql`${own?.minute ?? null}::int`, tz)} as at
    from pool_cutoffs c
    left join pool_weekday_cutoffs w on w.pool_id = c.pool_id and w.weekday = extract(dow from ${drawDate}::date)::int
    where c.pool_id = ${poolId}`);
  const at = (res as unknown as { rows: { at: Date | string }[] }).rows[0]?.at;
  if (at === undefined) throw new Error(`pool ${poolId} has no cutoff`);
  return new Date(at);
}

/** The next `count` open draws of each pool (cutoff still ahead), in one statement. */
export async function nextOpenDraws(db: DbOrTx, poolIds: number[], now: Date, count: number) {
  if (!poolIds.length) return [];
  const ranked = db
    .select({
      ...drawColumns,
      rank: sql<number>`row_number() over (partition by ${draws.poolId} order by ${draws.drawDate})`.as('rank'),
    })
    .from(draws)
    .innerJoin(pools, eq(pools.id, draws.poolId))
    .where(and(inArray(draws.poolId, poolIds), eq(draws.recordStatus, 1), sql`${draws.cutoffAt} > ${now}`))
    .as('ranked');
  return db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${count}`)
    .orderBy(asc(ranked.drawDate), asc(ranked.poolId));
}

/**
 * Inserts the draws of a year for one pool on the given weekdays (0 Sunday .. 6 Saturday), set-based,
 * skipping dates that already have a draw; the cutoff instant is the pool's cutoff in the business zone.
 */
export async function scheduleYear(db: DbOrTx, poolId: number, year: number, weekdays: number[], tz: string, by: number, fromDate?: string) {
  if (!weekdays.length) return 0;
  // A pool added mid-year gets its draws from the day it is added, not back-dated ones nobody could bet on.
  const first = fromDate ? sql`greatest(make_date(${year}, 1, 1), ${fromDate}::date)` : sql`make_date(${year}, 1, 1)`;
  const rows = await db.execute(sql`
    insert into draws (pool_id, draw_date, is_special, record_status, cutoff_at, created_by)
    select ${poolId}, d::date, false, 1, ${cutoffInstantSql(sql`d::date`, sql`null::int`, sql`null::int`, tz)}, ${by}
    from generate_series(${first}, make_date(${year}, 12, 31), interval '1 day') as d
    cross join pool_cutoffs c
    left join pool_weekday_cutoffs w on w.pool_id = c.pool_id and w.weekday = extract(dow from d)::int
    where c.pool_id = ${poolId} and extract(dow from d)::int = any(${sql.raw(`ARRAY[${weekdays.map(Number).join(',')}]::int[]`)})
    on conflict (pool_id, draw_date) do nothing
    returning id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Recomputes the cutoff instant of a pool's draws whose cutoff is still ahead and that follow the pool's
 * times (a draw with its own time keeps it), in one statement.
 */
export async function recomputeFutureCutoffs(db: DbOrTx, poolId: number, now: Date, tz: string) {
  await db.execute(sql`
    with x as (
      select d.id, ${cutoffInstantSql(sql`d.draw_date`, sql`null::int`, sql`null::int`, tz)} as at
      from draws d
      join pool_cutoffs c on c.pool_id = d.pool_id
      left join pool_weekday_cutoffs w on w.pool_id = d.pool_id and w.weekday = extract(dow from d.draw_date)::int
      where d.pool_id = ${poolId} and d.cutoff_at > ${now} and d.own_cutoff_hour is null
    )
    update draws set cutoff_at = x.at from x where draws.id = x.id`);
}

/** The draws of these pools on these dates (any status), in one statement. */
export async function drawsOn(db: DbOrTx, poolIds: number[], dates: string[]) {
  if (!poolIds.length || !dates.length) return [];
  return db
    .select(drawColumns)
    .from(draws)
    .innerJoin(pools, eq(pools.id, draws.poolId))
    .where(and(inArray(draws.poolId, poolIds), inArray(draws.drawDate, dates)));
}

/**
 * Advisory lock class of a draw. Placing tickets holds it shared for every draw it sells (advisory locks
 * cost no row lock on the hot draw row); moving or cancelling a draw holds it exclusively, so that the
 * draw's tickets are counted only once no placement is left in flight on it.
 */
export const DRAW_LOCK_CLASS = 5006;

/** Waits for every placement on the draw to finish and keeps new ones out until this transaction ends. */
export async function lockDrawAgainstPlacement(tx: DbOrTx, drawId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${DRAW_LOCK_CLASS}::int, ${drawId}::int)`);
}

/** Whether the draw has an active (not void) bet line. */
export async function drawHasActiveBets(tx: DbOrTx, drawId: number): Promise<boolean> {
  const res = await tx.execute(sql`select 1 from bet_lines where draw_id = ${drawId}::int and status = 1 limit 1`);
  return (res as unknown as { rows: unknown[] }).rows.length > 0;
}

/** A previewed draw with what is sold on it; `drawId` null: the totals row (grouping set ()). */
export interface PreviewRow {
  drawId: number | null;
  poolId: number | null;
  letter: string | null;
  poolName: string | null;
  drawDate: string | null;
  newDrawDate: string | null;
  cutoffAt: Date | string | null;
  newCutoffAt: Date | string | null;
  tickets: number | string;
  agents: number | string;
  stake: number | string;
  closingAtOnce: number | string;
  duplicate: boolean | null;
}

const executeRows = async <T>(db: DbOrTx, query: SQL) => (await db.execute(query)) as unknown as { rows: T[] };

/**
 * What a pool cutoff change would do, in one grouped statement: each open draw of the pool whose close time
 * it moves (a draw with its own time keeps it; a weekday's change moves only that weekday's draws; a default
 * change leaves weekdays with their own time), its new close time, its active tickets, accounts and stake,
 * and a totals row over them all (grouping sets, so an account with tickets on two draws counts once).
 */
export async function previewCutoffChange(db: DbOrTx, p: { poolId: number; weekday?: number; hour: number; minute: number }, now: Date, tz: string) {
  const dow = sql`extract(dow from d.draw_date)::int`;
  // A weekday's change: its draws take the new time. A default change: a weekday with its own time keeps it.
  const at =
    p.weekday === undefined
      ? sql`(d.draw_date::timestamp + make_interval(hours => coalesce(w.cutoff_hour, ${p.hour}::int)::int,
                                                   mins => coalesce(w.cutoff_minute, ${p.minute}::int)::int)) at time zone ${tz}`
      : sql`(d.draw_date::timestamp + make_interval(hours => ${p.hour}::int, mins => ${p.minute}::int)) at time zone ${tz}`;
  const res = await executeRows<PreviewRow>(
    db,
    sql`
    with moved as (
      select d.id, d.pool_id, d.draw_date, d.cutoff_at, ${at} as new_at
      from draws d
      left join pool_weekday_cutoffs w on w.pool_id = d.pool_id and w.weekday = ${dow}
      where d.pool_id = ${p.poolId}::int and d.record_status = 1 and d.cutoff_at > ${now.toISOString()}::timestamptz
        and d.own_cutoff_hour is null ${p.weekday === undefined ? sql`` : sql`and ${dow} = ${p.weekday}::int`}
    )
    select m.id as "drawId", m.pool_id as "poolId", p.letter, p.name as "poolName", m.draw_date::text as "drawDate",
           m.draw_date::text as "newDrawDate", m.cutoff_at as "cutoffAt", m.new_at as "newCutoffAt",
           count(distinct b.ticket_id) as tickets, count(distinct b.user_id) as agents, coalesce(sum(b.stake), 0) as stake,
           count(distinct m.id) filter (where m.new_at <= ${now.toISOString()}::timestamptz) as "closingAtOnce",
           null::boolean as duplicate
    from moved m
    join pools p on p.id = m.pool_id
    left join bet_lines b on b.draw_id = m.id and b.status = 1
    where m.new_at <> m.cutoff_at
    group by grouping sets ((m.id, m.pool_id, p.letter, p.name, m.draw_date, m.cutoff_at, m.new_at), ())
    order by m.draw_date nulls last`,
  );
  return res.rows;
}

/**
 * What a change of one draw (date, own cutoff, status) would do, in one grouped statement: its close time
 * after the change (null: cancelled), whether the new date already has a draw of the pool, and its active
 * tickets, accounts and stake. `own`: undefined keeps the draw's own cutoff, null drops it.
 */
export async function previewDrawChange(
  db: DbOrTx,
  p: { drawId: number; drawDate?: string; recordStatus?: number; own: { hour: number; minute: number } | null | undefined },
  tz: string,
) {
  const date = p.drawDate ? sql`${p.drawDate}::date` : sql`d.draw_date`;
  const ownHour = p.own === undefined ? sql`d.own_cutoff_hour` : sql`${p.own?.hour ?? null}::int`;
  const ownMinute = p.own === undefined ? sql`d.own_cutoff_minute` : sql`${p.own?.minute ?? null}::int`;
  const status = p.recordStatus === undefined ? sql`d.record_status` : sql`${p.recordStatus}::int`;
  const res = await executeRows<PreviewRow & { recordStatus: number; newStatus: number }>(
    db,
    sql`
    select d.id as "drawId", d.pool_id as "poolId", p.letter, p.name as "poolName", d.draw_date::text as "drawDate",
           (${date})::text as "newDrawDate", d.cutoff_at as "cutoffAt", d.record_status as "recordStatus", ${status} as "newStatus",
           case when ${status} = 1 then ${cutoffInstantSql(date, ownHour, ownMinute, tz)} end as "newCutoffAt",
           count(distinct b.ticket_id) as tickets, count(distinct b.user_id) as agents, coalesce(sum(b.stake), 0) as stake,
           0 as "closingAtOnce",
           exists (select 1 from draws x where x.pool_id = d.pool_id and x.draw_date = ${date} and x.id <> d.id) as duplicate
    from draws d
    join pools p on p.id = d.pool_id
    join pool_cutoffs c on c.pool_id = d.pool_id
    left join pool_weekday_cutoffs w on w.pool_id = d.pool_id and w.weekday = extract(dow from ${date})::int
    left join bet_lines b on b.draw_id = d.id and b.status = 1
    where d.id = ${p.drawId}::int and d.record_status <> 2
    group by d.id, p.letter, p.name, c.cutoff_hour, c.cutoff_minute, w.cutoff_hour, w.cutoff_minute`,
  );
  return res.rows[0];
}
