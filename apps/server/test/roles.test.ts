import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FUNCTION_NAMES, RoleId } from '@app/domain';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(ADMIN.username, ADMIN.password);
  await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: ADMIN.password }, cookie: admin });
});
afterAll(async () => t?.close());

const activityId = (fn: string) => FUNCTION_NAMES.indexOf(fn as never) + 1;

describe('reference lists', () => {
  it('lists activities (SPEC 6 functions), permissions and the access options', async () => {
    const acts = await t.request({ url: '/api/Setting/GetActivities', cookie: admin });
    expect(acts.body.data.map((a: { name: string }) => a.name)).toEqual([...FUNCTION_NAMES]);
    const perms = await t.request({ url: '/api/Setting/GetPermissions', cookie: admin });
    expect(perms.body.data).toEqual([
      { id: 1, name: 'View', letter: 'V' },
      { id: 2, name: 'Create', letter: 'C' },
      { id: 3, name: 'Edit', letter: 'E' },
      { id: 4, name: 'Delete', letter: 'D' },
    ]);
    const opts = await t.request({ url: '/api/Setting/GetActivityPermissionSetting', cookie: admin });
    expect(opts.body.data).toEqual([
      { option: 'None', permissionIds: [] },
      { option: 'View', permissionIds: [1] },
      { option: 'Control', permissionIds: [1, 2, 3, 4] },
    ]);
    const levels = await t.request({ url: '/api/Account/GetRoleAccessData', cookie: admin });
    expect(levels.body.data).toHaveLength(6);
    expect(levels.body.data[4]).toEqual({ id: 5, name: 'Player' });
  });

  it('seeds a default role per user level and the super admin holds its own', async () => {
    const roles = await t.request({ url: '/api/Setting/GetRoles', cookie: admin });
    expect(roles.body.data.map((r: { name: string }) => r.name)).toEqual(['Super Admin', 'IT Admin', 'Company', 'Agent', 'Player', 'House']);
    expect(roles.body.data[0].userCount).toBe(1);
  });
});

