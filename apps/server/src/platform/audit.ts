import type { AuditAction } from '@app/domain';
import { auditLog } from '../db/schema';
import type { DbOrTx } from './db';

export interface AuditEntry {
  actorUserId: number | null;
  action: AuditAction;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/** Appends to the audit log inside the caller's transaction, so the record and the change commit together. */
export async function writeAudit(tx: DbOrTx, at: Date, e: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    at,
    actorUserId: e.actorUserId,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId == null ? null : String(e.targetId),
    before: e.before ?? null,
    after: e.after ?? null,
    ip: e.ip ?? null,
  });
}
