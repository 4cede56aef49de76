import { bigserial, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { users } from './accounts';

// ---- sessions and login throttling ----
export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie token: a leaked table does not yield usable cookies. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    loginGuid: text('login_guid').notNull(),
    createdAt: tz('created_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    secondaryVerifiedAt: tz('secondary_verified_at'),
    endedAt: tz('ended_at'),
    endedReason: text('ended_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    at: tz('at').notNull(),
    success: boolean('success').notNull(),
  },
  (t) => [index('login_attempts_username_idx').on(t.username, t.at), index('login_attempts_ip_idx').on(t.ip, t.at)],
);

