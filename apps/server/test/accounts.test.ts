import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, RoleId } from '@app/domain';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(ADMIN.username, ADMIN.password);
});
afterAll(async () => t?.close());

const PASSWORD = 'Passw0rd!';
async function create(cookie: string, body: Record<string, unknown>) {
  return t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: `${body.username} name`, ...body } });
}
async function createOk(cookie: string, body: Record<string, unknown>): Promise<number> {
  const res = await create(cookie, body);
  if (res.status !== 200) throw new Error(`create ${body.username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.userId;
}
const rows = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)) as unknown as { rows: T[] };

describe('rights handed down, never created below', () => {
  it('refuses "can edit package" from an upline whose own package is fixed, and lets one that may edit give it', async () => {
    await createOk(admin, { username: 'fixco', level: HierarchyLevel.Company, creditLimit: 100_000, discount: 28, positionTaking: 90 });
    const co = await t.login('fixco', PASSWORD);
    await createOk(co, { username: 'fixedm', level: HierarchyLevel.Master, creditLimit: 10_000, fixPackage: true, canEditPackage: false });
    const fixed = await t.login('fixedm', PASSWORD);
    const given = await create(fixed, { username: 'fixeda', level: HierarchyLevel.Agent, creditLimit: 1_000, canEditPackage: true });
    expect(given.status).toBe(400);
    expect(given.body.data).toEqual({ canEditPackage: 'max' });
    expect(await rows(sql`select 1 from users where username = 'fixeda'`)).toMatchObject({ rows: [] });
    await createOk(fixed, { username: 'fixeda', level: HierarchyLevel.Agent, creditLimit: 1_000 });
    await createOk(co, { username: 'freem', level: HierarchyLevel.Master, creditLimit: 10_000, canEditPackage: true });
    await createOk(await t.login('freem', PASSWORD), { username: 'freea', level: HierarchyLevel.Agent, creditLimit: 1_000, canEditPackage: true });
  });
});

describe('an update changes what it sends', () => {
  it('keeps every setting left out of the body, the status included (no default resets or reactivates)', async () => {
    await createOk(admin, { username: 'partco', level: HierarchyLevel.Company, creditLimit: 100_000, discount: 28, positionTaking: 90 });
    const co = await t.login('partco', PASSWORD);
    const id = await createOk(co, { username: 'partplayer', level: HierarchyLevel.Player, creditLimit: 1_000, discount: 20, eatSequence: '**/*', smsEnabled: true });
    const update = (json: Record<string, unknown>) => t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: co, json: { userId: id, ...json } });
    const suspended = await update({ fullName: 'Part Player', status: 'Suspended' });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    const renamed = await update({ fullName: 'Part Player Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ fullName: 'Part Player Renamed', status: 'Suspended', discount: 20, eatSequence: '**/*', smsEnabled: true });
    const discount = await update({ fullName: 'Part Player Renamed', discount: 10 });
    expect(discount.body.data).toMatchObject({ discount: 10, status: 'Suspended', eatSequence: '**/*' });
  });
});

describe('creating the hierarchy', () => {
  let co: number;
  let coCookie: string;
  beforeAll(async () => {
    co = await createOk(admin, { username: 'acme', level: HierarchyLevel.Company, creditLimit: 1_000_000, discount: 28, positionTaking: 90 });
    coCookie = await t.login('acme', PASSWORD);
  });

  it('lets the super admin create a company with the right role, path and default permission role', async () => {
    const detail = await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: co }, cookie: admin });
    expect(detail.body.data).toMatchObject({ username: 'acme', userRoleId: RoleId.Company, level: 1, uplineId: 1, creditLimit: 1_000_000, discount: 28 });
    const me = await t.request({ url: '/api/Account/IsLoggedIn', cookie: coCookie });
    expect(me.body.data.accessString).toContain('Downline:1,2,3,4');
  });

  it('refuses the super admin creating anything but a company, and a company creating a company', async () => {
    const agent = await create(admin, { username: 'badagent', level: HierarchyLevel.Agent });
    expect(agent.status).toBe(400);
    expect(agent.body.data).toEqual({ level: 'pattern' });
    const company = await create(coCookie, { username: 'badco', level: HierarchyLevel.Company });
    expect(company.status).toBe(400);
  });

  it('lets a company create any level below it, with role ids of SPEC 6', async () => {
    const sh = await createOk(coCookie, { username: 'acme-sh', level: HierarchyLevel.Shareholder, creditLimit: 500_000, discount: 27, positionTaking: 50 });
    const ag = await createOk(coCookie, { username: 'acme-agent', level: HierarchyLevel.Agent, creditLimit: 100_000 });
    const pl = await createOk(coCookie, { username: 'acme-player', level: HierarchyLevel.Player, creditLimit: 10_000 });
    const house = await createOk(coCookie, { username: 'acme-house', isHouse: true });
    const roleOf = async (id: number) => (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: id }, cookie: coCookie })).body.data.userRoleId;
    expect(await roleOf(sh)).toBe(RoleId.Multilevel);
    expect(await roleOf(ag)).toBe(RoleId.Multilevel);
    expect(await roleOf(pl)).toBe(RoleId.Player);
    expect(await roleOf(house)).toBe(RoleId.House);
    const houses = await t.request({ url: '/api/Account/GetHouseUsers', cookie: coCookie });
    expect(houses.body.data.items.map((r: { username: string }) => r.username)).toEqual(['acme-house']);
  });

  it('refuses a duplicate username (case-insensitive) with 409 and changes nothing', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from users`);
    const dup = await create(coCookie, { username: 'ACME-AGENT', level: HierarchyLevel.Agent });
    expect(dup.status).toBe(409);
    const after = await rows<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('holds the business bounds: credit within what the upline can still grant, discount and PT within the upline', async () => {
    // acme has 1,000,000 and granted 500,000 + 100,000 + 10,000 already.
    const tooMuch = await create(coCookie, { username: 'greedy', level: HierarchyLevel.Agent, creditLimit: 390_001 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ message: 'CREDIT_LIMIT_EXCEEDS_UPLINE', data: { creditLimit: 'max' } });
    await createOk(coCookie, { username: 'exact', level: HierarchyLevel.Agent, creditLimit: 390_000 });
    const discount = await create(coCookie, { username: 'cheap', level: HierarchyLevel.Agent, discount: 28.01 });
    expect(discount.status).toBe(400);
    expect(discount.body.data).toEqual({ discount: 'max' });
    const pt = await create(coCookie, { username: 'taker', level: HierarchyLevel.Agent, positionTaking: 90.5 });
    expect(pt.body.data).toEqual({ positionTaking: 'max' });
    const maxSetting = await create(admin, { username: 'toodiscounted', level: HierarchyLevel.Company, discount: 31 });
    expect(maxSetting.body.data).toEqual({ discount: 'max' });
  });

  it('validates fields as SPEC 5 says, naming each field', async () => {
    const res = await create(coCookie, { username: 'x', level: HierarchyLevel.Agent, email: 'not-an-email', phone: '12345', discount: 1.234 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data).sort()).toEqual(['discount', 'email', 'phone', 'username']);
  });

  it('suggests usernames from a reserved prefix and advances it', async () => {
    const saved = await t.request({ url: '/api/Account/CreateOrUpdateReserveNamePrefix', cookie: coCookie, json: { prefix: 'AC', digits: 3 } });
    expect(saved.status).toBe(200);
    const init = await t.request({ url: '/api/Account/GetUserDetailInit', cookie: coCookie });
    expect(init.body.data.suggestedUsername).toBe('AC001');
    expect(init.body.data.levels.map((l: { id: number }) => l.id)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(init.body.data.upline.maxCreditLimit).toBe(0);
    await createOk(coCookie, { username: 'AC001', level: HierarchyLevel.Player });
    const next = await t.request({ url: '/api/Account/GetUserDetailInit', cookie: coCookie });
    expect(next.body.data.suggestedUsername).toBe('AC002');
    const clash = await t.request({ url: '/api/Account/CreateOrUpdateReserveNamePrefix', cookie: admin, json: { prefix: 'ac', digits: 3 } });
    expect(clash.status).toBe(409);
  });
});

