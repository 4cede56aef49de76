// Scheduled jobs. Each run claims its period in job_runs, so any number of server processes may run
// these timers: the database lets exactly one of them do each period's work.
import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/http';
import { businessDateOf, businessMinuteOfDay } from '../../platform/businessTime';
import { rows } from '../ledger/queries';
import { AUTO_TRANSFER_JOB, runAutoTransfer } from './autoTransfer';
import { runTicketJobs } from '../autoTickets/jobs';
import { deliverDue } from '../seamless/deliver';
import { fetchResults, resultSites, scrapeResultTime, type FetchOutcome } from '../results/fetch';
import { runDailyPrune } from '../admin/tool';
import { runScheduledBackup } from '../admin/backup';
import { runAutoCreditRelease } from '../settlement/autoRelease';
import { runAutoPosting } from '../posting/auto';
import { countJobRun } from '../../platform/metrics';

export { runAutoTransfer, AUTO_TRANSFER_JOB } from './autoTransfer';

/** Auto transfer runs for the current business date once it is past 00:05 business time. */
export const AUTO_TRANSFER_AFTER_MINUTE = 5;
const CHECK_EVERY_MS = 60_000;
const DELIVER_EVERY_MS = 15_000;
/** Automatic posting: its own loop, so a remote that answers slowly never delays the other jobs. */
const AUTO_POSTING_EVERY_MS = 60_000;

/**
 * One check of the schedule: runs whatever is due now and not yet claimed. Returns what ran (tests
 * call it with a ManualClock).
 */
export async function runDueJobs(deps: Deps): Promise<{ autoTransfer?: Awaited<ReturnType<typeof runAutoTransfer>>; fetched?: FetchOutcome[] }> {
  const fetched = await runResultFetch(deps);
  const now = deps.clock.now();
  const tz = deps.config.tzBusiness;
  if (businessMinuteOfDay(now, tz) < AUTO_TRANSFER_AFTER_MINUTE) return fetched ? { fetched } : {};
  const period = businessDateOf(now, tz);
  // A cheap look first, so that the minutely check does not open a write transaction.
  const done = await rows<{ job: string }>(deps.db, sql`select job from job_runs where job = ${AUTO_TRANSFER_JOB} and period = ${period}`);
  if (done.length > 0) return fetched ? { fetched } : {};
  return { autoTransfer: await runAutoTransfer(deps, period), ...(fetched ? { fetched } : {}) };
}

export const FETCH_RESULTS_JOB = 'fetch-results';
/** After scrapeResultTime, results still missing are fetched again every 10 minutes until midnight. */
const FETCH_EVERY_MINUTES = 10;

/**
 * The result fetch of a draw day: from scrapeResultTime (business time), once per 10-minute slot across
 * every server process (job_runs), while a closed draw of the day has no released result and sites are set.
 */
async function runResultFetch(deps: Deps): Promise<FetchOutcome[] | undefined> {
  const now = deps.clock.now();
  const tz = deps.config.tzBusiness;
  const minute = businessMinuteOfDay(now, tz);
  const start = await scrapeResultTime(deps);
  if (minute < start.hour * 60 + start.minute) return undefined;
  const date = businessDateOf(now, tz);
  const [pending] = await rows<{ n: number }>(
    deps.db,
    sql`select count(*)::int as n from draws d left join pool_results r on r.draw_id = d.id
        where d.draw_date = ${date}::date and d.record_status = 1 and d.cutoff_at <= ${now.toISOString()}::timestamptz
          and (r.status is null or r.status <> 'released')`,
  );
  if (!pending.n || (await resultSites(deps)).length === 0) return undefined;
  const period = `${date} ${String(Math.floor(minute / FETCH_EVERY_MINUTES) * FETCH_EVERY_MINUTES).padStart(4, '0')}`;
  const claimed = await rows<{ job: string }>(
    deps.db,
    sql`insert into job_runs (job, period, claimed_at) values (${FETCH_RESULTS_JOB}, ${period}, ${now.toISOString()}::timestamptz) on conflict do nothing returning job`,
  );
  if (claimed.length === 0) return undefined;
  return fetchResults(deps, date, null);
}

