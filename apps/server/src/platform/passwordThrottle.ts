// Throttling of every password check: login, the old password of ChangePassword and the secondary
// password. An attempt takes its place in its counters BEFORE the password is checked, by one atomic
// upsert, so parallel guesses cannot all be checked against one count read earlier. A failure keeps its
// place until the window ends; a success gives its place back and forgets its own address's typos, but
// not the address's failures against other accounts.
//
// Counters, each a row of login_throttle keyed by text, in fixed windows:
// - `addr:<ip>`: every check from the address, any account (password spraying);
// - `acct:<scope>:<name>`: checks of an account from addresses it has not logged in from lately;
// - `pair:<scope>:<name>@<ip>`: checks of an account from an address it logged in from lately (a session
//   created there within TRUSTED_ADDRESS_DAYS). These are held by their own count only, so strangers
//   elsewhere, however many, never lock the owner out of where it usually works.
import { sql } from 'drizzle-orm';
import type { Clock } from './clock';
import type { DbOrTx } from './db';
import { AppError } from './errors';

export const PASSWORD_THROTTLE = {
  windowMinutes: 15,
  /** Checks of one account (from unknown addresses together, or from one usual address) per window. */
  perAccount: 5,
  /** Checks from one address not usual for the account, across accounts, per window. */
  perAddress: 30,
  /** A successful login from an address within this many days makes it usual for the account. */
  trustedAddressDays: 90,
} as const;

/** Which secret is checked: the login password (Login, ChangePassword) or the secondary password. */
export type PasswordScope = 'login' | 'secondary';

export interface PasswordCheck {
  /** The password was right: give back this attempt's places and forget the usual address's typos. */
  passed(): Promise<void>;
}

interface Counter {
  key: string;
  limit: number;
  /** Whether reaching the limit refuses this attempt (a usual address is refused by its own count only). */
  binding: boolean;
}

type Row = { key: string; count: number; window_start: Date | string };
const rowsOf = (res: unknown) => (res as { rows: Row[] }).rows;

/**
 * Takes this attempt's places in its counters, or answers 429 (TOO_MANY_ATTEMPTS) without checking the
 * password when a binding counter is past its limit. `userId` is the account's id when it exists.
 */
export async function reservePasswordCheck(
  db: DbOrTx,
  clock: Clock,
  who: { scope: PasswordScope; username: string; userId: number | undefined; ip: string },
): Promise<PasswordCheck> {
  const { windowMinutes, perAccount, perAddress, trustedAddressDays } = PASSWORD_THROTTLE;
  const now = clock.now();
  const expired = new Date(now.getTime() - windowMinutes * 60_000);
  const name = `${who.scope}:${who.username.trim().toLowerCase()}`;
  const usual = who.userId !== undefined && (await isUsualAddress(db, who.userId, who.ip, new Date(now.getTime() - trustedAddressDays * 86_400_000)));
  const pairKey = `pair:${name}@${who.ip}`;
  const counters: Counter[] = [
    { key: `addr:${who.ip}`, limit: perAddress, binding: !usual },
    usual ? { key: pairKey, limit: perAccount, binding: true } : { key: `acct:${name}`, limit: perAccount, binding: true },
  ].sort((a, b) => (a.key < b.key ? -1 : 1)); // one order of row locks for every attempt: no deadlock

  const taken = rowsOf(
    await db.execute(sql`
      insert into login_throttle (key, window_start, count)
      values ${sql.join(counters.map((c) => sql`(${c.key}, ${now}, 1)`), sql`, `)}
      on conflict (key) do update set
        window_start = case when login_throttle.window_start <= ${expired} then excluded.window_start else login_throttle.window_start end,
        count = case when login_throttle.window_start <= ${expired} then 1 else login_throttle.count + 1 end
      returning key, count, window_start`),
  );
  const places = taken.map((r) => ({ key: r.key, windowStart: new Date(r.window_start) }));
  const giveBack = () =>
    db.execute(sql`
      update login_throttle t set count = greatest(t.count - 1, 0)
      from (values ${sql.join(places.map((p) => sql`(${p.key}, ${p.windowStart}::timestamptz)`), sql`, `)}) as mine(key, window_start)
      where t.key = mine.key and t.window_start = mine.window_start`);

  const over = taken.some((r) => {
    const c = counters.find((x) => x.key === r.key)!;
    return c.binding && Number(r.count) > c.limit;
  });
  if (over) {
    // A refused attempt checks nothing, so it holds no place: hammering does not raise the counts.
    await giveBack();
    throw new AppError(429, 'TOO_MANY_ATTEMPTS');
  }
  return {
    async passed() {
      await giveBack();
      await db.execute(sql`delete from login_throttle where key = ${pairKey} or window_start <= ${expired}`);
    },
  };
}

async function isUsualAddress(db: DbOrTx, userId: number, ip: string, since: Date): Promise<boolean> {
  const res = await db.execute(
    sql`select exists (select 1 from sessions where user_id = ${userId} and ip = ${ip} and created_at > ${since}) as usual`,
  );
  return (res as unknown as { rows: { usual: boolean }[] }).rows[0]?.usual === true;
}
