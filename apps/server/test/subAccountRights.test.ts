// Issue 10 item 2: a sub-account never takes over a sibling. Managing another sub-account (its
// credentials, rights, status) is the Main Account function ("sub-account management"), and even then a
// sub-account gives and reaches only rights it holds itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FUNCTION_NAMES, HierarchyLevel } from '@app/domain';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let admin: string;
let co: string;
const PASSWORD = 'Passw0rd!';
const NEW_PASSWORD = 'Taken0ver!';
const ids: Record<string, number> = {};
const activityId = (fn: string) => FUNCTION_NAMES.indexOf(fn as never) + 1;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

type Option = 'View' | 'Control';
const grants = (g: Record<string, Option>) => Object.entries(g).map(([fn, option]) => ({ activityId: activityId(fn), option }));

async function sub(cookie: string, body: Record<string, unknown>) {
  return t.request({ url: '/api/Account/CreateOrUpdateSubAccount', cookie, json: { fullName: 'Staff', reportAccess: [], ...body } });
}
async function subOk(cookie: string, username: string, rights: Record<string, Option>, reportAccess: string[] = []) {
  const res = await sub(cookie, { username, password: PASSWORD, secondaryPassword: PASSWORD, activities: grants(rights), reportAccess });
  if (res.status !== 200) throw new Error(`${username}: ${res.status} ${JSON.stringify(res.body)}`);
  ids[username] = res.body.data.userId;
  return ids[username];
}
/** Everything about an account a takeover would change: credentials, status, rights, report access. */
async function snapshot(userId: number) {
  const [u] = await rows(sql`select password_hash, secondary_password_hash, status, record_status, report_access, full_name from users where id = ${userId}`);
  const rights = await rows(sql`select activity_id, permission_id from user_activity_permissions where user_id = ${userId} order by 1, 2`);
  const roles = await rows(sql`select role_id from user_permission_roles where user_id = ${userId} order by 1`);
  return { u, rights, roles };
}
const loginStatus = async (username: string, password: string) =>
  (await t.request({ url: '/api/Account/Login', form: { username, password } })).status;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(ADMIN.username, ADMIN.password);
  const res = await t.request({
    url: '/api/Account/CreateOrUpdateUser',
    cookie: admin,
    json: { username: 'sarco', fullName: 'Sar Co', password: PASSWORD, level: HierarchyLevel.Company, creditLimit: 1_000_000 },
  });
  ids.sarco = res.body.data.userId;
  co = await t.login('sarco', PASSWORD);
  await subOk(co, 'sar-downline', { Downline: 'Control' });
  await subOk(co, 'sar-payer', { Downline: 'View', 'Payment Report': 'Control' }, ['Payment Report']);
  await subOk(co, 'sar-manager', { 'Main Account': 'Control', Downline: 'Control', 'Stakeholder Report': 'View' });
  ids.agent = (
    await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: co, json: { username: 'sar-agent', fullName: 'Agent', password: PASSWORD, level: HierarchyLevel.Agent } })
  ).body.data.userId;
});
afterAll(async () => t?.close());