describe('the role editor', () => {
  it('creates a role, reads it back as options, updates it, and audits both', async () => {
    const created = await t.request({
      url: '/api/Setting/CreateOrUpdateRole',
      cookie: admin,
      json: {
        name: 'Report reader',
        description: 'Sees reports',
        activities: [
          { activityId: activityId('Payout Report'), option: 'View' },
          { activityId: activityId('Bet'), option: 'Control' },
          { activityId: activityId('Downline'), option: 'None' },
        ],
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const detail = await t.request({ url: '/api/Setting/GetRoleActivityPermission', query: { roleId: id }, cookie: admin });
    const option = (fn: string) => detail.body.data.activities.find((a: { activity: string }) => a.activity === fn).option;
    expect(option('Payout Report')).toBe('View');
    expect(option('Bet')).toBe('Control');
    expect(option('Downline')).toBe('None');
    expect(detail.body.data.activities).toHaveLength(FUNCTION_NAMES.length);

    const updated = await t.request({
      url: '/api/Setting/CreateOrUpdateRole',
      cookie: admin,
      json: { id, name: 'Report reader', description: 'Now sees stakeholder too', activities: [{ activityId: activityId('Stakeholder Report'), option: 'View' }] },
    });
    expect(updated.status).toBe(200);
    const byId = await t.request({ url: '/api/Account/GetRoleById', query: { roleId: id }, cookie: admin });
    expect(byId.body.data.description).toBe('Now sees stakeholder too');
    expect(byId.body.data.activities.filter((a: { option: string }) => a.option !== 'None')).toEqual([
      { activityId: activityId('Stakeholder Report'), activity: 'Stakeholder Report', option: 'View' },
    ]);
    const audit = await t.db.execute(sql`select action from audit_log where target_type = 'permission-role' and target_id = ${String(id)} order by id`);
    expect((audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual(['role.create', 'role.update']);
  });

  it('refuses a duplicate name (409), an unknown activity (400), a missing name (400) and the locked super admin role', async () => {
    const dup = await t.request({ url: '/api/Setting/CreateOrUpdateRole', cookie: admin, json: { name: 'company', activities: [] } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('DUPLICATE_NAME');
    const bad = await t.request({ url: '/api/Setting/CreateOrUpdateRole', cookie: admin, json: { name: 'X', activities: [{ activityId: 999, option: 'View' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual({ 'activities.0.activityId': 'pattern' });
    const noName = await t.request({ url: '/api/Setting/CreateOrUpdateRole', cookie: admin, json: { name: '', activities: [] } });
    expect(noName.status).toBe(400);
    expect(noName.body.data).toHaveProperty('name');
    const locked = await t.request({ url: '/api/Setting/CreateOrUpdateRole', cookie: admin, json: { id: 1, name: 'Super Admin', activities: [] } });
    expect(locked.status).toBe(422);
    const missing = await t.request({ url: '/api/Setting/GetRoleActivityPermission', query: { roleId: 9999 }, cookie: admin });
    expect(missing.status).toBe(404);
  });

  it('assigns roles to a user, which changes what the user may see at the next request', async () => {
    const id = await t.createUser({ username: 'staffer', password: 'Passw0rd!', roleId: RoleId.Multilevel, skipTnc: true });
    const role = await t.request({
      url: '/api/Setting/CreateOrUpdateRole',
      cookie: admin,
      json: { name: 'Bet only', activities: [{ activityId: activityId('Bet'), option: 'View' }] },
    });
    const userCookie = await t.login('staffer', 'Passw0rd!');
    const before = await t.request({ url: '/api/Account/IsLoggedIn', cookie: userCookie });
    expect(before.body.data.accessString).toContain('Downline:1,2,3,4');

    const assigned = await t.request({ url: '/api/Setting/AssignRoles', cookie: admin, json: { userId: id, roleIds: [role.body.data.id] } });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toMatchObject({ userId: id, roleIds: [role.body.data.id], accessString: 'Bet:1' });

    const after = await t.request({ url: '/api/Account/IsLoggedIn', cookie: userCookie });
    expect(after.body.data.accessString).toBe('Bet:1');
    const perm = await t.request({ url: '/api/Account/GetUserActivityPermission', query: { userId: id }, cookie: admin });
    expect(perm.body.data.activities).toEqual([{ activity: 'Bet', permissionIds: [1] }]);
    const audit = await t.db.execute(sql`select before, after from audit_log where action = 'user.roles.assign' and target_id = ${String(id)}`);
    const row = (audit as unknown as { rows: { before: { roleIds: number[] }; after: { roleIds: number[] } }[] }).rows[0];
    expect(row.before.roleIds).toEqual([4]);
    expect(row.after.roleIds).toEqual([role.body.data.id]);
  });

  it('refuses unknown role ids and unknown users, changing nothing', async () => {
    const id = await t.createUser({ username: 'unchanged', roleId: RoleId.Player });
    const bad = await t.request({ url: '/api/Setting/AssignRoles', cookie: admin, json: { userId: id, roleIds: [5, 9999] } });
    expect(bad.status).toBe(400);
    const perm = await t.request({ url: '/api/Account/GetUserActivityPermission', query: { userId: id }, cookie: admin });
    expect(perm.body.data.roleIds).toEqual([5]);
    const ghost = await t.request({ url: '/api/Setting/AssignRoles', cookie: admin, json: { userId: 987654, roleIds: [5] } });
    expect(ghost.status).toBe(404);
  });
});

describe('subtree scoping of account reads', () => {
  it('lets an account read itself and its downline, and answers 404 for a sibling or an upline', async () => {
    const companyA = await t.createUser({ username: 'coA', password: 'Passw0rd!', roleId: RoleId.Company });
    const companyB = await t.createUser({ username: 'coB', password: 'Passw0rd!', roleId: RoleId.Company });
    const agentA = await t.createUser({ username: 'agA', password: 'Passw0rd!', roleId: RoleId.Multilevel, uplineId: companyA, creditLimit: 12345 });
    const a = await t.login('coA', 'Passw0rd!');
    expect((await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: companyA }, cookie: a })).status).toBe(200);
    const down = await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: agentA }, cookie: a });
    expect(down.body.data).toMatchObject({ username: 'agA', creditLimit: 12345, availableCredit: 12345 });
    const sibling = await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: companyB }, cookie: a });
    const nobody = await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: 999999 }, cookie: a });
    expect(sibling.status).toBe(404);
    expect(sibling.body).toEqual(nobody.body);
    const agent = await t.login('agA', 'Passw0rd!');
    expect((await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: companyA }, cookie: agent })).status).toBe(404);
    expect((await t.request({ url: '/api/Account/GetUserDetailByUsername', query: { username: 'coB' }, cookie: a })).status).toBe(404);
    expect((await t.request({ url: '/api/Account/GetUserActivityPermission', query: { userId: companyB }, cookie: a })).status).toBe(404);
    expect((await t.request({ url: '/api/Account/GetUserDetailByUsername', query: { username: 'AGA' }, cookie: a })).body.data.userId).toBe(agentA);
  });

  it('lets a sub-account read within its main account subtree only', async () => {
    const co = await t.createUser({ username: 'coC', password: 'Passw0rd!', roleId: RoleId.Company });
    const other = await t.createUser({ username: 'coD', password: 'Passw0rd!', roleId: RoleId.Company });
    await t.createUser({ username: 'coCstaff', password: 'Passw0rd!', roleId: RoleId.Company, mainAccountId: co });
    const s = await t.login('coCstaff', 'Passw0rd!');
    const me = await t.request({ url: '/api/Account/IsLoggedIn', cookie: s });
    expect(me.body.data).toMatchObject({ mainAccount: false, userRoleId: RoleId.Company, accessString: '' });
    expect((await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: co }, cookie: s })).status).toBe(200);
    // Without the Downline right it reads only its main account: any other id, seen or missing, alike (decision 0049).
    const outside = await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: other }, cookie: s });
    const missing = await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: 987_654 }, cookie: s });
    expect(outside.status).toBe(403);
    expect([missing.status, missing.body]).toEqual([outside.status, outside.body]);
  });
});
