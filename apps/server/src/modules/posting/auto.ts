// Automatic posting (issue 13 item 8; decision 0032): with the system setting autoPosting on, once a draw's
// house cutoff has passed and until its result is released, every company's unposted book of the draw is
// posted (DoPost's postBook) and every batch with something left is distributed (DoDistribute's
// distributeBatch), every minute while there is something to do: a remote that refused, was not reached or
// left a lot in doubt is tried again on the next run, until its own cutoff (remote_agents.cutoff_minutes
// after the house cutoff) or until it refuses the draw as closed. The same functions as the manual flow, so
// the same idempotency keys and locks: no lay-off is lost or doubled.
//
// One process runs it at a time: a run holds a lease row in job_runs ('auto-posting', 'lease'), taken by one
// atomic statement, released when the run ends, and taken over after LEASE_MINUTES if its process died.
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import { readBooleanSetting } from '../../platform/settings';
import { rows } from '../ledger/queries';
import { listRemoteAgents } from './agents';
import { batchById, closedRemotes, distributeBatch } from './distribute';
import { postBook } from './post';

export const AUTO_POSTING_JOB = 'auto-posting';
const LEASE = 'lease';
/** A run not finished after this long is taken to have died with its process. */
export const LEASE_MINUTES = 10;
/** Draws whose house cutoff passed longer ago than this are left alone (their results are long released). */
const WINDOW_HOURS = 24;

export interface AutoPostingRun {
  /** False when another run (this process or another) holds the lease. */
  ran: boolean;
  posted: { companyId: number; drawId: number; batchId: number; amount: number }[];
  distributed: { batchId: number; invoices: number; undistributed: number }[];
  errors: string[];
}

/** The draws the job looks at now: past their house cutoff, within the window. */
const drawsInWindow = (now: Date) => sql`
  select d.id, d.cutoff_at, exists (select 1 from pool_results r where r.draw_id = d.id and r.status = 'released') as released
  from draws d
  where d.record_status = 1 and d.cutoff_at <= ${now.toISOString()}::timestamptz
    and d.cutoff_at > ${now.toISOString()}::timestamptz - make_interval(hours => ${WINDOW_HOURS}::int)`;

/** Companies with something unposted of a draw past its cutoff whose result is not released. */
async function booksToPost(deps: Deps, now: Date) {
  const found = await rows<{ company_id: number; draw_id: number }>(
    deps.db,
    sql`with d as (${drawsInWindow(now)})
        select l.company_id, l.draw_id from bet_lines l join d on d.id = l.draw_id and not d.released
        where l.unposted > 0 and l.posting_batch_id is null and l.status = 1 and l.company_id is not null
        group by 1, 2
        union
        select rt.company_id, rt.draw_id from run_tickets rt join d on d.id = rt.draw_id and not d.released
        where rt.amount > rt.posted_amount and rt.company_id is not null
        order by 2, 1`,
  );
  return found.map((r) => ({ companyId: Number(r.company_id), drawId: Number(r.draw_id) }));
}

/**
 * Batches of the window with work: something in doubt with a remote that is kept (asked again, released or
 * not), or, before the result, something left that an enabled remote still takes (before its own cutoff,
 * not refused as closed). A remote whose cap is used is not foreseen here: its run then lays off nothing.
 */
async function batchesToDistribute(deps: Deps, now: Date) {
  const found = await rows<{ batch_id: string; draw_id: number; released: boolean; doubts: boolean }>(
    deps.db,
    sql`with d as (${drawsInWindow(now)})
        select b.id as batch_id, b.draw_id, d.released,
               exists (select 1 from remote_invoices ri join remote_agents ra on ra.id = ri.remote_agent_id and ra.record_status = 1
                       where ri.batch_id = b.id and ri.status = 0 and not ri.manual) as doubts
        from posting_batches b join d on d.id = b.draw_id
        order by d.cutoff_at, b.id`,
  );
  const remotes = (await listRemoteAgents(deps)).filter((r) => r.postEnabled);
  const closedByDraw = new Map<number, Set<number>>();
  const out = [];
  for (const f of found) {
    const drawId = Number(f.draw_id);
    if (!f.doubts) {
      if (f.released || remotes.length === 0) continue;
      if (!closedByDraw.has(drawId)) closedByDraw.set(drawId, await closedRemotes(deps, drawId, remotes));
      if (remotes.every((r) => closedByDraw.get(drawId)!.has(r.id))) continue;
    }
    const batch = await batchById(deps.db, Number(f.batch_id));
    if (batch && (f.doubts || batch.undistributed > 0)) out.push(batch);
  }
  return out;
}

/** Takes the lease, or answers false while another run holds it. */
async function takeLease(deps: Deps, now: Date): Promise<boolean> {
  const claimed = await rows<{ job: string }>(
    deps.db,
    sql`insert into job_runs (job, period, claimed_at) values (${AUTO_POSTING_JOB}, ${LEASE}, ${now.toISOString()}::timestamptz)
        on conflict (job, period) do update set claimed_at = excluded.claimed_at, finished_at = null, result = null
        where job_runs.finished_at is not null
           or job_runs.claimed_at < ${now.toISOString()}::timestamptz - make_interval(mins => ${LEASE_MINUTES}::int)
        returning job`,
  );
  return claimed.length === 1;
}

async function releaseLease(deps: Deps, claimedAt: Date, result: AutoPostingRun) {
  const summary = { posted: result.posted.length, distributed: result.distributed.length, errors: result.errors };
  await deps.db.execute(
    sql`update job_runs set finished_at = ${deps.clock.now().toISOString()}::timestamptz, result = ${JSON.stringify(summary)}::jsonb
        where job = ${AUTO_POSTING_JOB} and period = ${LEASE} and claimed_at = ${claimedAt.toISOString()}::timestamptz`,
  );
}

/** Refusals a run meets in the normal course (another run or a person got there first, the result came). */
const expected = (e: unknown) => e instanceof AppError && ['NO_DATA_FOUND', 'POSTING_RESULT_RELEASED'].includes(e.messageKey);

/**
 * One run: nothing (null) while the setting is off or there is nothing to do; otherwise posts every book
 * due and distributes every batch with work, under the lease. Tests call it with a ManualClock.
 */
export async function runAutoPosting(deps: Deps): Promise<AutoPostingRun | null> {
  if (!(await readBooleanSetting(deps.db, 'autoPosting'))) return null;
  const now = deps.clock.now();
  const books = await booksToPost(deps, now);
  if (books.length === 0 && (await batchesToDistribute(deps, now)).length === 0) return null;
  const run: AutoPostingRun = { ran: false, posted: [], distributed: [], errors: [] };
  if (!(await takeLease(deps, now))) return run;
  run.ran = true;
  try {
    for (const b of books) {
      try {
        const out = await postBook(deps, { ...b, by: null });
        run.posted.push({ ...b, batchId: out.batchId, amount: out.amount });
      } catch (e) {
        if (!expected(e)) run.errors.push(`post company ${b.companyId} draw ${b.drawId}: ${(e as Error).message}`);
      }
    }
    // Read again: the batches just posted are among them.
    for (const batch of await batchesToDistribute(deps, now)) {
      try {
        const out = await distributeBatch(deps, batch, null);
        run.distributed.push({ batchId: batch.batchId, invoices: out.invoices.length, undistributed: out.undistributed });
      } catch (e) {
        if (!expected(e)) run.errors.push(`distribute batch ${batch.batchId}: ${(e as Error).message}`);
      }
    }
  } finally {
    await releaseLease(deps, now, run);
  }
  return run;
}
