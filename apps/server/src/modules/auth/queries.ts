import { and, eq, ne, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';
import { inactiveAboveSql } from '../accounts/queries';

export async function findLoginUser(db: DbOrTx, username: string) {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      status: users.status,
      recordStatus: users.recordStatus,
      isMainAccount: users.isMainAccount,
      mainAccountId: users.mainAccountId,
      // Every account above (a sub-account's main account too) must be active for a login.
      inactiveAbove: inactiveAboveSql(sql`${users.path}`, sql`${users.id}`),
    })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, ne(users.recordStatus, 2)));
  return row;
}

export async function getPasswordHashes(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, secondaryPasswordHash: users.secondaryPasswordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function markSecondaryVerified(db: DbOrTx, sessionId: string, at: Date) {
  await db.update(sessions).set({ secondaryVerifiedAt: at }).where(eq(sessions.id, sessionId));
}

/** The acting account's void flags: what the login data tells the screens it may void. */
export async function voidFlags(db: DbOrTx, userId: number) {
  const [row] = await db.select({ authority: users.voidTicketAuthority, selfVoid: users.allowSelfVoid }).from(users).where(eq(users.id, userId));
  return row;
}
