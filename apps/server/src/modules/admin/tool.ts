// The admin tool (/admin-tool): run a scheduled job now, watch its steps, check the ledger. A run is a
// row of admin_job_runs (jobHistory.ts), so it outlives a restart: the screen polls GetAdminJobRuns for
// its progress. The jobs themselves claim their period in job_runs where they do, so a run from here and
// the scheduler never do the same work twice.
import { sql } from 'drizzle-orm';
import { centsText as money } from '@app/domain';
import { businessDateOf } from '../../platform/businessTime';
import { badRequest } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { writeAudit } from '../../platform/audit';
import { rows } from '../ledger/queries';
import { checkLedger, runTransaction } from '../ledger/service';
import { runAutoTransfer } from '../jobs/autoTransfer';
import { fetchResults } from '../results/fetch';
import { distribute, insertWinners } from '../settlement/service';
import { resyncDate } from '../reports/summaries';
import { runAutoPosting } from '../posting/auto';
import { startBackup } from './backup';
import { addStep, closeRun, getRun, listRunRows, openRun, say, type JobMessage } from './jobHistory';
import { pruneApiLogs } from './logs';

export type AdminJob = 'result-fetch' | 'auto-transfer' | 'settle-draw' | 'posting' | 'prune-api-logs' | 'backup' | 'resync-sales';
type JobBody = { job: AdminJob; drawId?: number; date?: string };

export const listRuns = (deps: Deps) => listRunRows(deps);

/** Starts a job and returns its run at once; `wait` (tests) returns it finished. */
export async function startJob(deps: Deps, auth: AuthContext, body: JobBody, ip: string, wait = false) {
  if (body.job === 'settle-draw' && !body.drawId) throw badRequest('VALIDATION_FAILED', { drawId: 'required' });
  if (body.job === 'resync-sales' && !body.date) throw badRequest('VALIDATION_FAILED', { date: 'required' });
  if (body.job === 'settle-draw') {
    const [d] = await rows<{ id: number }>(deps.db, sql`select d.id from draws d join pool_results r on r.draw_id = d.id where d.id = ${body.drawId} and r.status = 'released'`);
    if (!d) throw badRequest('VALIDATION_FAILED', { drawId: 'pattern' });
  }
  const audit = () => writeAudit(deps.db, deps.clock.now(), { actorUserId: auth.userId, action: 'admin-tool.run', targetType: 'job', targetId: body.job, after: body, ip });
  if (body.job === 'backup') {
    // Refused while another backup runs (BACKUP_RUNNING), before anything is written.
    const { id, work } = await startBackup(deps, 'manual', auth.userId);
    await audit();
    if (wait) await work;
    return (await getRun(deps, id))!;
  }
  await audit();
  const id = await openRun(deps, body.job, 'manual', auth.userId);
  // Steps are written in order: each waits for the one before (the job does not wait for them).
  let written: Promise<void> = Promise.resolve();
  const step = (message: JobMessage) => {
    written = written.then(() => addStep(deps, id, message)).catch(() => undefined);
  };
  const work = (async () => {
    try {
      const summary = await perform(deps, auth, body, step);
      await written;
      await closeRun(deps, id, 'done', summary);
    } catch (e) {
      await written;
      await closeRun(deps, id, 'failed', e instanceof Error ? e.message : String(e)).catch(() => undefined);
    }
  })();
  if (wait) await work;
  return (await getRun(deps, id))!;
}