describe('the downline list', () => {
  let root: string;
  let mid: number;
  beforeAll(async () => {
    const co = await createOk(admin, { username: 'listco', level: HierarchyLevel.Company, creditLimit: 10_000_000 });
    root = await t.login('listco', PASSWORD);
    for (let i = 1; i <= 25; i++) {
      await createOk(root, { username: `lp${String(i).padStart(2, '0')}`, level: HierarchyLevel.Player, creditLimit: i * 100, status: i % 5 === 0 ? 'Suspended' : 'Active' });
    }
    mid = await createOk(root, { username: 'listmaster', level: HierarchyLevel.Master, creditLimit: 50_000 });
    const midCookie = await t.login('listmaster', PASSWORD);
    await createOk(midCookie, { username: 'deepagent', level: HierarchyLevel.Agent, creditLimit: 1_000 });
    expect(co).toBeGreaterThan(0);
  });

  it('pages on the server, with the total', async () => {
    const p1 = await t.request({ url: '/api/Account/GetUserListing', query: { pageSize: 10, page: 1 }, cookie: root });
    expect(p1.body.data.total).toBe(26);
    expect(p1.body.data.items).toHaveLength(10);
    expect(p1.body.data.items[0].username).toBe('listmaster');
    const p3 = await t.request({ url: '/api/Account/GetUserListing', query: { pageSize: 10, page: 3 }, cookie: root });
    expect(p3.body.data.items).toHaveLength(6);
  });

  it('searches, filters by status, sorts and shows the columns an agent needs', async () => {
    const search = await t.request({ url: '/api/Account/GetUserListing', query: { searchTerm: 'lp1', pageSize: 50 }, cookie: root });
    expect(search.body.data.items.map((r: { username: string }) => r.username)).toEqual(['lp10', 'lp11', 'lp12', 'lp13', 'lp14', 'lp15', 'lp16', 'lp17', 'lp18', 'lp19']);
    const suspended = await t.request({ url: '/api/Account/GetUserListing', query: { status: 'Suspended', pageSize: 50 }, cookie: root });
    expect(suspended.body.data.total).toBe(5);
    const all = await t.request({ url: '/api/Account/GetUserListing', query: { status: '-1', pageSize: 50, sortBy: 'creditLimit', sortDir: 'desc' }, cookie: root });
    expect(all.body.data.total).toBe(26);
    expect(all.body.data.items[0]).toMatchObject({ username: 'listmaster', creditLimit: 50_000, availableCredit: 50_000, outstanding: 0, currency: 'MYR', downlineCount: 1, level: 5 });
    expect(all.body.data.items[0]).toHaveProperty('lastLoginAt');
  });

  it('drills into a downline with a breadcrumb back up, and refuses to drill outside', async () => {
    const down = await t.request({ url: '/api/Account/GetUserListing', query: { parentId: mid }, cookie: root });
    expect(down.body.data.items.map((r: { username: string }) => r.username)).toEqual(['deepagent']);
    expect(down.body.data.breadcrumb.map((c: { username: string }) => c.username)).toEqual(['listco', 'listmaster']);
    const midCookie = await t.login('listmaster', PASSWORD);
    const rootId = down.body.data.breadcrumb[0].userId;
    const up = await t.request({ url: '/api/Account/GetUserListing', query: { parentId: rootId }, cookie: midCookie });
    expect(up.status).toBe(404);
    const lines = await t.request({ url: '/api/Account/GetTargetLines', query: { userId: mid }, cookie: root });
    expect(lines.body.data.map((c: { username: string }) => c.username)).toEqual(['listco', 'listmaster']);
    const direct = await t.request({ url: '/api/Account/GetDirectDownlines', query: { userId: mid }, cookie: root });
    expect(direct.body.data.map((c: { username: string }) => c.username)).toEqual(['deepagent']);
  });

  it('lists companies for the super admin only', async () => {
    const res = await t.request({ url: '/api/Account/GetCompanyDetailBySuperAdmin', query: { pageSize: 100 }, cookie: admin });
    expect(res.body.data.items.every((r: { userRoleId: number }) => r.userRoleId === RoleId.Company)).toBe(true);
    expect(res.body.data.items.map((r: { username: string }) => r.username)).toContain('listco');
    expect((await t.request({ url: '/api/Account/GetCompanyDetailBySuperAdmin', cookie: root })).status).toBe(403);
  });
});

