// Demo history (issue 12 item 13): the demo's last two draw days before today, played, resulted,
// released, settled and paid out through the real API, so every report has settled figures to show on a
// fresh demo. Nothing is written around the rules: each step is the call a user would make, run by the
// app with its clock set to that moment of the past day (bets before the cutoff, results after it, the
// release by a second admin login), so the ledger, figures and reports are exactly what a real day leaves.
// Idempotent: a day whose Magnum draw already has a result is left as it is.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { accountSettings } from '@app/contract';
import { hasFiveD, hasSixD, HierarchyLevel, PoolId, SEEDED_POOLS } from '@app/domain';
import { buildApp } from '../app';
import { businessDateOf } from '../platform/businessTime';
import { ManualClock } from '../platform/clock';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import type { HttpApp } from '../platform/http';
import { createSession, SESSION_COOKIE } from '../platform/session';

const POOLS_PLAYED = [PoolId.Magnum, PoolId.PMP, PoolId.Toto] as const;
const DAYS = 2;

type Row = Record<string, unknown>;
const rowsOf = async <T extends Row>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** A small deterministic generator (the same history on every fresh demo). */
function numbersFor(seed: string, count: number, avoid: Set<string>): string[] {
  const out: string[] = [];
  let i = 0;
  while (out.length < count) {
    const n = String(crypto.createHash('sha256').update(`${seed}:${i++}`).digest().readUInt32BE(0) % 10_000).padStart(4, '0');
    if (!avoid.has(n) && !out.includes(n)) out.push(n);
  }
  return out;
}

/** The bets of a day: each player's numbers (the first few of which the results will strike). */
function betsOf(day: string) {
  const [a, b, c, d, e, f, g, h] = numbersFor(`bets:${day}`, 8, new Set());
  return {
    demoplayer: { numbers: [a, b, c, d], text: `D\n#123\n${a}#5#5\n${b}#2#1\n${c}#3\n${d}#1#1` },
    demoplayer2: { numbers: [e, f, g, h], text: `D\n#12\n${e}#10\n${f}#2#2\n${g}#4#1\n${h}#1` },
  };
}

/** A pool's 23 results: the struck numbers in the slots given, the rest drawn so as not to strike by chance. */
function resultOf(day: string, poolId: number, strikes: { first?: string; starter?: string; consolation?: string }, bets: Set<string>) {
  const free = numbersFor(`result:${day}:${poolId}`, 23, new Set([...bets]));
  const take = () => free.shift()!;
  const first = strikes.first ?? take();
  const second = take();
  const third = take();
  const starter = Array.from({ length: 10 }, (_, i) => (i === 3 && strikes.starter ? strikes.starter : take()));
  const consolation = Array.from({ length: 10 }, (_, i) => (i === 6 && strikes.consolation ? strikes.consolation : take()));
  const fourD = { first, second, third, starter, consolation };
  // A pool that also draws 5D or 6D (Toto) has no complete result without them: the 4D numbers with digits before.
  const form = SEEDED_POOLS.find((p) => p.id === poolId)?.resultForm ?? '4D';
  return {
    fourD,
    fiveD: hasFiveD(form) ? ([`1${second}`, `2${third}`, `3${starter[0]}`] as [string, string, string]) : null,
    sixD: hasSixD(form) ? `45${consolation[0]}` : null,
  };
}

/**
 * The demo's days: the last DAYS Magnum draw days before today (business date) whose steps, run up to two
 * hours after the cutoff, are all in the past (so just after midnight the evening before is one), each with
 * whether it is done: every draw it plays settled. A day cut short (the process stopped) is taken up again
 * where it stopped: each step is skipped once it has happened.
 */
export async function demoHistoryDays(db: Db, config: Config, now: Date): Promise<{ day: string; done: boolean }[]> {
  return rowsOf<{ day: string; done: boolean }>(
    db,
    sql`select to_char(d.draw_date, 'YYYY-MM-DD') as day,
               not exists (select 1 from draws o where o.draw_date = d.draw_date and o.record_status = 1 and o.pool_id = any(${`{${POOLS_PLAYED.join(',')}}`}::int[])
                           and not exists (select 1 from draw_settlements s where s.draw_id = o.id and s.distributed_at is not null)) as done
        from draws d where d.pool_id = ${PoolId.Magnum} and d.record_status = 1 and d.draw_date < ${businessDateOf(now, config.tzBusiness)}::date
                       and d.cutoff_at < ${now.toISOString()}::timestamptz - interval '3 hours'
        order by d.draw_date desc limit ${DAYS}`,
  );
}

