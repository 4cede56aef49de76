import { and, eq, isNull, ne } from 'drizzle-orm';
import type { LoginUser } from '@app/contract';
import { formatAccessString } from '@app/domain';
import { sessions, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, badRequest, refused } from '../../platform/errors';
import { secondaryValidUntil, type Deps } from '../../platform/http';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from '../../platform/password';
import { createSession, loadSession, type AuthContext } from '../../platform/session';
import { readNumericSettings } from '../../platform/settings';
import * as q from './queries';

/** Failed logins allowed per username and per address inside the window before 429. */
export const LOGIN_THROTTLE = { windowMinutes: 15, perUsername: 5, perAddress: 30 } as const;

export interface LoginResult {
  token: string;
  user: LoginUser;
}

async function assertNotThrottled(deps: Deps, username: string, ip: string) {
  const since = new Date(deps.clock.now().getTime() - LOGIN_THROTTLE.windowMinutes * 60_000);
  const [byUser, byIp] = await Promise.all([
    q.countRecentFailures(deps.db, 'username', username, since),
    q.countRecentFailures(deps.db, 'ip', ip, since),
  ]);
  if (byUser >= LOGIN_THROTTLE.perUsername || byIp >= LOGIN_THROTTLE.perAddress) {
    throw new AppError(429, 'TOO_MANY_ATTEMPTS');
  }
}

export async function login(
  deps: Deps,
  input: { username: string; password: string; ip: string; userAgent?: string },
): Promise<LoginResult> {
  const username = input.username.trim().toLowerCase();
  await assertNotThrottled(deps, username, input.ip);
  const user = await q.findLoginUser(deps.db, username);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  const now = deps.clock.now();
  await q.recordAttempt(deps.db, username, input.ip, now, valid);
  // One message for an unknown user and a wrong password: the answer must not reveal which usernames exist.
  if (!user || !valid) throw new AppError(401, 'INVALID_CREDENTIALS');
  let active = user.status === 'Active' && user.recordStatus === 1;
  if (active && !user.isMainAccount && user.mainAccountId) {
    const main = await q.findMainAccountStatus(deps.db, user.mainAccountId);
    active = !!main && main.status === 'Active' && main.recordStatus === 1;
  }
  if (!active) throw new AppError(403, 'ACCOUNT_DISABLED');

  const { token } = await deps.db.transaction(async (tx) => {
    const created = await createSession(tx, deps.clock, user.id, { ip: input.ip, userAgent: input.userAgent });
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    return created;
  });
  const auth = await loadSession(deps.db, deps.clock, token);
  return { token, user: await toLoginUser(deps, auth!) };
}

export async function toLoginUser(deps: Deps, auth: AuthContext): Promise<LoginUser> {
  const { secondaryPasswordCheckTime } = await readNumericSettings(deps.db, ['secondaryPasswordCheckTime']);
  const until = await secondaryValidUntil(deps, auth.secondaryVerifiedAt);
  return {
    userId: auth.userId,
    username: auth.username,
    fullName: auth.fullName,
    userRoleId: auth.roleId,
    accessString: formatAccessString(auth.access),
    mainAccount: auth.isMainAccount,
    skipTNC: auth.skipTnc,
    disabledFunctions: auth.disabledFunctions,
    secondaryPasswordCheckTime,
    secondaryVerifiedUntil: until && until > deps.clock.now() ? until.toISOString() : null,
    loginGuid: auth.loginGuid,
    businessTimeZone: deps.config.tzBusiness,
  };
}

export async function changePassword(
  deps: Deps,
  auth: AuthContext,
  input: { oldPassword: string; newPassword: string; secondary: boolean; ip: string },
): Promise<void> {
  const field = 'newPassword';
  if (input.newPassword.length < MIN_PASSWORD_LENGTH) throw badRequest('PASSWORD_TOO_SHORT', { [field]: 'minLength' });
  if (input.newPassword === input.oldPassword) throw badRequest('PASSWORD_SAME_AS_OLD', { [field]: 'pattern' });
  const hashes = await q.getPasswordHashes(deps.db, auth.userId);
  const current = input.secondary ? hashes?.secondaryPasswordHash : hashes?.passwordHash;
  const valid = await verifyPassword(current, input.oldPassword);
  if (!valid) throw refused(input.secondary ? 'INVALID_SECONDARY_PASSWORD' : 'INVALID_OLD_PASSWORD');
  const hash = await hashPassword(input.newPassword);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (input.secondary) {
      await tx.update(users).set({ secondaryPasswordHash: hash }).where(eq(users.id, auth.userId));
    } else {
      await tx.update(users).set({ passwordHash: hash, passwordChangedAt: now }).where(eq(users.id, auth.userId));
      // Other sessions of this account end; this one goes on.
      await tx
        .update(sessions)
        .set({ endedAt: now, endedReason: 'password-changed' })
        .where(and(eq(sessions.userId, auth.userId), ne(sessions.id, auth.sessionId), isNull(sessions.endedAt)));
    }
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: input.secondary ? 'secondary-password.change' : 'password.change',
      targetType: 'user',
      targetId: auth.userId,
      ip: input.ip,
    });
  });
}

export async function verifySecondaryPassword(
  deps: Deps,
  auth: AuthContext,
  secondaryPassword: string,
  ip: string,
): Promise<{ validUntil: string }> {
  // Wrong secondary passwords count against the same throttle as logins, under a key of their own.
  const key = `secondary:${auth.username.toLowerCase()}`;
  await assertNotThrottled(deps, key, ip);
  const hashes = await q.getPasswordHashes(deps.db, auth.userId);
  const valid = await verifyPassword(hashes?.secondaryPasswordHash, secondaryPassword);
  const now = deps.clock.now();
  await q.recordAttempt(deps.db, key, ip, now, valid);
  if (!valid) throw refused('INVALID_SECONDARY_PASSWORD');
  await q.markSecondaryVerified(deps.db, auth.sessionId, now);
  const until = await secondaryValidUntil(deps, now);
  return { validUntil: until!.toISOString() };
}

export async function agreeTerms(deps: Deps, auth: AuthContext, doNotShowAgain: boolean): Promise<void> {
  await deps.db
    .update(users)
    .set({ tncAgreedAt: deps.clock.now(), ...(doNotShowAgain ? { skipTnc: true } : {}) })
    .where(eq(users.id, auth.userId));
}