describe('status flagging', () => {
  it('flags the whole downline in one transaction, ends their sessions, and reactivation restores them', async () => {
    await createOk(admin, { username: 'flagco', level: HierarchyLevel.Company, creditLimit: 1_000 });
    const co = await t.login('flagco', PASSWORD);
    const agent = await createOk(co, { username: 'flagagent', level: HierarchyLevel.Agent });
    const agentCookie = await t.login('flagagent', PASSWORD);
    await createOk(agentCookie, { username: 'flagplayer', level: HierarchyLevel.Player });
    await createOk(agentCookie, { username: 'flagplayer2', level: HierarchyLevel.Player, status: 'Inactive' });
    const playerCookie = await t.login('flagplayer', PASSWORD);
    const detail = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: agent }, cookie: co })).body.data;
    const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: co, json: { ...detail, status: 'Suspended' } });
    expect(res.status).toBe(200);
    const statuses = await rows<{ username: string; status: string }>(sql`select username, status from users where username like 'flag%' order by username`);
    expect(Object.fromEntries(statuses.rows.map((r) => [r.username, r.status]))).toEqual({
      flagagent: 'Suspended',
      flagco: 'Active',
      flagplayer: 'Suspended',
      flagplayer2: 'Inactive',
    });
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: playerCookie })).body.success).toBe(false);
    expect((await t.request({ url: '/api/Account/Login', form: { username: 'flagplayer', password: PASSWORD } })).status).toBe(403);
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: co, json: { ...detail, status: 'Active' } });
    const back = await rows<{ username: string; status: string }>(sql`select username, status from users where username like 'flagplayer%' order by username`);
    expect(back.rows.map((r) => r.status)).toEqual(['Active', 'Inactive']);
    const audit = await rows<{ after: { cascadedTo: number[] } }>(sql`select after from audit_log where action = 'user.status' and target_id = ${String(agent)} order by id`);
    expect(audit.rows[0].after.cascadedTo).toHaveLength(1);
  });
});