/**
 * Starts the scheduled jobs (auto transfer ...). Returns a stop: no run starts after it is called, and it
 * resolves once the runs under way have ended (a graceful stop lets the current step finish).
 */
export function startJobs(deps: Deps, opts: { log?: (msg: string, err?: unknown) => void } = {}): () => Promise<void> {
  const log = opts.log ?? ((m: string, err?: unknown) => (err ? console.error(m, err) : console.log(m)));
  let stopped = false;
  const underWay = new Set<Promise<void>>();
  /** Runs one job step unless stopped, counted (runs, failures) and awaited by the stop. */
  const track = (job: string, work: () => Promise<void>) => {
    if (stopped) return;
    const run = countJobRun(job, work)
      .catch(() => {})
      .finally(() => underWay.delete(run));
    underWay.add(run);
  };
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    track('schedule', async () => {
      try {
        await scheduleStep();
      } finally {
        running = false;
      }
    });
  };
  const scheduleStep = async () => {
    try {
      await runTicketJobs(deps, log);
      const r = await runDueJobs(deps);
      // The API logs past apiLogRetentionDays, once a business day (decision 0033).
      const pruned = await runDailyPrune(deps);
      if (pruned?.deleted) log(`api logs: ${pruned.deleted} entries older than ${pruned.keptDays} days deleted`);
      // Held winnings of a date whose draws are all settled (autoReleaseCreditAfterSettle, decision 0023).
      for (const c of await runAutoCreditRelease(deps)) log(`credit released to winners ${c.drawDate}, company ${c.companyId}: ${c.draws} draw(s), ${c.released} cents`);
      // The daily backup, once the day's draws are settled or at backupTime (decision 0036).
      const backup = await runScheduledBackup(deps);
      if (backup) log(`backup: run ${backup} ended (Report/GetBackupStage)`);
      if (r.fetched?.length) log(`result fetch: ${r.fetched.map((f) => `${f.site} pool ${f.poolId} ${f.outcome}`).join('; ')}`);
      if (r.autoTransfer?.ran) {
        log(`auto transfer ${r.autoTransfer.period}: ${r.autoTransfer.accounts} accounts settled, ${r.autoTransfer.moved} cents moved`);
      }
    } catch (e) {
      log('scheduled job failed', e);
      throw e;
    }
  };
  /** Runs `work` every `ms`, never twice at once (a slow run makes the next ticks pass); a failure is logged. */
  const repeat = (ms: number, job: string, failure: string, work: () => Promise<void>) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      track(job, async () => {
        try {
          await work();
        } catch (e) {
          log(failure, e);
          throw e;
        } finally {
          running = false;
        }
      });
    }, ms);
    timer.unref();
    return timer;
  };
  // Seamless settlement callbacks: due ones sent every 15 s (the backoff starts at 30 s).
  const callbacks = repeat(DELIVER_EVERY_MS, 'seamless-callbacks', 'seamless callbacks failed', async () => {
    const r = await deliverDue(deps);
    if (r.delivered || r.failed) log(`seamless callbacks: ${r.delivered} delivered, ${r.failed} failed`);
  });
  // Automatic posting (system setting autoPosting): after each draw's cutoff, post and distribute; failed
  // remotes are tried again on the next run, until their own cutoff (posting/auto.ts).
  const postings = repeat(AUTO_POSTING_EVERY_MS, 'auto-posting', 'auto posting failed', async () => {
    const r = await runAutoPosting(deps);
    if (r?.ran && (r.posted.length || r.distributed.length || r.errors.length)) {
      log(`auto posting: ${r.posted.length} books posted, ${r.distributed.length} batches distributed${r.errors.length ? `; ${r.errors.join('; ')}` : ''}`);
    }
  });
  const first = setTimeout(tick, 5_000);
  first.unref();
  const timer = setInterval(tick, CHECK_EVERY_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(callbacks);
    clearInterval(postings);
    clearInterval(timer);
    await Promise.allSettled([...underWay]);
  };
}
