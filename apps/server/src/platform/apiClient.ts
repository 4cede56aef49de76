// Machine clients authenticate per request with `Authorization: Basic base64(clientOpcode:clientSecret)`
// and act as the API account's user, with exactly that user's rights (no secondary password).
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { apiAccounts, users } from '../db/schema';
import type { Clock } from './clock';
import type { Db } from './db';
import { AppError } from './errors';
import { loadAccess, type AuthContext } from './session';
import type { RoleId } from '@app/domain';

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest();

export async function loadApiClient(db: Db, clock: Clock, authorization: string | undefined): Promise<AuthContext | null> {
  if (!authorization?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
  const sep = decoded.indexOf(':');
  if (sep <= 0) throw new AppError(401, 'INVALID_API_CREDENTIALS');
  const opcode = decoded.slice(0, sep);
  const secret = decoded.slice(sep + 1);
  const [row] = await db
    .select({ a: apiAccounts, u: users })
    .from(apiAccounts)
    .innerJoin(users, eq(users.id, apiAccounts.userId))
    .where(and(eq(apiAccounts.clientOpcode, opcode), eq(apiAccounts.recordStatus, 1)));
  const expected = row ? Buffer.from(row.a.secretHash, 'hex') : sha256('no-such-client');
  const matches = crypto.timingSafeEqual(expected, sha256(secret));
  if (!row || !matches || row.u.status !== 'Active' || row.u.recordStatus !== 1 || !row.u.isMainAccount) {
    throw new AppError(401, 'INVALID_API_CREDENTIALS');
  }
  await db.update(apiAccounts).set({ lastUsedAt: clock.now() }).where(eq(apiAccounts.id, row.a.id));
  const access = await loadAccess(db, row.u.id);
  return {
    sessionId: `api:${row.a.id}`,
    loginGuid: `api:${row.a.id}`,
    userId: row.u.id,
    username: row.u.username,
    fullName: row.u.fullName,
    roleId: row.u.roleId as RoleId,
    isMainAccount: true,
    actingUserId: row.u.id,
    actingPath: row.u.path,
    access,
    disabledFunctions: row.u.disabledFunctions,
    skipTnc: true,
    termsAgreed: true,
    secondaryVerifiedAt: null,
  };
}
