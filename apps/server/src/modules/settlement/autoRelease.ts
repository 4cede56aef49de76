// Release of credit to winners by the system (DOMAIN "Settlement" step 3: "or automatically where the
// system setting says so"; system setting autoReleaseCreditAfterSettle, off by default). Once every draw of
// a business date is distributed, the held winnings of that date are released, company by company, by the
// function of Result/ReleaseCredit. Checked by the scheduler's minutely tick in every server process: a
// date and company is claimed in job_runs before it is released, so one process releases it and writes
// its one audit row (each draw's release is besides booked once per company and round under the draw's
// lock, as when two people press at once). The claim names the draws' rounds: a later round (a corrected
// result whose credit was not released before) is a new claim. A claim left unfinished by a process that
// died is taken again after CLAIM_STALE_MS.
import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/http';
import { readBooleanSetting } from '../../platform/settings';
import { rows } from '../ledger/queries';
import { releaseHeldWinnings } from './service';

export const CREDIT_RELEASE_JOB = 'release-credit';
const CLAIM_STALE_MS = 10 * 60_000;


/**
 * The dates and companies with a distribution of the current round not yet released, on a date whose
 * every active draw is distributed, with the draws and rounds due. Read from draw_settlements (one row per
 * released draw) and the bookings by their key; a date with a draw not yet released, or still settling,
 * waits.
 */
function dueReleases(deps: Deps) {
  return rows<{ drawDate: string; companyId: number; rounds: string }>(
    deps.db,
    sql`select to_char(s.draw_date, 'YYYY-MM-DD') as "drawDate", b.company_id as "companyId",
               string_agg(s.draw_id || ':' || s.round, ',' order by s.draw_id) as rounds
        from draw_settlements s
        join settlement_bookings b on b.draw_id = s.draw_id and b.round = s.round and b.step = 'distribute'
        where s.distributed_at is not null
          and not exists (select 1 from settlement_bookings r
                          where r.draw_id = b.draw_id and r.company_id = b.company_id and r.round = b.round and r.step = 'release')
          and not exists (select 1 from draws d left join draw_settlements o on o.draw_id = d.id
                          where d.draw_date = s.draw_date and d.record_status = 1 and o.distributed_at is null)
        group by s.draw_date, b.company_id
        order by s.draw_date, b.company_id`,
  );
}

/** Claims a date and company's release: true for the one process that gets it (or retakes a dead one's). */
async function claim(deps: Deps, period: string): Promise<boolean> {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - CLAIM_STALE_MS);
  const got = await rows<{ job: string }>(
    deps.db,
    sql`insert into job_runs (job, period, claimed_at) values (${CREDIT_RELEASE_JOB}, ${period}, ${now.toISOString()}::timestamptz)
        on conflict (job, period) do update set claimed_at = excluded.claimed_at
          where job_runs.finished_at is null and job_runs.claimed_at < ${staleBefore.toISOString()}::timestamptz
        returning job`,
  );
  return got.length > 0;
}

/** One check: releases what is due when the setting is on. Returns what this call released. */
export async function runAutoCreditRelease(deps: Deps): Promise<{ drawDate: string; companyId: number; released: number; draws: number }[]> {
  if (!(await readBooleanSetting(deps.db, 'autoReleaseCreditAfterSettle'))) return [];
  const out = [];
  for (const d of await dueReleases(deps)) {
    const companyId = Number(d.companyId);
    const period = `${d.drawDate} company ${companyId} draws ${d.rounds}`;
    if (!(await claim(deps, period))) continue;
    const r = await releaseHeldWinnings(deps, { drawDate: d.drawDate, companyId, by: null, ip: null });
    const done = { drawDate: d.drawDate, companyId, released: r.released, draws: r.booked };
    await deps.db.execute(
      sql`update job_runs set finished_at = ${deps.clock.now().toISOString()}::timestamptz, result = ${JSON.stringify(done)}::jsonb
          where job = ${CREDIT_RELEASE_JOB} and period = ${period}`,
    );
    if (r.booked) out.push(done);
  }
  return out;
}
