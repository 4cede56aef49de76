// The account settings a bet text is read by (DOMAIN "Ordering"): the eat sequence (which star marker is
// box), the bet-code order the amount fields follow, and the pools a text without a pools line is for.
// Read for the order's owner: an upline ordering for a player writes the player's text.
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_CODE_ORDER, parseCodeOrder, type BetCode, type BetLineError, type EatSequence, type PoolDef, type PoolId } from '@app/domain';
import { users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';
import { poolRegistry } from '../pools/registry';

export interface BetSettings {
  eatSequence: EatSequence;
  codeOrder: BetCode[];
  defaultPools: PoolId[];
  /** The pools there are (the registry): their bet-text digits and result forms. */
  pools?: readonly PoolDef[];
}

/** A stored setting as the parser takes it; a code order that no longer reads falls back to the default. */
export function toBetSettings(row: { eatSequence: string; betCodeOrder: string; defaultPools: number[] }): BetSettings {
  return {
    eatSequence: row.eatSequence as EatSequence,
    codeOrder: parseCodeOrder(row.betCodeOrder) ?? [...DEFAULT_CODE_ORDER],
    defaultPools: [...new Set(row.defaultPools)].sort((a, b) => a - b) as PoolId[],
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();
function prepare(db: Db) {
  // Prepared once, so that PostgreSQL does not plan it on every order for a downline.
  return db
    .select({ eatSequence: users.eatSequence, betCodeOrder: users.betCodeOrder, defaultPools: users.defaultPools })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('bet_settings');
}

/** The owner's bet settings: an order for oneself reads them from the session, one for a downline from its row. */
export async function betSettingsOf(db: Db, auth: AuthContext, ownerId: number): Promise<BetSettings> {
  return { ...(await ownSettingsOf(db, auth, ownerId)), pools: await poolRegistry(db) };
}

async function ownSettingsOf(db: Db, auth: AuthContext, ownerId: number): Promise<BetSettings> {
  if (ownerId === auth.actingUserId && auth.actingEatSequence !== undefined && auth.actingBetCodeOrder !== undefined && auth.actingDefaultPools) {
    return toBetSettings({ eatSequence: auth.actingEatSequence, betCodeOrder: auth.actingBetCodeOrder, defaultPools: auth.actingDefaultPools });
  }
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepare(db)));
  const [row] = await query.execute({ userId: ownerId });
  if (!row) return toBetSettings({ eatSequence: '*/**', betCodeOrder: DEFAULT_CODE_ORDER.join('#'), defaultPools: [] });
  return toBetSettings(row);
}

/** One refused line, named by its number and its own text (a grid row is written as the text it stands for). */
export interface LineRefusal {
  lineNo: number;
  text: string;
  key: string;
  code?: string;
}

/**
 * The 400/422 of refused lines: `line.N` -> message key for each (what screens mark), and `lines` with
 * each line's own text, so that a refusal names the line whatever reads it. Nothing is placed.
 */
export function refusedLines(status: number, refusals: LineRefusal[]): AppError {
  const data: Record<string, unknown> = {};
  for (const r of refusals) data[`line.${r.lineNo}`] ??= r.key;
  data.lines = refusals.map((r) => (r.code ? r : { lineNo: r.lineNo, text: r.text, key: r.key }));
  return new AppError(status, refusals[0].key as never, data);
}

/** The parser's errors as refusals; an error of the text as a whole (line 0) has no text of its own. */
export const parseRefusals = (errors: readonly BetLineError[]): LineRefusal[] =>
  errors.map((e) => ({ lineNo: e.lineNo, text: e.raw.trim(), key: e.key, ...(e.code ? { code: e.code } : {}) }));
