import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from './columns';

// ---- audit (append-only; triggers in the migrations refuse UPDATE and DELETE) ----
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tz('at').notNull(),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [index('audit_log_target_idx').on(t.targetType, t.targetId)],
);
