// Remote bet agents (Configuration/GetRemoteBetAgents, ManageRemoteBetAgent; Posting/GetRemoteAgents).
// The API secret is sealed with REMOTE_AGENT_KEY (platform/secretBox.ts) and never leaves the server.
import { and, asc, eq } from 'drizzle-orm';
import type { ManageRemoteAgentBody, RemoteAgentView } from '@app/contract';
import { remoteAgents } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import { open, seal, secretKeyOf } from '../../platform/secretBox';
import type { AuthContext } from '../../platform/session';

export type RemoteAgentRow = typeof remoteAgents.$inferSelect;

function keyOf(deps: Deps): Buffer {
  const key = secretKeyOf(deps.config.remoteAgentKey);
  if (!key) throw new AppError(409, 'REMOTE_AGENT_KEY_NOT_SET');
  return key;
}

export const secretOf = (deps: Deps, agent: RemoteAgentRow) => open(keyOf(deps), agent.secretEnc);

const view = (r: RemoteAgentRow): RemoteAgentView => ({
  id: r.id,
  name: r.name,
  baseUrl: r.baseUrl,
  clientOpcode: r.clientOpcode,
  hasSecret: r.secretEnc.length > 0,
  codeOrder: r.codeOrder,
  priority: r.priority,
  postEnabled: r.postEnabled,
  capPerNumber: r.capPerNumber === null ? null : Number(r.capPerNumber),
  timeoutMs: r.timeoutMs,
  cutoffMinutes: r.cutoffMinutes,
  rates: r.rates as RemoteAgentView['rates'],
  lastAnsweredAt: r.lastAnsweredAt?.toISOString() ?? null,
  lastError: r.lastError,
});

/** Kept remote agents, in priority order (then name). */
export async function listRemoteAgents(deps: Deps): Promise<RemoteAgentRow[]> {
  return deps.db.select().from(remoteAgents).where(eq(remoteAgents.recordStatus, 1)).orderBy(asc(remoteAgents.priority), asc(remoteAgents.name));
}

/** An active remote agent, or a 400 naming remoteAgentId. */
export async function remoteAgentOf(deps: Deps, id: number): Promise<RemoteAgentRow> {
  const [remote] = await deps.db
    .select()
    .from(remoteAgents)
    .where(and(eq(remoteAgents.id, id), eq(remoteAgents.recordStatus, 1)));
  if (!remote) throw badRequest('VALIDATION_FAILED', { remoteAgentId: 'NOT_FOUND' });
  return remote;
}

export const getRemoteBetAgents = async (deps: Deps) => (await listRemoteAgents(deps)).map(view);

const DEFAULT_ORDER = ['B', 'S', '4A', 'A', 'C'];

export async function manageRemoteBetAgent(deps: Deps, auth: AuthContext, body: ManageRemoteAgentBody, ip: string): Promise<RemoteAgentView | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [before] = body.id ? await tx.select().from(remoteAgents).where(eq(remoteAgents.id, body.id)).for('update') : [];
    if (body.id && (!before || before.recordStatus !== 1)) throw notFound();
    if (body.delete) {
      if (!before) throw badRequest('VALIDATION_FAILED', { id: 'REQUIRED' });
      await tx.update(remoteAgents).set({ recordStatus: 0, postEnabled: false, updatedBy: auth.userId, updatedAt: now }).where(eq(remoteAgents.id, before.id));
      await writeAudit(tx, now, { actorUserId: auth.userId, action: 'remote-agent.delete', targetType: 'remote_agents', targetId: before.id, before: { name: before.name }, ip });
      return null;
    }
    const [named] = await tx.select({ id: remoteAgents.id }).from(remoteAgents).where(eq(remoteAgents.name, body.name));
    if (named && named.id !== before?.id) throw conflict('DUPLICATE_NAME');
    const secret = body.clientSecret?.trim() ?? '';
    // The stored secret goes only where it was entered for: a new address or opcode needs it entered again,
    // or a changed address would carry the old credentials to whoever listens there.
    const baseUrl = body.baseUrl.replace(/\/+$/, '');
    const moved = !!before && (before.baseUrl !== baseUrl || before.clientOpcode !== body.clientOpcode);
    if ((!before || moved) && !secret) throw badRequest('REMOTE_SECRET_REQUIRED', { clientSecret: 'REQUIRED' });
    // A code laid off with no rate would be priced at nothing by settlement (decision 0035): every code of
    // the order needs a rate of the remote.
    const priced = new Set(body.rates.map((r) => r.betCode as string));
    const codeOrder = body.codeOrder ?? DEFAULT_ORDER.filter((c) => priced.has(c)).join('#');
    if (!codeOrder || codeOrder.split('#').some((c) => !priced.has(c))) throw badRequest('VALIDATION_FAILED', { codeOrder: 'pattern' });
    const secretEnc = secret ? seal(keyOf(deps), secret) : before!.secretEnc;
    const values = {
      name: body.name,
      baseUrl,
      clientOpcode: body.clientOpcode,
      secretEnc,
      codeOrder,
      priority: body.priority,
      postEnabled: body.postEnabled,
      capPerNumber: body.capPerNumber,
      timeoutMs: body.timeoutMs,
      // Absent: kept (a screen that does not show it never clears it); a new remote's is not known.
      cutoffMinutes: body.cutoffMinutes === undefined ? (before?.cutoffMinutes ?? null) : body.cutoffMinutes,
      rates: body.rates,
      updatedBy: auth.userId,
      updatedAt: now,
    };
    const [saved] = before
      ? await tx.update(remoteAgents).set(values).where(eq(remoteAgents.id, before.id)).returning()
      : await tx.insert(remoteAgents).values(values).returning();
    // The audit keeps what changed, never the secret (only whether it was replaced).
    const shown = (r: RemoteAgentRow | undefined) => (r ? { ...view(r), hasSecret: undefined } : null);
    await writeAudit(tx, now, {
      actorUserId: auth.userId,
      action: before ? 'remote-agent.update' : 'remote-agent.create',
      targetType: 'remote_agents',
      targetId: saved.id,
      before: shown(before),
      after: { ...shown(saved), secretReplaced: !!secret },
      ip,
    });
    return view(saved);
  });
}