async function perform(deps: Deps, auth: AuthContext, body: JobBody, step: (m: JobMessage) => void): Promise<JobMessage> {
  const today = businessDateOf(deps.clock.now(), deps.config.tzBusiness);
  switch (body.job) {
    case 'result-fetch': {
      const date = body.date ?? today;
      step(say('fetching', { date }));
      const out = await fetchResults(deps, date, auth.userId);
      for (const o of out) {
        const params = { site: o.site, poolId: o.poolId, outcome: o.outcome };
        step(o.note ? say('fetchOutcomeNote', { ...params, note: o.note }) : say('fetchOutcome', params));
      }
      return out.length ? say('fetchDone', { count: out.length }) : say('fetchNothing');
    }
    case 'auto-transfer': {
      step(say('autoTransfer', { date: today }));
      const r = await runAutoTransfer(deps, today);
      return r.ran ? say('autoTransferDone', { accounts: r.accounts, moved: money(r.moved) }) : say('autoTransferAlready', { date: today });
    }
    case 'settle-draw': {
      step(say('insertWinners'));
      const w = await insertWinners(deps, body.drawId!);
      step(say('winnersFound', { round: w.round, strikes: w.strikes }));
      step(say('distribute'));
      const d = await distribute(deps, body.drawId!, auth.userId);
      return say('settleDone', { round: d.round, strikes: w.strikes, lines: d.lines });
    }
    case 'posting': {
      // The automatic posting job's own run (posting/auto.ts), under its lease: with autoPosting off it
      // does nothing, and posting is done from the posting screens.
      step(say('posting'));
      const r = await runAutoPosting(deps);
      if (!r) return say('postingOff');
      if (!r.ran) return say('postingLeased');
      for (const p of r.posted) step(say('posted', { companyId: p.companyId, drawId: p.drawId, batchId: p.batchId, amount: money(p.amount) }));
      for (const d of r.distributed) step(say('distributed', { batchId: d.batchId, invoices: d.invoices, undistributed: money(d.undistributed) }));
      // A remote's own error, as it said it.
      for (const e of r.errors) step(e);
      return say('postingDone', { posted: r.posted.length, distributed: r.distributed.length, errors: r.errors.length });
    }
    case 'resync-sales': {
      step(say('resync', { date: body.date! }));
      const r = await runTransaction(deps.db, (tx) => resyncDate(tx, body.date!));
      return say('resyncDone', { date: body.date!, draws: r.draws, lines: r.lines, salesRows: r.salesRows, mapRows: r.mapRows, settledRows: r.settledRows });
    }
    case 'backup':
      throw new Error('a backup runs through startBackup');
    case 'prune-api-logs': {
      const r = await pruneApiLogs(deps);
      return say('pruneDone', { deleted: r.deleted, days: r.keptDays });
    }
  }
}

/** The ledger's invariants (ledger/service checkLedger) as named checks for the screen. */
export async function ledgerReport(deps: Deps) {
  const violations = await checkLedger(deps.db);
  const kinds: [string, string][] = [
    ['unbalanced-transaction', 'every journal transaction sums to zero'],
    ['cached-balance', 'every cached balance equals the sum of its entries'],
    ['running-balance', 'every entry carries its account’s running balance'],
    ['global-sum', 'all balances together sum to zero'],
    ['orphan-row', 'every bet line has its ticket and draw, every eat share its line'],
  ];
  return {
    checkedAt: deps.clock.now().toISOString(),
    ok: violations.length === 0,
    checks: kinds.map(([kind, name]) => {
      const bad = violations.filter((v) => v.kind === kind);
      return { name: kind, ok: bad.length === 0, detail: bad.length ? `${bad.length}: ${JSON.stringify(bad.slice(0, 5).map((b) => b.detail))}` : name };
    }),
  };
}

/** The daily pruning of the API logs, once per business date across processes (job_runs). */
export async function runDailyPrune(deps: Deps) {
  const period = businessDateOf(deps.clock.now(), deps.config.tzBusiness);
  const claimed = await rows<{ job: string }>(
    deps.db,
    sql`insert into job_runs (job, period, claimed_at) values ('prune-api-logs', ${period}, ${deps.clock.now().toISOString()}::timestamptz) on conflict do nothing returning job`,
  );
  return claimed.length ? pruneApiLogs(deps) : null;
}