describe('a sub-account without sub-account management', () => {
  it('cannot take over a sibling through CreateOrUpdateUser: 403 and nothing changed', async () => {
    const staff = await t.login('sar-downline', PASSWORD);
    const before = await snapshot(ids['sar-payer']);
    const read = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: ids['sar-payer'] }, cookie: co })).body.data;
    const detail = Object.fromEntries(Object.entries(read).filter(([, v]) => v !== null));
    const res = await t.request({
      url: '/api/Account/CreateOrUpdateUser',
      cookie: staff,
      json: { ...detail, userId: ids['sar-payer'], fullName: 'Owned', password: NEW_PASSWORD, secondaryPassword: NEW_PASSWORD, status: 'Suspended' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    // The request of the report: only the id and a password.
    const bare = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: staff, json: { userId: ids['sar-payer'], fullName: 'Owned', password: NEW_PASSWORD } });
    expect(bare.status).toBe(403);
    expect(await snapshot(ids['sar-payer'])).toEqual(before);
    expect(await loginStatus('sar-payer', NEW_PASSWORD)).toBe(401);
    expect(await loginStatus('sar-payer', PASSWORD)).toBe(200);
  });

  it('is refused the sub-account calls, deleting a sibling and changing the main account', async () => {
    const staff = await t.login('sar-downline', PASSWORD);
    const before = await snapshot(ids['sar-payer']);
    expect((await t.request({ url: '/api/Account/GetSubAccountListing', cookie: staff })).status).toBe(403);
    expect((await sub(staff, { userId: ids['sar-payer'], password: NEW_PASSWORD, activities: [] })).status).toBe(403);
    expect((await t.request({ url: '/api/Setting/DeleteUser', cookie: staff, json: { userId: ids['sar-payer'] } })).status).toBe(403);
    expect(await snapshot(ids['sar-payer'])).toEqual(before);
    const main = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: ids.sarco }, cookie: co })).body.data;
    const self = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: staff, json: { ...main, password: NEW_PASSWORD } });
    expect(self.status).toBe(403);
    expect(await loginStatus('sarco', PASSWORD)).toBe(200);
  });

  it('still manages the downline it was given (Downline control)', async () => {
    const staff = await t.login('sar-downline', PASSWORD);
    const detail = (await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: ids.agent }, cookie: staff })).body.data;
    const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: staff, json: { ...detail, fullName: 'Renamed agent' } });
    expect(res.status).toBe(200);
    expect(res.body.data.fullName).toBe('Renamed agent');
  });
});

describe('a sub-account granted sub-account management', () => {
  it('creates and edits a sub-account within its own rights', async () => {
    const manager = await t.login('sar-manager', PASSWORD);
    const list = await t.request({ url: '/api/Account/GetSubAccountListing', cookie: manager });
    expect(list.status).toBe(200);
    const made = await sub(manager, { username: 'sar-clerk', password: PASSWORD, activities: grants({ Downline: 'View' }), reportAccess: ['Stakeholder Report'] });
    expect(made.status).toBe(200);
    const edited = await sub(manager, { userId: made.body.data.userId, password: NEW_PASSWORD, activities: grants({ Downline: 'Control' }), reportAccess: [] });
    expect(edited.status).toBe(200);
    expect(await loginStatus('sar-clerk', NEW_PASSWORD)).toBe(200);
  });

  it('cannot give rights it does not hold: 403 and nothing created or changed', async () => {
    const manager = await t.login('sar-manager', PASSWORD);
    const wider = await sub(manager, { username: 'sar-wide', password: PASSWORD, activities: grants({ Downline: 'View', 'Payment Report': 'Control' }) });
    expect(wider.status).toBe(403);
    expect(wider.body.message).toBe('RIGHTS_NOT_HELD');
    expect(await rows(sql`select id from users where username = 'sar-wide'`)).toEqual([]);
    const reports = await sub(manager, { username: 'sar-wide', password: PASSWORD, activities: [], reportAccess: ['Payout Report'] });
    expect(reports.status).toBe(403);
    expect(await rows(sql`select id from users where username = 'sar-wide'`)).toEqual([]);
    const clerk = (await rows<{ id: number }>(sql`select id from users where username = 'sar-clerk'`))[0].id;
    const before = await snapshot(clerk);
    const widen = await sub(manager, { userId: clerk, activities: grants({ 'Payment Report': 'View' }) });
    expect(widen.status).toBe(403);
    expect(await snapshot(clerk)).toEqual(before);
  });

  it('cannot reach a sibling holding rights it lacks, nor itself', async () => {
    const manager = await t.login('sar-manager', PASSWORD);
    const before = await snapshot(ids['sar-payer']);
    const res = await sub(manager, { userId: ids['sar-payer'], password: NEW_PASSWORD, activities: grants({ Downline: 'View' }) });
    expect(res.status).toBe(403);
    expect(await snapshot(ids['sar-payer'])).toEqual(before);
    expect(await loginStatus('sar-payer', NEW_PASSWORD)).toBe(401);
    const mine = await snapshot(ids['sar-manager']);
    const self = await sub(manager, { userId: ids['sar-manager'], password: NEW_PASSWORD, activities: grants({ 'Main Account': 'Control', Downline: 'Control' }) });
    expect(self.status).toBe(403);
    expect(await snapshot(ids['sar-manager'])).toEqual(mine);
  });

  it('the main account still manages every sub-account', async () => {
    const res = await sub(co, { userId: ids['sar-payer'], fullName: 'Payer', activities: grants({ Downline: 'View', 'Payment Report': 'Control' }), reportAccess: ['Payment Report'] });
    expect(res.status).toBe(200);
  });
});