describe('manage profile', () => {
  it('lets an account change only its own contact details and preferences', async () => {
    await createOk(admin, { username: 'selfco', level: HierarchyLevel.Company, creditLimit: 5_000, discount: 10 });
    const co = await t.login('selfco', PASSWORD);
    const me = (await t.request({ url: '/api/Account/IsLoggedIn', cookie: co })).body.data.userId;
    const detail = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: me }, cookie: co })).body.data;
    const res = await t.request({
      url: '/api/Account/CreateOrUpdateUser',
      cookie: co,
      json: { ...detail, fullName: 'Self Co Ltd', phone: '0123456789', discount: 30, status: 'Suspended', creditLimit: 9_999_999, voidTicketAuthority: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fullName: 'Self Co Ltd', phone: '0123456789', discount: 10, status: 'Active', creditLimit: 5_000, voidTicketAuthority: false });
  });
});

describe('sub-accounts', () => {
  it('act for the main account with only what was granted, and never more than the main account has', async () => {
    await createOk(admin, { username: 'subco', level: HierarchyLevel.Company, creditLimit: 5_000 });
    const co = await t.login('subco', PASSWORD);
    const acts = (await t.request({ url: '/api/Setting/GetActivities', cookie: admin })).body.data as { id: number; name: string }[];
    const id = (name: string) => acts.find((a) => a.name === name)!.id;
    const created = await t.request({
      url: '/api/Account/CreateOrUpdateSubAccount',
      cookie: co,
      json: { username: 'subco-staff', fullName: 'Staff', password: PASSWORD, activities: [{ activityId: id('Downline'), option: 'View' }], reportAccess: ['Payout Report'] },
    });
    expect(created.status).toBe(200);
    const staff = await t.login('subco-staff', PASSWORD);
    const me = (await t.request({ url: '/api/Account/IsLoggedIn', cookie: staff })).body.data;
    expect(me).toMatchObject({ mainAccount: false, accessString: 'Downline:1', userRoleId: RoleId.Company });
    expect((await t.request({ url: '/api/Account/GetUserListing', cookie: staff })).status).toBe(200);
    // View only: creating a downline is refused.
    expect((await create(staff, { username: 'bystaff', level: HierarchyLevel.Player })).status).toBe(403);
    // A sub-account manages no sub-accounts and edits no profile.
    expect((await t.request({ url: '/api/Account/GetSubAccountListing', cookie: staff })).status).toBe(403);
    const list = await t.request({ url: '/api/Account/GetSubAccountListing', cookie: co });
    expect(list.body.data).toMatchObject([{ username: 'subco-staff', accessString: 'Downline:1', reportAccess: ['Payout Report'] }]);
    // Suspending the sub-account ends its session.
    await t.request({
      url: '/api/Account/CreateOrUpdateSubAccount',
      cookie: co,
      json: { userId: created.body.data.userId, fullName: 'Staff', status: 'Suspended', activities: [] },
    });
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: staff })).body.success).toBe(false);
  });

  it('a player cannot have sub-accounts', async () => {
    await createOk(admin, { username: 'subco2', level: HierarchyLevel.Company });
    const co = await t.login('subco2', PASSWORD);
    await createOk(co, { username: 'subco2-player', level: HierarchyLevel.Player });
    const p = await t.login('subco2-player', PASSWORD);
    expect((await t.request({ url: '/api/Account/CreateOrUpdateSubAccount', cookie: p, json: { username: 'pp', fullName: 'x', password: PASSWORD } })).status).toBe(403);
  });
});

