import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
  // By account, and by account and address: where it logged in from lately (its usual addresses).
  (t) => [index('sessions_user_ip_idx').on(t.userId, t.ip, t.createdAt)],
);
/**
 * Counters of password checks in fixed windows (platform/passwordThrottle.ts): one row per address, per
 * account, or per account at one of its usual addresses. Rows of past windows are deleted on logins.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    windowStart: tz('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('login_throttle_window_idx').on(t.windowStart)],
);
