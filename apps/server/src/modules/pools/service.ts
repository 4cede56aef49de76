// Setting/CreatePoolRow (issue 14 item 5, decision 0037): the super admin adds a pool. Its row, its
// default cutoff and its regular draws from today to the end of next year are written in one transaction
// with the audit entry; then this process's pool registry is reloaded (others reload within REFRESH_MS).
import { sql } from 'drizzle-orm';
import { validateNewPool, type PoolProblem } from '@app/domain';
import type { CreatePoolBody } from '@app/contract';
import { poolCutoffs, pools } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { businessDateOf } from '../../platform/businessTime';
import { badRequest } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { scheduleYear } from '../draws/queries';
import { poolsSelection } from '../draws/service';
import { reloadPoolRegistry } from './registry';

/** A field's problem as the screens' field messages name it. */
const PROBLEM: Record<PoolProblem, string> = { REQUIRED: 'required', INVALID: 'pattern', TAKEN: 'POOL_FIELD_TAKEN', TOO_MANY: 'POOL_LIMIT_REACHED' };

export async function createPool(deps: Deps, auth: AuthContext, body: CreatePoolBody, ip: string) {
  const input = { ...body, name: body.name.trim(), code: body.code.trim(), drawDays: [...new Set(body.drawDays)].sort() };
  const now = deps.clock.now();
  const today = businessDateOf(now, deps.config.tzBusiness);
  const created = await deps.db.transaction(async (tx) => {
    // One pool added at a time, so two at once cannot both pass the uniqueness check.
    await tx.execute(sql`select pg_advisory_xact_lock(5037, 0)`);
    const existing = await tx.select({ id: pools.id, name: pools.name, code: pools.code, letter: pools.letter, digit: pools.digit }).from(pools);
    const errors = validateNewPool(input, existing);
    if (errors.length) throw badRequest('VALIDATION_FAILED', Object.fromEntries(errors.map((e) => [e.field, PROBLEM[e.problem]])));
    const id = Math.max(0, ...existing.map((p) => p.id)) + 1;
    const row = { id, name: input.name, code: input.code, letter: input.letter, digit: input.digit, packageType: input.packageType, resultForm: input.resultForm, drawDays: input.drawDays };
    await tx.insert(pools).values(row);
    await tx.insert(poolCutoffs).values({ poolId: id, cutoffHour: input.cutoffHour, cutoffMinute: input.cutoffMinute });
    const year = Number(today.slice(0, 4));
    let draws = 0;
    for (const y of [year, year + 1]) draws += await scheduleYear(tx, id, y, input.drawDays, deps.config.tzBusiness, auth.userId, today);
    await writeAudit(tx, now, { actorUserId: auth.userId, action: 'pools.create', targetType: 'pools', targetId: id, after: { ...row, cutoffHour: input.cutoffHour, cutoffMinute: input.cutoffMinute, draws }, ip });
    return id;
  });
  reloadPoolRegistry(deps.db);
  const list = await poolsSelection(deps);
  return list.find((p) => p.poolId === created)!;
}
