import { and, eq, isNull, ne } from 'drizzle-orm';
import type { LoginUser } from '@app/contract';
import { formatAccessString, RoleId } from '@app/domain';
import { sessions, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, badRequest, refused } from '../../platform/errors';
import { secondaryValidUntil, type Deps } from '../../platform/http';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from '../../platform/password';
import { reservePasswordCheck } from '../../platform/passwordThrottle';
import { createSession, loadSession, type AuthContext } from '../../platform/session';
import { readNumericSettings } from '../../platform/settings';
import { voidRights } from '../orders/void';
import * as q from './queries';
import { removeInitialPassword } from './initialPassword';

export interface LoginResult {
  token: string;
  user: LoginUser;
}

export async function login(
  deps: Deps,
  input: { username: string; password: string; ip: string; userAgent?: string },
): Promise<LoginResult> {
  const username = input.username.trim().toLowerCase();
  const user = await q.findLoginUser(deps.db, username);
  // The attempt is counted before the password is checked: beyond the limit nothing is checked at all.
  const check = await reservePasswordCheck(deps.db, deps.clock, { scope: 'login', username, userId: user?.id, ip: input.ip });
  const valid = await verifyPassword(user?.passwordHash, input.password);
  const now = deps.clock.now();
  // One message for an unknown user and a wrong password: the answer must not reveal which usernames exist.
  if (!user || !valid) throw new AppError(401, 'INVALID_CREDENTIALS');
  const active = user.status === 'Active' && user.recordStatus === 1 && !user.inactiveAbove;
  // Said only to the right password, and that answer keeps its place in the count like a failure:
  // confirming a guess on a disabled account costs an attempt.
  if (!active) throw new AppError(403, 'ACCOUNT_DISABLED');

  const { token } = await deps.db.transaction(async (tx) => {
    const created = await createSession(tx, deps.clock, user.id, { ip: input.ip, userAgent: input.userAgent });
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    return created;
  });
  await check.passed();
  const auth = await loadSession(deps.db, deps.clock, token);
  return { token, user: await toLoginUser(deps, auth!) };
}

export async function toLoginUser(deps: Deps, auth: AuthContext): Promise<LoginUser> {
  const { secondaryPasswordCheckTime } = await readNumericSettings(deps.db, ['secondaryPasswordCheckTime']);
  const until = await secondaryValidUntil(deps, auth.secondaryVerifiedAt);
  const flags = await q.voidFlags(deps.db, auth.actingUserId);
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
    actingUserId: auth.actingUserId,
    voidRights: voidRights(auth, flags ?? { authority: false, selfVoid: false }),
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
  // The old password is the login (or secondary) password: guesses here spend the same count as there.
  const check = await reservePasswordCheck(deps.db, deps.clock, {
    scope: input.secondary ? 'secondary' : 'login',
    username: auth.username,
    userId: auth.userId,
    ip: input.ip,
  });
  const hashes = await q.getPasswordHashes(deps.db, auth.userId);
  const current = input.secondary ? hashes?.secondaryPasswordHash : hashes?.passwordHash;
  const valid = await verifyPassword(current, input.oldPassword);
  if (!valid) throw refused(input.secondary ? 'INVALID_SECONDARY_PASSWORD' : 'INVALID_OLD_PASSWORD');
  await check.passed();
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
  // The generated first password is no longer the password: its file in the data folder goes.
  if (!input.secondary && auth.roleId === RoleId.SuperAdmin) await removeInitialPassword(deps.config.dataDir, input.oldPassword);
}

export async function verifySecondaryPassword(
  deps: Deps,
  auth: AuthContext,
  secondaryPassword: string,
  ip: string,
): Promise<{ validUntil: string }> {
  const check = await reservePasswordCheck(deps.db, deps.clock, { scope: 'secondary', username: auth.username, userId: auth.userId, ip });
  const hashes = await q.getPasswordHashes(deps.db, auth.userId);
  const valid = await verifyPassword(hashes?.secondaryPasswordHash, secondaryPassword);
  const now = deps.clock.now();
  if (!valid) throw refused('INVALID_SECONDARY_PASSWORD');
  await check.passed();
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

