// Scheduled jobs. Each run claims its period in job_runs, so any number of server processes may run
// these timers: the database lets exactly one of them do each period's work.
import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/http';
import { businessDateOf, businessMinuteOfDay } from '../../platform/businessTime';
import { rows } from '../ledger/queries';
import { AUTO_TRANSFER_JOB, runAutoTransfer } from './autoTransfer';
import { runTicketJobs } from '../autoTickets/jobs';

export { runAutoTransfer, AUTO_TRANSFER_JOB } from './autoTransfer';

/** Auto transfer runs for the current business date once it is past 00:05 business time. */
export const AUTO_TRANSFER_AFTER_MINUTE = 5;
const CHECK_EVERY_MS = 60_000;

/**
 * One check of the schedule: runs whatever is due now and not yet claimed. Returns what ran (tests
 * call it with a ManualClock).
 */
export async function runDueJobs(deps: Deps): Promise<{ autoTransfer?: Awaited<ReturnType<typeof runAutoTransfer>> }> {
  const now = deps.clock.now();
  const tz = deps.config.tzBusiness;
  if (businessMinuteOfDay(now, tz) < AUTO_TRANSFER_AFTER_MINUTE) return {};
  const period = businessDateOf(now, tz);
  // A cheap look first, so that the minutely check does not open a write transaction.
  const done = await rows<{ job: string }>(deps.db, sql`select job from job_runs where job = ${AUTO_TRANSFER_JOB} and period = ${period}`);
  if (done.length > 0) return {};
  return { autoTransfer: await runAutoTransfer(deps, period) };
}

/** Starts the scheduled jobs (auto transfer ...). Returns a function that stops them. */
export function startJobs(deps: Deps, opts: { log?: (msg: string, err?: unknown) => void } = {}): () => void {
  const log = opts.log ?? ((m: string, err?: unknown) => (err ? console.error(m, err) : console.log(m)));
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runTicketJobs(deps, log);
      const r = await runDueJobs(deps);
      if (r.autoTransfer?.ran) {
        log(`auto transfer ${r.autoTransfer.period}: ${r.autoTransfer.accounts} accounts settled, ${r.autoTransfer.moved} cents moved`);
      }
    } catch (e) {
      log('scheduled job failed', e);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, 5_000);
  first.unref();
  const timer = setInterval(tick, CHECK_EVERY_MS);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
