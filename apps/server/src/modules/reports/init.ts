// Report/InitReport: what a report's filter offers: draw dates (the last REPORT_MAX_DAYS days and what is
// scheduled) and the newest settled one, the pools, the bet codes, and the caller's direct downlines.
import { sql } from 'drizzle-orm';
import { REPORT_MAX_DAYS, type InitReport } from '@app/contract';
import { BET_CODES } from '@app/domain';
import { businessDateOf } from '../../platform/businessTime';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { rows } from '../ledger/queries';

export async function initReport(deps: Deps, auth: AuthContext): Promise<InitReport> {
  const today = businessDateOf(deps.clock.now(), deps.config.tzBusiness);
  const dates = await rows<{ d: string }>(
    deps.db,
    sql`select distinct to_char(draw_date, 'YYYY-MM-DD') as d from draws
        where draw_date between ${today}::date - ${REPORT_MAX_DAYS}::int and ${today}::date + 7 order by 1 desc`,
  );
  const [settled] = await rows<{ d: string | null }>(
    deps.db,
    sql`select to_char(max(draw_date), 'YYYY-MM-DD') as d from draw_settlements where distributed_at is not null and draw_date <= ${today}::date`,
  );
  const pools = await rows<{ poolId: number; code: string; name: string }>(
    deps.db,
    sql`select id as "poolId", code, name from pools where record_status = 1 order by id`,
  );
  const downlines = await rows<{ userId: number; username: string; fullName: string; roleId: number }>(
    deps.db,
    sql`select id as "userId", username, full_name as "fullName", role_id as "roleId" from users
        where upline_id = ${auth.actingUserId}::int and is_main_account and record_status <> 2 order by username`,
  );
  return {
    today,
    drawDates: dates.map((r) => r.d),
    lastSettledDate: settled?.d ?? null,
    pools: pools.map((p) => ({ ...p, poolId: Number(p.poolId) })),
    betCodes: [...BET_CODES],
    downlines: downlines.map((d) => ({ ...d, userId: Number(d.userId), roleId: Number(d.roleId) })),
  };
}
