// The admin tool (/admin-tool): run a scheduled job now, watch its steps, check the ledger. A run is
// kept in this process's memory (the last RUNS_KEPT): the screen polls GetAdminJobRuns for its
// progress. The jobs themselves claim their period in job_runs where they do, so a run from here and
// the scheduler never do the same work twice.
import { sql } from 'drizzle-orm';
import { businessDateOf } from '../../platform/businessTime';
import { badRequest } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { writeAudit } from '../../platform/audit';
import { rows } from '../ledger/queries';
import { checkLedger } from '../ledger/service';
import { runAutoTransfer } from '../jobs/autoTransfer';
import { fetchResults } from '../results/fetch';
import { distribute, insertWinners } from '../settlement/service';
import { pruneApiLogs } from './logs';

export type AdminJob = 'result-fetch' | 'auto-transfer' | 'settle-draw' | 'prune-api-logs';

interface Run {
  id: number;
  job: AdminJob;
  by: string;
  startedAt: string;
  finishedAt: string | null;
  status: 'running' | 'done' | 'failed';
  summary: string;
  steps: { at: string; text: string }[];
}

const RUNS_KEPT = 20;
const runsOf = new WeakMap<object, Run[]>();
let nextId = 1;

function runs(deps: Deps): Run[] {
  let list = runsOf.get(deps.db);
  if (!list) {
    list = [];
    runsOf.set(deps.db, list);
  }
  return list;
}

export const listRuns = (deps: Deps) => runs(deps).slice().reverse();

/** Starts a job and returns its run at once; `wait` (tests) returns it finished. */
export async function startJob(deps: Deps, auth: AuthContext, body: { job: AdminJob; drawId?: number; date?: string }, ip: string, wait = false) {
  if (body.job === 'settle-draw' && !body.drawId) throw badRequest('VALIDATION_FAILED', { drawId: 'required' });
  if (body.job === 'settle-draw') {
    const [d] = await rows<{ id: number }>(deps.db, sql`select d.id from draws d join pool_results r on r.draw_id = d.id where d.id = ${body.drawId} and r.status = 'released'`);
    if (!d) throw badRequest('VALIDATION_FAILED', { drawId: 'pattern' });
  }
  const now = () => deps.clock.now().toISOString();
  const run: Run = { id: nextId++, job: body.job, by: auth.username, startedAt: now(), finishedAt: null, status: 'running', summary: '', steps: [] };
  const list = runs(deps);
  list.push(run);
  if (list.length > RUNS_KEPT) list.splice(0, list.length - RUNS_KEPT);
  const step = (text: string) => run.steps.push({ at: now(), text });
  await writeAudit(deps.db, deps.clock.now(), { actorUserId: auth.userId, action: 'admin-tool.run', targetType: 'job', targetId: body.job, after: body, ip });
  const work = (async () => {
    try {
      run.summary = await perform(deps, auth, body, step);
      run.status = 'done';
    } catch (e) {
      run.status = 'failed';
      run.summary = e instanceof Error ? e.message : String(e);
    }
    run.finishedAt = now();
  })();
  if (wait) await work;
  return run;
}

async function perform(deps: Deps, auth: AuthContext, body: { job: AdminJob; drawId?: number; date?: string }, step: (t: string) => void): Promise<string> {
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
