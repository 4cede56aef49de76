// The history of the admin tool's job runs and of the backups, in admin_job_runs (decision 0036): a run
// is a row written as it goes (its steps appended one by one), so the screen's polling and a restarted
// server read the same history.
import { sql } from 'drizzle-orm';
import { jobMessageEn, type JobMessageKey, type JobMessageParams } from '@app/domain';
import type { Deps } from '../../platform/http';
import { rows } from '../ledger/queries';

export type RunStatus = 'running' | 'done' | 'failed';

export interface JobRunRow {
  id: number;
  job: string;
  trigger: 'manual' | 'schedule';
  by: string;
  startedAt: string;
  finishedAt: string | null;
  status: RunStatus;
  summary: string;
  summaryKey?: string;
  summaryParams?: JobMessageParams;
  steps: { at: string; text: string; stage?: string; key?: string; params?: JobMessageParams }[];
  detail: Record<string, unknown> | null;
}

/** Runs listed on the admin tool. */
export const RUNS_SHOWN = 20;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function openRun(deps: Deps, job: string, trigger: 'manual' | 'schedule', byUserId: number | null): Promise<number> {
  const [r] = await rows<{ id: number }>(
    deps.db,
    sql`insert into admin_job_runs (job, trigger, by_user_id, started_at, status)
        values (${job}, ${trigger}, ${byUserId}, ${deps.clock.now().toISOString()}::timestamptz, 'running') returning id`,
  );
  return r.id;
}

/** A step or summary as a message key with parameters (read in each reader's language), or a text as is (an error's). */
export type JobMessage = { key: JobMessageKey; params?: JobMessageParams } | string;

export const say = (key: JobMessageKey, params?: JobMessageParams): JobMessage => ({ key, params });

const stored = (m: JobMessage) => (typeof m === 'string' ? { text: m } : { text: jobMessageEn(m.key, m.params), key: m.key, params: m.params ?? {} });

/** Appends one step (with its backup stage, when it is one) to a run. */
export async function addStep(deps: Deps, id: number, message: JobMessage, stage?: string): Promise<void> {
  const step = { at: deps.clock.now().toISOString(), ...stored(message), ...(stage ? { stage } : {}) };
  await deps.db.execute(sql`update admin_job_runs set steps = steps || ${JSON.stringify([step])}::jsonb where id = ${id}::int`);
}

export async function closeRun(deps: Deps, id: number, status: 'done' | 'failed', summary: JobMessage, detail?: Record<string, unknown>): Promise<void> {
  const s = stored(summary);
  const message = s.key ? { summaryMessage: { key: s.key, params: s.params } } : {};
  await deps.db.execute(
    sql`update admin_job_runs set status = ${status}, summary = ${s.text}, finished_at = ${deps.clock.now().toISOString()}::timestamptz,
               detail = coalesce(${detail ? JSON.stringify(detail) : null}::jsonb, detail, '{}'::jsonb) || ${JSON.stringify(message)}::jsonb
        where id = ${id}::int`,
  );
}

/** The newest runs, of one job or of all; `by` is the login that started it ('' for the scheduler). */
export async function listRunRows(deps: Deps, job?: string, limit = RUNS_SHOWN, id?: number): Promise<JobRunRow[]> {
  const list = await rows<Omit<JobRunRow, 'startedAt' | 'finishedAt' | 'by'> & { by: string | null; startedAt: Date | string; finishedAt: Date | string | null }>(
    deps.db,
    sql`select r.id, r.job, r.trigger, u.username as by, r.started_at as "startedAt", r.finished_at as "finishedAt", r.status, r.summary, r.steps, r.detail
        from admin_job_runs r left join users u on u.id = r.by_user_id
        where ${job ? sql`r.job = ${job}` : sql`true`} and ${id ? sql`r.id = ${id}::int` : sql`true`}
        order by r.started_at desc, r.id desc limit ${limit}`,
  );
  return list.map((r) => {
    const m = (r.detail as { summaryMessage?: { key: string; params: JobMessageParams } } | null)?.summaryMessage;
    return { ...r, by: r.by ?? '', startedAt: iso(r.startedAt)!, finishedAt: iso(r.finishedAt), ...(m ? { summaryKey: m.key, summaryParams: m.params } : {}) };
  });
}

export async function getRun(deps: Deps, id: number): Promise<JobRunRow | undefined> {
  return (await listRunRows(deps, undefined, 1, id))[0];
}
