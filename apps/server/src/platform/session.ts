// Server-side sessions. The cookie holds a random token; the table keeps only its sha256.
import crypto from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SYSTEM_SETTING_DEFAULTS, type AccessLevel, type AccessMap, type RoleId } from '@app/domain';
import { sessions, users } from '../db/schema';
import { Batcher } from './batcher';
import type { Clock } from './clock';
import type { Db, DbOrTx } from './db';
import { readNumericSettings } from './settings';

export const SESSION_COOKIE = 'sid';
const LAST_SEEN_WRITE_MS = 15_000;

export interface AuthContext {
  sessionId: string;
  loginGuid: string;
  userId: number;
  username: string;
  fullName: string;
  /** The role that decides what the caller may do: a sub-account's main account's role. */
  roleId: RoleId;
  isMainAccount: boolean;
  /** The account the caller acts for: itself, or a sub-account's main account. */
  actingUserId: number;
  /** Materialised path of the acting account: its subtree is every path starting with it. */
  actingPath: string;
  access: AccessMap;
  disabledFunctions: string[];
  skipTnc: boolean;
  /** The account has agreed to the terms (SPEC 1: bettors must be 18 or over), or needs not be asked. */
  termsAgreed: boolean;
  secondaryVerifiedAt: Date | null;
  /** The acting account's eat sequence, read with the session (a bet text is parsed by it on every order). */
  actingEatSequence?: string;
  /** The acting account's bet-code order and default pools, read with the session for the same reason. */
  actingBetCodeOrder?: string;
  actingDefaultPools?: number[];
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function createSession(
  tx: DbOrTx,
  clock: Clock,
  userId: number,
  meta: { ip: string; userAgent: string | undefined },
): Promise<{ token: string; loginGuid: string }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const loginGuid = crypto.randomUUID();
  const now = clock.now();
  const { sessionAbsoluteTimeout } = await readNumericSettings(tx, ['sessionAbsoluteTimeout']);
  await tx.insert(sessions).values({
    id: hashToken(token),
    userId,
    loginGuid,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + sessionAbsoluteTimeout * 60_000),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return { token, loginGuid };
}

export async function endSession(db: DbOrTx, clock: Clock, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: clock.now(), endedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every open session of a user (disabled account, password changed elsewhere). */
export async function endUserSessions(db: DbOrTx, clock: Clock, userId: number, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: clock.now(), endedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

/** SQL of an account's rights as a JSON array of [function, level]: its permission roles and its direct grants. */
const accessJson = (userId: SQL | number) => sql<[string, number][] | null>`(
  select json_agg(json_build_array(a.name, x.level))
  from (select rap.activity_id, rap.permission_id as level
        from user_permission_roles upr join role_activity_permissions rap on rap.role_id = upr.role_id
        where upr.user_id = ${userId}
        union all
        select uap.activity_id, uap.permission_id from user_activity_permissions uap where uap.user_id = ${userId}) x
  join activities a on a.id = x.activity_id)`;

function toAccessMap(pairs: [string, number][] | null): AccessMap {
  const map: AccessMap = new Map();
  for (const [fn, level] of pairs ?? []) {
    const set = map.get(fn) ?? new Set();
    set.add(level as AccessLevel);
    map.set(fn, set);
  }
  return map;
}

/** An account's rights: the union of its permission roles and its direct grants, in one query. */
export async function loadAccess(db: DbOrTx, userId: number): Promise<AccessMap> {
  const res = await db.execute(sql`select ${accessJson(userId)} as access`);
  return toAccessMap((res as unknown as { rows: { access: [string, number][] | null }[] }).rows[0]?.access ?? null);
}

/** A sub-account acts for its main account with only what was granted AND what the main account has. */
export function intersectAccess(own: AccessMap, main: AccessMap): AccessMap {
  const out: AccessMap = new Map();
  for (const [fn, levels] of own) {
    const allowed = main.get(fn);
    if (!allowed) continue;
    const both = new Set([...levels].filter((l) => allowed.has(l)));
    if (both.size) out.set(fn, both);
  }
  return out;
}

const mainAccount = alias(users, 'main_account');

/**
 * The sessions, their accounts, their main accounts, the idle timeout and the access of both, as one
 * prepared statement by a list of session ids: every call reads its session, and PostgreSQL would
 * otherwise plan it afresh each time (planning cost more than running it). Built once per database.
 */
function prepareSessionQuery(db: Db) {
  return db
    .select({
      s: sessions,
      u: {
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        roleId: users.roleId,
        isMainAccount: users.isMainAccount,
        mainAccountId: users.mainAccountId,
        path: users.path,
        status: users.status,
        recordStatus: users.recordStatus,
        disabledFunctions: users.disabledFunctions,
        skipTnc: users.skipTnc,
        tncAgreedAt: users.tncAgreedAt,
        eatSequence: users.eatSequence,
        betCodeOrder: users.betCodeOrder,
        defaultPools: users.defaultPools,
      },
      main: { id: mainAccount.id, roleId: mainAccount.roleId, path: mainAccount.path, status: mainAccount.status, eatSequence: mainAccount.eatSequence, betCodeOrder: mainAccount.betCodeOrder, defaultPools: mainAccount.defaultPools },
      // Everything a request needs comes back in this one round trip: it runs on every call.
      idleTimeout: sql<string | null>`(select value from system_settings where key = 'sessionIdleTimeout')`,
      ownAccess: accessJson(sql`${users.id}`),
      mainAccess: sql<[string, number][] | null>`case when ${users.isMainAccount} then null else ${accessJson(sql`${users.mainAccountId}`)} end`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(mainAccount, eq(mainAccount.id, users.mainAccountId))
    .where(and(sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`, isNull(sessions.endedAt)))
    .prepare('load_sessions');
}
type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionQuery>['execute']>>[number];

/** How many session reads one query serves at most. */
const SESSIONS_PER_READ = 256;
let sessionReads = 0;

/**
 * Session reads that arrive while one is running share the next query: a burst of calls (tickets before a
 * draw closes) pays one statement's fixed cost (a round trip, the database's per-statement work, the
 * driver's row description) for many sessions instead of one each.
 */
const sessionReaders = new WeakMap<Db, Batcher<string, SessionRow | undefined>>();
function readSession(db: Db, id: string): Promise<SessionRow | undefined> {
  let reader = sessionReaders.get(db);
  if (!reader) {
    const query = prepareSessionQuery(db);
    reader = new Batcher<string, SessionRow | undefined>({
      run: async (ids) => {
        const rows = await query.execute({ ids: [...new Set(ids)] });
        const byId = new Map(rows.map((r) => [r.s.id, r]));
        return ids.map((i) => ({ ok: true, value: byId.get(i) }));
      },
      weight: () => 1,
      capacity: SESSIONS_PER_READ,
      // Every read its own key: two calls with one cookie may share a query.
      key: () => String(sessionReads++),
      // One read at a time, so that a burst shares few; a second only if one is slow.
      concurrency: 2,
      overlapAfterMs: 20,
    });
    sessionReaders.set(db, reader);
  }
  return reader.submit(id);
}

/** Resolves a cookie token to a live session, ending it if a timeout passed or the account is disabled. */
export async function loadSession(db: Db, clock: Clock, token: string | undefined): Promise<AuthContext | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const row = await readSession(db, id);
  if (!row) return null;
  const { s, u, main } = row;
  const now = clock.now();
  const sessionIdleTimeout = Number(row.idleTimeout ?? SYSTEM_SETTING_DEFAULTS.sessionIdleTimeout);
  let endReason: string | null = null;
  if (now >= s.expiresAt) endReason = 'absolute-timeout';
  else if (now.getTime() - s.lastSeenAt.getTime() >= sessionIdleTimeout * 60_000) endReason = 'idle-timeout';
  else if (u.status !== 'Active' || u.recordStatus !== 1) endReason = 'account-disabled';
  else if (!u.isMainAccount && (!main || main.status !== 'Active')) endReason = 'account-disabled';
  if (endReason) {
    await endSession(db, clock, id, endReason);
    return null;
  }
  if (now.getTime() - s.lastSeenAt.getTime() >= LAST_SEEN_WRITE_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  const own = toAccessMap(row.ownAccess);
  const access = u.isMainAccount || !main ? own : intersectAccess(own, toAccessMap(row.mainAccess));
  const acting =
    u.isMainAccount || !main
      ? { id: u.id, roleId: u.roleId, path: u.path, eatSequence: u.eatSequence, betCodeOrder: u.betCodeOrder, defaultPools: u.defaultPools }
      : main;
  return {
    sessionId: id,
    loginGuid: s.loginGuid,
    userId: u.id,
    username: u.username,
    fullName: u.fullName,
    roleId: acting.roleId as RoleId,
    isMainAccount: u.isMainAccount,
    actingUserId: acting.id,
    actingPath: acting.path,
    access,
    disabledFunctions: u.disabledFunctions,
    skipTnc: u.skipTnc,
    termsAgreed: u.skipTnc || u.tncAgreedAt !== null,
    secondaryVerifiedAt: s.secondaryVerifiedAt,
    actingEatSequence: acting.eatSequence,
    actingBetCodeOrder: acting.betCodeOrder,
    actingDefaultPools: acting.defaultPools,
  };
}