describe('change upline and delete', () => {
  let co: string;
  let m1: number;
  let m2: number;
  let agent: number;
  beforeAll(async () => {
    await createOk(admin, { username: 'moveco', level: HierarchyLevel.Company, creditLimit: 10_000, discount: 20, positionTaking: 80 });
    co = await t.login('moveco', PASSWORD);
    m1 = await createOk(co, { username: 'mm1', level: HierarchyLevel.Master, creditLimit: 5_000, discount: 20, positionTaking: 50 });
    m2 = await createOk(co, { username: 'mm2', level: HierarchyLevel.Master, creditLimit: 1_000, discount: 10, positionTaking: 50 });
    const m1c = await t.login('mm1', PASSWORD);
    agent = await createOk(m1c, { username: 'mover', level: HierarchyLevel.Agent, creditLimit: 500, discount: 5, positionTaking: 10 });
    await createOk(await t.login('mover', PASSWORD), { username: 'moverplayer', level: HierarchyLevel.Player });
  });

  it('moves an account and its downline, keeping paths right', async () => {
    const res = await t.request({ url: '/api/Setting/UpdateTargetUserUpline', cookie: co, json: { userId: agent, newUplineId: m2 } });
    expect(res.status).toBe(200);
    const paths = await rows<{ username: string; path: string; upline_id: number }>(sql`select username, path, upline_id from users where username in ('mover','moverplayer','mm2') order by username`);
    const [m2row, mover, player] = paths.rows;
    expect(mover.upline_id).toBe(m2);
    expect(mover.path.startsWith(m2row.path)).toBe(true);
    expect(player.path.startsWith(mover.path)).toBe(true);
    expect((await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: agent }, cookie: await t.login('mm1', PASSWORD) })).status).toBe(404);
    expect((await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: agent }, cookie: await t.login('mm2', PASSWORD) })).status).toBe(200);
  });

  it('refuses a move that would break a limit, a cycle, or a level at or below the account', async () => {
    const big = await createOk(await t.login('mm1', PASSWORD), { username: 'bigagent', level: HierarchyLevel.Agent, creditLimit: 4_000 });
    const limit = await t.request({ url: '/api/Setting/UpdateTargetUserUpline', cookie: co, json: { userId: big, newUplineId: m2 } });
    expect(limit.status).toBe(409);
    expect(limit.body.message).toBe('UPLINE_LIMIT_BROKEN');
    // Each broken limit is named: the discount and the position taking above the new upline's.
    const raised = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: co, json: { userId: m1, fullName: 'mm1', positionTaking: 60 } });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const keen = await createOk(await t.login('mm1', PASSWORD), { username: 'keenagent', level: HierarchyLevel.Agent, creditLimit: 10, discount: 15, positionTaking: 10 });
    const discount = await t.request({ url: '/api/Setting/UpdateTargetUserUpline', cookie: co, json: { userId: keen, newUplineId: m2 } });
    expect([discount.status, discount.body.message]).toEqual([409, 'UPLINE_DISCOUNT_BROKEN']);
    const taker = await createOk(await t.login('mm1', PASSWORD), { username: 'takeragent', level: HierarchyLevel.Agent, creditLimit: 10, discount: 1, positionTaking: 60 });
    const pt = await t.request({ url: '/api/Setting/UpdateTargetUserUpline', cookie: co, json: { userId: taker, newUplineId: m2 } });
    expect([pt.status, pt.body.message]).toEqual([409, 'UPLINE_POSITION_TAKING_BROKEN']);
    const cycle = await t.request({ url: '/api/Setting/UpdateTargetUserUpline', cookie: co, json: { userId: m2, newUplineId: agent } });
    expect(cycle.status).toBe(422);
    const sideways = await t.request({ url: '/api/Setting/UpdateTargetUserUpline', cookie: co, json: { userId: m1, newUplineId: m2 } });
    expect(sideways.status).toBe(422);
  });

  it('keeps a move inside the account\'s company: never under another company or the platform itself', async () => {
    await createOk(admin, { username: 'moveco2', level: HierarchyLevel.Company, creditLimit: 10_000, discount: 20, positionTaking: 80 });
    const other = await createOk(await t.login('moveco2', PASSWORD), { username: 'mm3', level: HierarchyLevel.Master, creditLimit: 5_000, discount: 20, positionTaking: 50 });
    const across = await t.request({ url: '/api/Setting/UpdateTargetUserUpline', cookie: admin, json: { userId: agent, newUplineId: other } });
    expect(across.status).toBe(422);
    expect(across.body.message).toBe('INVALID_UPLINE');
    const underPlatform = await t.request({ url: '/api/Setting/UpdateTargetUserUpline', cookie: admin, json: { userId: agent, newUplineId: 1 } });
    expect(underPlatform.status).toBe(422);
    const company = await rows<{ company_id: number; upline_id: number }>(sql`select company_id, upline_id from users where id = ${agent}`);
    expect(company.rows[0]).toEqual({ company_id: (await rows<{ id: number }>(sql`select id from users where username = 'moveco'`)).rows[0].id, upline_id: m2 });
  });

  it('deletes only an account without downline and with a zero balance, as status 2', async () => {
    const withDownline = await t.request({ url: '/api/Setting/DeleteUser', cookie: co, json: { userId: agent } });
    expect(withDownline.status).toBe(422);
    expect(withDownline.body.message).toBe('ACCOUNT_HAS_DOWNLINE');
    const leaf = await createOk(co, { username: 'leaf', level: HierarchyLevel.Player });
    const res = await t.request({ url: '/api/Setting/DeleteUser', cookie: co, json: { userId: leaf } });
    expect(res.status).toBe(200);
    const row = await rows<{ record_status: number }>(sql`select record_status from users where id = ${leaf}`);
    expect(row.rows[0].record_status).toBe(2);
    expect((await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: leaf }, cookie: co })).status).toBe(404);
    expect((await t.request({ url: '/api/Account/Login', form: { username: 'leaf', password: PASSWORD } })).status).toBe(401);
  });
});

