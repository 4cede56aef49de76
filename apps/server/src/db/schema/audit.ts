import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { AuditAction } from '@app/domain';
import { tz } from './columns';

// ---- audit (append-only; triggers in the migrations refuse UPDATE and DELETE) ----
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tz('at').notNull(),
    actorUserId: integer('actor_user_id'),
    // Only the named actions (the admin tool names each in the reader's language), whoever inserts.
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId)],
);
