// Issue 10 item 3: the account's flags decide voiding. One's own tickets need "allow self void" (before
// the cutoff); a downline's need "void ticket authority" (also past the cutoff). The permission role's
// Bet / Bet History delete level is needed too, but can never widen what the flags allow.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FUNCTION_NAMES, HierarchyLevel, PoolId } from '@app/domain';
import { checkLedger } from '../src/modules/ledger/service';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const CUTOFF = new Date('2026-11-25T10:45:00.000Z').getTime();
let keyNo = 0;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const login = (username: string) => t.login(username, PASSWORD);

async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.userId as number;
}
async function place(username: string, number: string): Promise<number> {
  const res = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: await login(username), json: { text: `D\n#1\n${number}#1`, idempotencyKey: `void-rights-${++keyNo}` } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.ticketId;
}
const voidAs = async (username: string, ticketIds: number[]) =>
  t.request({ url: '/api/Bet/BulkVoidTicket', cookie: await login(username), json: { ticketIds } });
const statusOf = async (ids: number[]) =>
  (await rows<{ status: number }>(sql`select status from tickets where id = any(${`{${ids.join(',')}}`}::bigint[]) order by id`)).map((r) => r.status);

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  const admin = await t.login(ADMIN.username, ADMIN.password);
  await createOk(admin, { username: 'vco', level: HierarchyLevel.Company, creditLimit: 10_000_000, voidTicketAuthority: true });
  const co = await login('vco');
  await createOk(co, { username: 'vagent', level: HierarchyLevel.Agent, creditLimit: 1_000_000 });
  const agent = await login('vagent');
  await createOk(agent, { username: 'vplayer', level: HierarchyLevel.Player, creditLimit: 10_000 });
  await createOk(agent, { username: 'vselfplayer', level: HierarchyLevel.Player, creditLimit: 10_000, allowSelfVoid: true });
  const staff = await t.request({
    url: '/api/Account/CreateOrUpdateSubAccount',
    cookie: co,
    json: { username: 'vco-staff', fullName: 'Staff', password: PASSWORD, activities: [{ activityId: FUNCTION_NAMES.indexOf('Bet History') + 1, option: 'View' }, { activityId: 1, option: 'View' }] },
  });
  expect(staff.status).toBe(200);
  const draw = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
  expect(draw.status).toBe(200);
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});
afterAll(async () => t?.close());

describe('voiding one\'s own tickets', () => {
  it('is refused without "allow self void", whatever Bet level the role carries', async () => {
    const me = await t.request({ url: '/api/Account/IsLoggedIn', cookie: await login('vplayer') });
    expect(me.body.data.accessString).toContain('Bet:1,2,3,4');
    const ticket = await place('vplayer', '1234');
    const one = await t.request({ url: '/api/Bet/VoidTicket', cookie: await login('vplayer'), json: { ticketId: ticket } });
    expect(one.status).toBe(403);
    expect(one.body.message).toBe('VOID_NOT_ALLOWED');
    expect((await voidAs('vplayer', [ticket])).status).toBe(403);
    expect(await statusOf([ticket])).toEqual([1]);
    expect(await rows(sql`select id from journal_transactions where kind = 'void'`)).toEqual([]);
  });

  it('is allowed with "allow self void" before the cutoff', async () => {
    const ticket = await place('vselfplayer', '2345');
    expect((await voidAs('vselfplayer', [ticket])).status).toBe(200);
    expect(await statusOf([ticket])).toEqual([0]);
  });
});

describe('voiding a downline\'s tickets', () => {
  it('needs "void ticket authority": the agent\'s Bet delete level alone does not do', async () => {
    const ticket = await place('vplayer', '3456');
    const me = await t.request({ url: '/api/Account/IsLoggedIn', cookie: await login('vagent') });
    expect(me.body.data.accessString).toContain('Bet:1,2,3,4');
    expect((await voidAs('vagent', [ticket])).status).toBe(403);
    expect(await statusOf([ticket])).toEqual([1]);
    expect((await voidAs('vco', [ticket])).status).toBe(200);
    expect(await statusOf([ticket])).toEqual([0]);
  });

  it('refuses a sub-account whose rights lack the delete level, though its main account has the authority', async () => {
    const ticket = await place('vplayer', '4567');
    expect((await voidAs('vco-staff', [ticket])).status).toBe(403);
    expect(await statusOf([ticket])).toEqual([1]);
  });

  it('refuses a bulk void as a whole when one ticket may not be voided', async () => {
    const own = await place('vselfplayer', '5678');
    const other = await place('vplayer', '6789');
    const res = await voidAs('vselfplayer', [own, other]);
    expect(res.status).toBe(404);
    const mixed = await voidAs('vagent', [own, other]);
    expect(mixed.status).toBe(403);
    expect(await statusOf([own, other])).toEqual([1, 1]);
  });
});

describe('the login data', () => {
  it('tells the screens what the login may void', async () => {
    const rights = async (u: string) => (await t.request({ url: '/api/Account/IsLoggedIn', cookie: await login(u) })).body.data.voidRights;
    expect(await rights('vplayer')).toEqual({ own: false, downline: false });
    expect(await rights('vselfplayer')).toEqual({ own: true, downline: false });
    expect(await rights('vagent')).toEqual({ own: false, downline: false });
    expect(await rights('vco')).toEqual({ own: false, downline: true });
    expect(await rights('vco-staff')).toEqual({ own: false, downline: false });
  });
});

describe('who may hand down the authority', () => {
  it('an upline without "void ticket authority" cannot give it; one with it can', async () => {
    const refused = await t.request({
      url: '/api/Account/CreateOrUpdateUser',
      cookie: await login('vagent'),
      json: { username: 'vplayer-auth', fullName: 'x', password: PASSWORD, level: HierarchyLevel.Player, voidTicketAuthority: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({ voidTicketAuthority: 'max' });
    expect(await rows(sql`select id from users where username = 'vplayer-auth'`)).toEqual([]);
    await createOk(await login('vco'), { username: 'vagent-auth', level: HierarchyLevel.Agent, voidTicketAuthority: true });
  });
});

describe('after the cutoff', () => {
  it('refuses one\'s own void, and allows the upline\'s void with authority', async () => {
    const own = await place('vselfplayer', '7890');
    const down = await place('vplayer', '8901');
    t.clock.set(new Date(CUTOFF + 60_000));
    const self = await voidAs('vselfplayer', [own]);
    expect(self.status).toBe(422);
    expect(self.body.message).toBe('DRAW_CLOSED');
    expect((await voidAs('vco', [down, own])).status).toBe(200);
    expect(await statusOf([own, down])).toEqual([0, 0]);
  });

  it('refuses every void once the draw has a result, authority or not', async () => {
    t.clock.set(new Date(CUTOFF - 60_000));
    const down = await place('vplayer', '9012');
    t.clock.set(new Date(CUTOFF + 3_600_000));
    await t.db.execute(sql`insert into pool_results (draw_id, pool_id, draw_date, numbers, status, source, changed_at)
                           select draw_id, ${PoolId.Magnum}, '2026-11-25', '{}'::jsonb, 'entered', 'manual', now()
                           from bet_lines where ticket_id = ${down} limit 1`);
    const res = await voidAs('vco', [down]);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('DRAW_HAS_RESULT');
    expect(await statusOf([down])).toEqual([1]);
  });
});