describe('clone account', () => {
  it('copies settings and permission roles, not money', async () => {
    await createOk(admin, { username: 'cloneco', level: HierarchyLevel.Company, creditLimit: 10_000, discount: 25 });
    const co = await t.login('cloneco', PASSWORD);
    const src = await createOk(co, { username: 'template-agent', level: HierarchyLevel.Agent, creditLimit: 3_000, discount: 22, smsEnabled: true, eatSequence: '**/*' });
    const res = await t.request({ url: '/api/Account/CloneAccount', cookie: co, json: { sourceUserId: src, username: 'cloned-agent', fullName: 'Cloned', password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ username: 'cloned-agent', discount: 22, smsEnabled: true, eatSequence: '**/*', creditLimit: 0, balance: 0, level: HierarchyLevel.Agent, userRoleId: RoleId.Multilevel });
    const me = await t.request({ url: '/api/Account/IsLoggedIn', cookie: await t.login('cloned-agent', PASSWORD) });
    expect(me.body.data.accessString).toContain('Downline:1,2,3,4');
  });
});

describe('API accounts', () => {
  it('issues an opcode and a secret shown once, stored hashed; the machine client gets only its account', async () => {
    await createOk(admin, { username: 'apico', level: HierarchyLevel.Company });
    await createOk(admin, { username: 'otherco', level: HierarchyLevel.Company });
    const co = await t.login('apico', PASSWORD);
    await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: PASSWORD }, cookie: co });
    const me = (await t.request({ url: '/api/Account/IsLoggedIn', cookie: co })).body.data.userId;
    const code = (await t.request({ url: '/api/Account/GenerateApiCode', method: 'POST', cookie: co })).body.data;
    expect(code.clientSecret.length).toBeGreaterThanOrEqual(40);
    const saved = await t.request({ url: '/api/Account/CreateOrUpdateApiAccount', cookie: co, json: { userId: me, ...code } });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(code.clientSecret);
    const stored = await rows<{ secret_hash: string }>(sql`select secret_hash from api_accounts where client_opcode = ${code.clientOpcode}`);
    expect(stored.rows[0].secret_hash).not.toContain(code.clientSecret);

    const basic = (secret: string) => ({ authorization: `Basic ${Buffer.from(`${code.clientOpcode}:${secret}`).toString('base64')}` });
    const asMachine = await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: me }, headers: basic(code.clientSecret) });
    expect(asMachine.status).toBe(200);
    expect(asMachine.body.data.username).toBe('apico');
    const other = await t.request({ url: '/api/Account/GetUserDetailByUsername', query: { username: 'otherco' }, headers: basic(code.clientSecret) });
    expect(other.status).toBe(404);
    const roles = await t.request({ url: '/api/Setting/GetRoles', headers: basic(code.clientSecret) });
    expect(roles.status).toBe(403);
    const wrong = await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: me }, headers: basic('wrong-secret') });
    expect(wrong.status).toBe(401);
    const view = await t.request({ url: '/api/Account/GetApiAccount', query: { userId: me }, cookie: co });
    expect(view.body.data.clientOpcode).toBe(code.clientOpcode);
    expect(view.body.data.lastUsedAt).not.toBeNull();
  });
});

