// Decision 0049 (issue 30 line 5): a call addressing a record by id answers an id the caller may not see
// exactly as an id that does not exist: the same status, the same body. Else the answers enumerate the
// ids of other branches (UpdateDrawPaymentDetail answered 403 for another branch's payment, 404 for a
// missing one). Walks every by-id call (objectSecurity/calls.ts for accounts, records.ts for the rest)
// as callers of another branch: its company, an agent below it, and its sub-account without rights.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId } from '@app/domain';
import { rows } from '../src/modules/ledger/queries';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';
import { targetedCalls, type Target } from './objectSecurity/calls';
import { recordCalls, type RecordIds } from './objectSecurity/records';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
let foreign: RecordIds;
let own: RecordIds;
let keyNo = 0;
const GHOST = 987_654;
const callers = ['company', 'agent', 'staff'] as const;
/** Account calls that still tell a sub-account without the right its branch's ids (see below). */
const AWAITING_ACCOUNTS = new Set<string>([]);

async function ok(res: { status: number; body: { data: unknown } }) {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as Record<string, unknown>;
}

beforeAll(async () => {
  t = await createTestApp();
  cookies.admin = await t.login(ADMIN.username, ADMIN.password);
  const create = async (by: string, body: Record<string, unknown>) => {
    const data = await ok(await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: cookies[by], json: { password: PASSWORD, fullName: String(body.username), ...body } }));
    ids[String(body.username)] = data.userId as number;
    cookies[String(body.username)] = await t.login(String(body.username), PASSWORD);
  };
  // The branch whose records are probed (b), and the branch that probes them (a).
  for (const side of ['a', 'b']) {
    await create('admin', { username: `un-co-${side}`, level: HierarchyLevel.Company, creditLimit: 10_000_000 });
    await create(`un-co-${side}`, { username: `un-agent-${side}`, level: HierarchyLevel.Agent, creditLimit: 1_000_000 });
    await create(`un-agent-${side}`, { username: `un-player-${side}`, level: HierarchyLevel.Player, creditLimit: 100_000 });
  }
  await t.createUser({ username: 'un-staff-a', password: PASSWORD, roleId: 3, mainAccountId: ids['un-co-a'], skipTnc: true });
  cookies['un-staff-a'] = await t.login('un-staff-a', PASSWORD);
  for (const who of ['un-co-a', 'un-agent-a', 'un-staff-a', 'un-co-b', 'un-agent-b']) {
    await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: PASSWORD }, cookie: cookies[who] });
  }
  await ok(await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: cookies.admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } }));

  // Branch b's records.
  const ticket = await ok(await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: cookies['un-player-b'], json: { text: 'D\n#1\n1234#1', idempotencyKey: `unseen-key-${++keyNo}` } }));
  const [xid] = await rows<{ xid: string }>(t.db, sql`select xid from tickets where id = ${ticket.ticketId as number}::bigint`);
  const auto = await ok(
    await t.request({ url: '/api/Bet/SaveAutoTicket', cookie: cookies['un-agent-b'], json: { targetUserId: ids['un-player-b'], text: 'D\n#1\n1234#1', idempotencyKey: `unseen-key-${++keyNo}` } }),
  );
  const rates = [{ code: 'B', commissionPct: 10, payouts: { first: 150_000, second: 50_000, third: 25_000, starter: 10_000, consolation: 5_000 } }];
  const pkg = await ok(await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie: cookies['un-co-b'], json: { packageType: 0, name: 'B only', rates } }));
  const red = await ok(await t.request({ url: '/api/Configuration/CreateOrUpdateRedNumber', cookie: cookies['un-co-b'], json: { number: '4321', type: 1, limitAmount: 1_000 } }));
  // A payment co-b recorded with its agent (its figures need a settled day; the row is what is probed).
  const [pay] = await rows<{ id: number }>(
    t.db,
    sql`insert into draw_payments (draw_date, downline_id, upline_id, amount, transaction_id, at, by)
        values ('2026-11-25', ${ids['un-agent-b']}::int, ${ids['un-co-b']}::int, 500, 0, now(), ${ids['un-co-b']}::int) returning id`,
  );
  // Branch a's own records: its sub-account without the rights may not see them either.
  const ownTicket = await ok(await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: cookies['un-player-a'], json: { text: 'D\n#1\n1234#1', idempotencyKey: `unseen-key-${++keyNo}` } }));
  const [ownXid] = await rows<{ xid: string }>(t.db, sql`select xid from tickets where id = ${ownTicket.ticketId as number}::bigint`);
  const ownAuto = await ok(
    await t.request({ url: '/api/Bet/SaveAutoTicket', cookie: cookies['un-agent-a'], json: { targetUserId: ids['un-player-a'], text: 'D\n#1\n1234#1', idempotencyKey: `unseen-key-${++keyNo}` } }),
  );
  const ownPkg = await ok(await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie: cookies['un-co-a'], json: { packageType: 0, name: 'A only', rates } }));
  const ownRed = await ok(await t.request({ url: '/api/Configuration/CreateOrUpdateRedNumber', cookie: cookies['un-co-a'], json: { number: '4321', type: 1, limitAmount: 1_000 } }));
  const [ownPay] = await rows<{ id: number }>(
    t.db,
    sql`insert into draw_payments (draw_date, downline_id, upline_id, amount, transaction_id, at, by)
        values ('2026-11-25', ${ids['un-agent-a']}::int, ${ids['un-co-a']}::int, 500, 0, now(), ${ids['un-co-a']}::int) returning id`,
  );
  own = {
    ticketId: ownTicket.ticketId as number,
    xid: ownXid.xid,
    autoTicketId: (ownAuto.autoTicketId ?? ownAuto.id) as number,
    packageId: ownPkg.packageId as number,
    redNumberId: ownRed.id as number,
    drawPaymentId: Number(ownPay.id),
    downlineId: ids['un-agent-a'],
  };
  foreign = {
    ticketId: ticket.ticketId as number,
    xid: xid.xid,
    autoTicketId: (auto.autoTicketId ?? auto.id) as number,
    packageId: pkg.packageId as number,
    redNumberId: red.id as number,
    drawPaymentId: Number(pay.id),
    downlineId: 0,
  };
});
afterAll(async () => t?.close());

