// Posting closes with the draw's result (review finding (d) of issue 13; decision 0035): once the result is
// released, settlement books the links to the remotes of the invoices accepted by then, so nothing new is
// posted, distributed or recorded by hand after it (what was in doubt may still be asked again).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rows } from '../ledger/queries';

/** Serialises a remote's cap check and reservation per remote and draw (key: hashtext('remote:draw')). */
export const POSTING_CAP_LOCK_CLASS = 5035;

/**
 * Settlement's booking of a draw's posting links against the answers of lots in doubt (key: the draw id):
 * settlement takes it exclusive before reading the draw's invoices, and whatever makes or accepts an
 * invoice of the draw (reserving a lot, manual distribute, recording a remote's answer, resolving by hand)
 * takes it shared, so no invoice is accepted between settlement's check for doubts and its booking.
 */
export const POSTING_SETTLE_LOCK_CLASS = 5036;

export async function lockDrawPostingShared(tx: DbOrTx, drawId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${POSTING_SETTLE_LOCK_CLASS}::int, ${drawId}::int)`);
}
export async function lockDrawPostingExclusive(tx: DbOrTx, drawId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${POSTING_SETTLE_LOCK_CLASS}::int, ${drawId}::int)`);
}

/** Whether the draw (of one company, or of all) has an invoice in doubt. */
export async function hasInDoubt(tx: DbOrTx, drawId: number, companyId?: number): Promise<boolean> {
  const [r] = await rows<{ n: boolean }>(
    tx,
    sql`select exists (select 1 from remote_invoices where draw_id = ${drawId}::int and status = 0
                       ${companyId === undefined ? sql`` : sql`and company_id = ${companyId}::int`}) as n`,
  );
  return r.n;
}
export const inDoubtError = () => new AppError(422, 'POSTING_IN_DOUBT');

export async function resultReleased(db: DbOrTx, drawId: number): Promise<boolean> {
  const [r] = await rows<{ released: boolean }>(
    db,
    sql`select exists (select 1 from pool_results where draw_id = ${drawId}::int and status = 'released') as released`,
  );
  return r.released;
}

export const resultReleasedError = () => new AppError(422, 'POSTING_RESULT_RELEASED');
