// The bounds an upline's own settings set on a downline's discount and position taking (issue 10 item
// 17). One function gives them to the account form (GetUserDetailInit) and enforces them on save, so the
// form never shows a bound the server does not hold, nor the other way round.
import { sql } from 'drizzle-orm';
import { RoleId } from '@app/domain';
import { users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { readNumericSettings } from '../../platform/settings';

export interface Range {
  min: number;
  max: number;
}
export interface DownlineBounds {
  discount: Range;
  positionTaking: Range;
}

type UplineSettings = { roleId: number; discount: string | number; positionTaking: string | number };
const isRoot = (a: { roleId: number }) => a.roleId === RoleId.SuperAdmin || a.roleId === RoleId.ITAdmin;

/**
 * Max: the upline's own discount (capped by agentMaxDiscountPercentage) and its own position taking; the
 * platform's accounts are bound by the setting and 100% only. Min (an existing account, `userId`): the
 * highest its own direct downline already has, since an account cannot give below what it holds itself.
 */
export async function downlineBounds(db: DbOrTx, up: UplineSettings, userId?: number): Promise<DownlineBounds> {
  const { agentMaxDiscountPercentage } = await readNumericSettings(db, ['agentMaxDiscountPercentage']);
  const lowest = userId ? await lowestDownlineBound(db, userId) : { discount: 0, positionTaking: 0 };
  return {
    discount: { min: lowest.discount, max: isRoot(up) ? agentMaxDiscountPercentage : Math.min(Number(up.discount), agentMaxDiscountPercentage) },
    positionTaking: { min: lowest.positionTaking, max: isRoot(up) ? 100 : Number(up.positionTaking) },
  };
}

/** 400 naming each field outside its bounds ('max' above, 'min' below). */
export function assertWithin(bounds: DownlineBounds, body: { discount: number; positionTaking: number }, fields: Record<string, string> = {}) {
  for (const k of ['discount', 'positionTaking'] as const) {
    if (body[k] > bounds[k].max) fields[k] = 'max';
    else if (body[k] < bounds[k].min) fields[k] = 'min';
  }
  if (Object.keys(fields).length) throw badRequest('VALIDATION_FAILED', fields);
}

/** A downline's rates bound its upline's from below: an upline cannot drop under what it already gave. */
async function lowestDownlineBound(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      discount: sql<number>`coalesce(max(${users.discount}), 0)`.mapWith(Number),
      positionTaking: sql<number>`coalesce(max(${users.positionTaking}), 0)`.mapWith(Number),
    })
    .from(users)
    .where(sql`${users.uplineId} = ${id} and ${users.recordStatus} <> 2 and ${users.isMainAccount}`);
  return row ?? { discount: 0, positionTaking: 0 };
}
