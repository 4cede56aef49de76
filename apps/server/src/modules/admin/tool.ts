// The admin tool (/admin-tool): run a scheduled job now, watch its steps, check the ledger. A run is a
// row of admin_job_runs (jobHistory.ts), so it outlives a restart: the screen polls GetAdminJobRuns for
// its progress. The jobs themselves claim their period in job_runs where they do, so a run from here and
// the scheduler never do the same work twice.
import { sql } from 'drizzle-orm';
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
import { addStep, closeRun, getRun, listRunRows, openRun } from './jobHistory';
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
  const step = (text: string) => {
    written = written.then(() => addStep(deps, id, text)).catch(() => undefined);
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

async function perform(deps: Deps, auth: AuthContext, body: JobBody, step: (t: string) => void): Promise<string> {
  const today = businessDateOf(deps.clock.now(), deps.config.tzBusiness);
  switch (body.job) {
    case 'result-fetch': {
      const date = body.date ?? today;
      step(`fetching results of ${date}`);
      const out = await fetchResults(deps, date, auth.userId);
      for (const o of out) step(`${o.site}: pool ${o.poolId} ${o.outcome}${o.note ? ` (${o.note})` : ''}`);
      return out.length ? `${out.length} fetch outcome(s)` : 'nothing to fetch (no closed draw without a released result, or no site configured)';
    }
    case 'auto-transfer': {
      step(`auto transfer of ${today}`);
      const r = await runAutoTransfer(deps, today);
      return r.ran ? `${r.accounts} account(s) settled, ${r.moved} cents moved` : `already ran for ${today}`;
    }
    case 'settle-draw': {
      step('step 1: insert winners');
      const w = await insertWinners(deps, body.drawId!);
      step(`round ${w.round}: ${w.strikes} strike(s)`);
      step('step 2: distribute');
      const d = await distribute(deps, body.drawId!, auth.userId);
      return `round ${d.round}: ${w.strikes} strike(s), ${d.lines} line(s) distributed`;
    }
    case 'posting': {
      // The automatic posting job's own run (posting/auto.ts), under its lease: with autoPosting off it
      // does nothing, and posting is done from the posting screens.
      step('posting and distributing the draws past their cutoff (the autoPosting job)');
      const r = await runAutoPosting(deps);
      if (!r) return 'nothing run: autoPosting is off, or no draw past its cutoff has anything to post or distribute';
      if (!r.ran) return 'another posting run holds the lease: nothing run';
      for (const p of r.posted) step(`posted company ${p.companyId} draw ${p.drawId}: batch ${p.batchId}, ${p.amount} cents`);
      for (const d of r.distributed) step(`distributed batch ${d.batchId}: ${d.invoices} invoice(s), ${d.undistributed} cents left`);
      for (const e of r.errors) step(e);
      return `${r.posted.length} book(s) posted, ${r.distributed.length} batch(es) distributed${r.errors.length ? `, ${r.errors.length} error(s)` : ''}`;
    }
    case 'resync-sales': {
      step(`rebuilding the sales summaries of ${body.date} from its bet lines, and the settled summaries from its figures and winners`);
      const r = await runTransaction(deps.db, (tx) => resyncDate(tx, body.date!));
      return `${body.date}: ${r.draws} draw(s), ${r.lines} line(s) read, ${r.salesRows} sales and ${r.mapRows} map row(s) written, ${r.settledRows} settled summary row(s) rebuilt`;
    }
    case 'backup':
      throw new Error('a backup runs through startBackup');
    case 'prune-api-logs': {
      const r = await pruneApiLogs(deps);
      return `${r.deleted} entr(ies) older than ${r.keptDays} day(s) deleted`;
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