describe('the account currency', () => {
  it('is one of the active currencies; one made inactive later stays on its accounts but is given to no new one', async () => {
    const unknown = await create(admin, { username: 'curco0', level: HierarchyLevel.Company, creditLimit: 1_000, currency: 'XYZ' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toEqual({ currency: 'pattern' });
    expect((await rows(sql`select 1 from users where username = 'curco0'`)).rows).toHaveLength(0);
    await t.request({ url: '/api/Configuration/UpdateCurrencySetting', cookie: admin, json: { code: 'THB', name: 'Baht', rate: '7.5', fakeRate: '7.5', active: true } });
    const co = await createOk(admin, { username: 'curco', level: HierarchyLevel.Company, creditLimit: 1_000, currency: 'THB' });
    await t.db.execute(sql`update currencies set record_status = 0 where code = 'THB'`);
    const detail = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: co }, cookie: admin })).body.data;
    expect(detail.currency).toBe('THB');
    // Kept on an edit of the account that has it; refused to a new account and as a change.
    expect((await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: admin, json: { ...detail, fullName: 'Cur Co' } })).status).toBe(200);
    expect((await create(admin, { username: 'curco2', level: HierarchyLevel.Company, creditLimit: 1_000, currency: 'THB' })).body.data).toEqual({ currency: 'pattern' });
    const other = await createOk(admin, { username: 'curco3', level: HierarchyLevel.Company, creditLimit: 1_000 });
    const otherDetail = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: other }, cookie: admin })).body.data;
    const change = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: admin, json: { ...otherDetail, currency: 'THB' } });
    expect(change.status).toBe(400);
    expect(change.body.data).toEqual({ currency: 'pattern' });
  });
});
