// API accounts: a machine client (remote agent, integration) authenticates with a client opcode and a
// secret and acts as one account with exactly that account's rights. The secret is 32 random bytes shown
// once; only its sha256 is stored (a random secret needs no slow password hash).
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { apiAccounts } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { conflict } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import type { AuthContext } from '../../platform/session';
import { assertInSubtree } from './service';

export const hashSecret = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');

export function generateApiCode() {
  return { clientOpcode: `op_${crypto.randomBytes(9).toString('base64url')}`, clientSecret: crypto.randomBytes(32).toString('base64url') };
}

export async function getApiAccount(deps: Deps, auth: AuthContext, userId: number) {
  await assertInSubtree(deps, auth, userId);
  const [row] = await deps.db
    .select()
    .from(apiAccounts)
    .where(and(eq(apiAccounts.userId, userId), eq(apiAccounts.recordStatus, 1)));
  return {
    userId,
    clientOpcode: row?.clientOpcode ?? null,
    createdAt: row?.createdAt.toISOString() ?? null,
    lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
  };
}

/** Saves the credentials for an account, replacing (disabling) its previous ones. */
export async function saveApiAccount(
  deps: Deps,
  auth: AuthContext,
  body: { userId: number; clientOpcode: string; clientSecret: string },
  ip: string,
) {
  await assertInSubtree(deps, auth, body.userId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [taken] = await tx.select({ userId: apiAccounts.userId }).from(apiAccounts).where(eq(apiAccounts.clientOpcode, body.clientOpcode));
    if (taken) throw conflict('DUPLICATE_NAME');
    await tx.update(apiAccounts).set({ recordStatus: 0 }).where(eq(apiAccounts.userId, body.userId));
    await tx.insert(apiAccounts).values({
      userId: body.userId,
      clientOpcode: body.clientOpcode,
      secretHash: hashSecret(body.clientSecret),
      createdAt: now,
      createdBy: auth.userId,
    });
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: 'api-account.save',
      targetType: 'user',
      targetId: body.userId,
      after: { clientOpcode: body.clientOpcode },
      ip,
    });
  });
  return getApiAccount(deps, auth, body.userId);
}