/** Each caller's own direct downline: the calls that also name one stay valid but for the record probed. */
const downlineOf = (who: (typeof callers)[number]) => (who === 'agent' ? ids['un-player-a'] : ids['un-agent-a']);
const cookieOf = (who: (typeof callers)[number]) => cookies[who === 'company' ? 'un-co-a' : who === 'agent' ? 'un-agent-a' : 'un-staff-a'];
const ghostIds = (): RecordIds => ({ ticketId: GHOST, xid: 'NOSUCHXID', autoTicketId: GHOST, packageId: GHOST, redNumberId: GHOST, drawPaymentId: GHOST, downlineId: 0 });

describe('the records of branch b exist (the control)', () => {
  it('their owners reach them', async () => {
    const detail = await t.request({ url: '/api/Bet/GetTicketDetail', cookie: cookies['un-co-b'], query: { ticketId: foreign.ticketId } });
    expect(detail.status).toBe(200);
    const pay = await t.request({ url: '/api/Result/UpdateDrawPaymentDetail', cookie: cookies['un-co-b'], json: { paymentId: foreign.drawPaymentId, remark: 'mine' } });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const pkg = await t.request({ url: '/api/Configuration/GetPackageDetailById', cookie: cookies['un-co-b'], query: { id: foreign.packageId } });
    expect(pkg.status).toBe(200);
  });
});

describe.each(recordCalls)('$name', (call) => {
  for (const who of callers) {
    it(`answers the ${who} of another branch the same for its record as for a missing one`, async () => {
      const downlineId = downlineOf(who);
      const seen = await t.request({ ...call.request({ ...foreign, downlineId }), cookie: cookieOf(who) });
      const missing = await t.request({ ...call.request({ ...ghostIds(), downlineId }), cookie: cookieOf(who) });
      expect([seen.status, seen.body]).toEqual([missing.status, missing.body]);
    });
  }
  it('answers a sub-account without the rights the same for its own branch\'s record as for a missing one', async () => {
    const seen = await t.request({ ...call.request(own), cookie: cookies['un-staff-a'] });
    const missing = await t.request({ ...call.request({ ...ghostIds(), downlineId: own.downlineId }), cookie: cookies['un-staff-a'] });
    expect([seen.status, seen.body]).toEqual([missing.status, missing.body]);
  });
});

describe.each(targetedCalls)('$name', (call) => {
  for (const who of callers) {
    it(`answers the ${who} of another branch the same for its account as for a missing one`, async () => {
      const target: Target = { userId: ids['un-agent-b'], username: 'un-agent-b', uplineId: ids['un-co-a'] };
      const ghost: Target = { userId: GHOST, username: 'no-such-user', uplineId: ids['un-co-a'] };
      const seen = await t.request({ ...call.request(target), cookie: cookieOf(who) });
      const missing = await t.request({ ...call.request(ghost), cookie: cookieOf(who) });
      expect([seen.status, seen.body]).toEqual([missing.status, missing.body]);
      expect(JSON.stringify(seen.body)).not.toContain('un-agent-b');
    });
  }
  // Accounts refuse a sub-account without the Downline right after the lookup (accounts/service.ts
  // assertReadable and updateUser): 403 for its branch's account, 404 for a missing id. Expected to fail
  // until the accounts module checks the right first; then this list empties.
  const pending = AWAITING_ACCOUNTS.has(call.name);
  (pending ? it.fails : it)('answers a sub-account without the rights the same for an account of its own branch as for a missing one', async () => {
    const target: Target = { userId: ids['un-agent-a'], username: 'un-agent-a', uplineId: ids['un-co-a'] };
    const ghost: Target = { userId: GHOST, username: 'no-such-user', uplineId: ids['un-co-a'] };
    const seen = await t.request({ ...call.request(target), cookie: cookies['un-staff-a'] });
    const missing = await t.request({ ...call.request(ghost), cookie: cookies['un-staff-a'] });
    expect([seen.status, seen.body]).toEqual([missing.status, missing.body]);
  });
});
