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