export async function seedDemoHistory(db: Db, config: Config, adminUsername: string, password: string, now: Date): Promise<void> {
  const days = await demoHistoryDays(db, config, now);
  const todo = days.filter((d) => !d.done).reverse();
  if (todo.length === 0) return;

  const idOf = async (username: string) => (await rowsOf<{ id: number }>(db, sql`select id from users where lower(username) = ${username.toLowerCase()}`))[0]?.id;
  const clock = new ManualClock(now);
  const app = await buildApp({ db, clock, config }, { logger: false });
  try {
    const sessionOf = async (username: string) => {
      const { token } = await createSession(db, clock, Number(await idOf(username)), { ip: '127.0.0.1', userAgent: 'demo history' });
      const cookie = `${SESSION_COOKIE}=${token}`;
      // As at a first login in the browser: the terms are agreed before anything else (the web app still
      // shows them at each login of an account without "do not show again").
      await call(app, cookie, '/api/Account/AgreeTermsAndConditions', { doNotShowAgain: false });
      return cookie;
    };
    // A second player of the agent, opened by the agent as any account is, so the agent's report has two rows.
    if (!(await idOf('demoplayer2'))) {
      await call(app, await sessionOf('demoagent'), '/api/Account/CreateOrUpdateUser', {
        username: 'demoplayer2',
        fullName: 'Demo Player Two',
        password,
        level: HierarchyLevel.Player,
        creditLimit: 200_000,
        // Flagged demo: win/loss 2's demo variant reads its play apart (decision 0031).
        isDemo: true,
      });
    }
    // The company keeps what it takes and the agent a share of what its players bet (position taking), as
    // in the trade, so the reports show own positions beside the commission; set from above like any change.
    await keepShare(app, await sessionOf(adminUsername), Number(await idOf('democo')), 100);
    await keepShare(app, await sessionOf('democo'), Number(await idOf('demoagent')), 40);
    for (const { day } of todo) await playDay(db, app, clock, day, sessionOf, adminUsername);
  } finally {
    await app.close();
  }
}
/** Sets an account's position taking where it has none, through the account form's own call. */
async function keepShare(app: HttpApp, cookie: string, userId: number, positionTaking: number) {
  const detail = await app.inject({ method: 'GET', url: `/api/Account/GetUserDetailsById?userId=${userId}`, headers: { 'x-requested-with': 'XMLHttpRequest', cookie } });
  const account = detail.json().data as Record<string, unknown>;
  if (Number(account.positionTaking) !== 0) return;
  const settings = Object.fromEntries(Object.keys(accountSettings.shape).filter((k) => k in account).map((k) => [k, account[k]]));
  await call(app, cookie, '/api/Account/CreateOrUpdateUser', { ...settings, userId, positionTaking });
}

async function call(app: HttpApp, cookie: string, url: string, json: unknown) {
  const res = await app.inject({ method: 'POST', url, headers: { 'x-requested-with': 'XMLHttpRequest', cookie }, payload: json as object, remoteAddress: '127.0.0.1' });
  if (res.statusCode !== 200) throw new Error(`demo history: ${url} answered ${res.statusCode} ${res.body}`);
  return res.json().data;
}

async function playDay(db: Db, app: HttpApp, clock: ManualClock, day: string, sessionOf: (u: string) => Promise<string>, adminUsername: string) {
  const draws = await rowsOf<{ id: number; pool_id: number; cutoff_at: Date | string }>(
    db,
    sql`select id, pool_id, cutoff_at from draws where draw_date = ${day}::date and record_status = 1 and pool_id = any(${`{${POOLS_PLAYED.join(',')}}`}::int[]) order by pool_id`,
  );
  const cutoff = Math.min(...draws.map((d) => new Date(d.cutoff_at).getTime()));
  // The bets: two hours before the cutoff.
  clock.set(new Date(cutoff - 2 * 3_600_000));
  const bets = betsOf(day);
  for (const [username, bet] of Object.entries(bets)) {
    await call(app, await sessionOf(username), '/api/Bet/PlaceExpressOrder', { text: bet.text, idempotencyKey: `demo-history-${day}-${username}` });
  }
  // The results: an hour after the cutoff, entered by the super admin and released by the IT admin.
  clock.set(new Date(cutoff + 3_600_000));
  const every = new Set([...bets.demoplayer.numbers, ...bets.demoplayer2.numbers]);
  const strikes: Record<number, { first?: string; starter?: string; consolation?: string }> = {
    [PoolId.Magnum]: { starter: bets.demoplayer.numbers[1] },
    [PoolId.PMP]: { consolation: bets.demoplayer2.numbers[3] },
    [PoolId.Toto]: { consolation: bets.demoplayer.numbers[3] },
  };
  const admin = await sessionOf(adminUsername);
  const it = await sessionOf('demoit');
  for (const d of draws) {
    const [result] = await rowsOf<{ status: string; version: number }>(db, sql`select status, version from pool_results where draw_id = ${d.id}`);
    const version = result ? Number(result.version) : (await call(app, admin, '/api/Result/SavePoolResult', { drawId: Number(d.id), numbers: resultOf(day, Number(d.pool_id), strikes[Number(d.pool_id)] ?? {}, every), version: 0 })).version;
    if (result?.status !== 'released') await call(app, it, '/api/Configuration/SubmitReleaseResultStatus', { drawId: Number(d.id), version });
  }
  // The company releases the winners' credit the same evening.
  clock.set(new Date(cutoff + 2 * 3_600_000));
  await call(app, await sessionOf('democo'), '/api/Result/ReleaseCredit', { drawDate: day });
}
