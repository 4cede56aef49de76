// Shapes of what placing a ticket reads (placeStatements.ts holds its statements), and the open-stakes
// accounts that placing and voiding post to.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../ledger/queries';

export interface ChainRow {
  userId: number;
  roleId: number;
  status: string;
  recordStatus: number;
  path: string;
  companyId: number | null;
  username: string;
  receiptOrderType: number;
  /** Which of * and ** is box for this account: its receipts write the markers its texts use. */
  eatSequence: string;
  positionTaking: string;
  eatType: string | null;
  limitMethod: number | null;
  creditLimit: number;
  creditType: string;
}

export interface RiskSettings {
  limits: { userId: number; poolId: number; betCode: string; amount: number }[];
  /** Active red numbers of these owners that touch these numbers (directly or through their group). */
  reds: { userId: number; number: string; type: number; groupKey: string; poolId: number | null; limitAmount: number }[];
  /** Numbers blocked in the number queue for these owners on these dates. */
  blocked: { userId: number; poolId: number; drawDate: string; number: string; betCode: string }[];
}

/** Ids of open-stakes accounts once seen committed, per database: they never change, so each is read once. */
const stakesAccountIds = new WeakMap<object, Map<string, number>>();

/** The system ledger account holding open stakes for a company, spread over shards to avoid one hot row. */
export async function openStakesAccount(db: object, tx: DbOrTx, companyId: number | null, shard: number): Promise<number> {
  const code = `open-stakes:${companyId ?? 0}:${shard}`;
  const cache = stakesAccountIds.get(db) ?? new Map<string, number>();
  stakesAccountIds.set(db, cache);
  const cached = cache.get(code);
  if (cached !== undefined) return cached;
  const found = await rows<{ id: number }>(tx, sql`select id from ledger_accounts where code = ${code}`);
  // Only a row found by a read is cached: a row this transaction creates could still be rolled back.
  if (found.length) {
    cache.set(code, found[0].id);
    return found[0].id;
  }
  // "do nothing" takes no lock on a row another transaction made: this runs before the eaten totals are
  // locked, and the open-stakes accounts are locked only after them.
  const created = await rows<{ id: number }>(
    tx,
    sql`with ins as (
          insert into ledger_accounts (code, company_id, balance) values (${code}, ${companyId}, 0)
          on conflict (code) do nothing returning id
        )
        select id from ins union all select id from ledger_accounts where code = ${code}`,
  );
  if (created.length) return created[0].id;
  // Another transaction made it after this statement began: a new statement sees it.
  const made = await rows<{ id: number }>(tx, sql`select id from ledger_accounts where code = ${code}`);
  return made[0].id;
}