describe('permission roles by a sub-account of the super admin', () => {
  it('cannot assign or edit roles carrying rights it does not hold, itself included', async () => {
    await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: ADMIN.password }, cookie: admin });
    await subOk(admin, 'adminstaff', { 'Main Account': 'Control', Downline: 'View' });
    const staff = await t.login('adminstaff', PASSWORD);
    const v = await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: PASSWORD }, cookie: staff });
    expect(v.status).toBe(200);
    const roles = (await t.request({ url: '/api/Setting/GetRoles', cookie: staff })).body.data as { id: number; name: string }[];
    const superRole = roles.find((r) => r.name === 'Super Admin')!.id;
    const companyRole = roles.find((r) => r.name === 'Company')!.id;
    const mine = await snapshot(ids.adminstaff);
    const toSelf = await t.request({ url: '/api/Setting/AssignRoles', cookie: staff, json: { userId: ids.adminstaff, roleIds: [superRole] } });
    expect(toSelf.status).toBe(403);
    expect(await snapshot(ids.adminstaff)).toEqual(mine);
    const company = await snapshot(ids.sarco);
    const toCompany = await t.request({ url: '/api/Setting/AssignRoles', cookie: staff, json: { userId: ids.sarco, roleIds: [companyRole, superRole] } });
    expect(toCompany.status).toBe(403);
    expect(await snapshot(ids.sarco)).toEqual(company);
    const edit = await t.request({
      url: '/api/Setting/CreateOrUpdateRole',
      cookie: staff,
      json: { name: 'Wide', description: '', activities: grants({ 'Payment Report': 'Control' }) },
    });
    expect(edit.status).toBe(403);
    expect(await rows(sql`select id from permission_roles where name = 'Wide'`)).toEqual([]);
  });
});

describe('a sub-account is no level of the hierarchy', () => {
  it('takes no downline: creating one under it, or moving one under it, is refused and changes nothing', async () => {
    const before = await rows(sql`select count(*)::int as n from users`);
    const made = await t.request({
      url: '/api/Account/CreateOrUpdateUser',
      cookie: co,
      json: { username: 'sar-under-staff', fullName: 'Under Staff', password: PASSWORD, level: HierarchyLevel.Agent, uplineId: ids['sar-downline'] },
    });
    expect(made.status).toBe(400);
    expect(made.body.data).toEqual({ uplineId: 'pattern' });
    expect(await rows(sql`select count(*)::int as n from users`)).toEqual(before);
    const init = await t.request({ method: 'GET', url: `/api/Account/GetUserDetailInit?uplineId=${ids['sar-downline']}`, cookie: co });
    expect(init.status).toBe(400);
    const moved = await t.request({ url: '/api/Setting/UpdateTargetUserUpline', cookie: co, json: { userId: ids.agent, newUplineId: ids['sar-downline'] } });
    expect(moved.status).toBe(422);
    expect(moved.body.message).toBe('INVALID_UPLINE');
    expect(await rows(sql`select upline_id from users where id = ${ids.agent}`)).toEqual([{ upline_id: ids.sarco }]);
  });
});
