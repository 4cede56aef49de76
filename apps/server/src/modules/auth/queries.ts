import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { loginAttempts, sessions, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

export async function findLoginUser(db: DbOrTx, username: string) {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      status: users.status,
      recordStatus: users.recordStatus,
      isMainAccount: users.isMainAccount,
      mainAccountId: users.mainAccountId,
    })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, ne(users.recordStatus, 2)));
  return row;
}

export async function findMainAccountStatus(db: DbOrTx, id: number) {
  const [row] = await db.select({ status: users.status, recordStatus: users.recordStatus }).from(users).where(eq(users.id, id));
  return row;
}

/** Failures since `since` that came after the key's last success (a success clears the count). */
export async function countRecentFailures(db: DbOrTx, by: 'username' | 'ip', key: string, since: Date): Promise<number> {
  const col = by === 'username' ? loginAttempts.username : loginAttempts.ip;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(
      and(
        eq(col, key),
        gt(loginAttempts.at, since),
        eq(loginAttempts.success, false),
        sql`${loginAttempts.at} > coalesce((select max(la.at) from login_attempts la where la.${sql.raw(by)} = ${key} and la.success), '-infinity')`,
      ),
    );
  return row?.n ?? 0;
}

export async function recordAttempt(db: DbOrTx, username: string, ip: string, at: Date, success: boolean) {
  await db.insert(loginAttempts).values({ username, ip, at, success });
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
