// Issue 30 line 1: the super admin creates, suspends and resets IT admin logins (CreateOrUpdateUser with
// userRoleId 2, SPEC 6's role id), and on a fresh installation without the demo a result the super admin
// typed is released by an IT admin created that way (four eyes). No one else creates or changes one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FUNCTION_NAMES, RoleId } from '@app/domain';
import { fourDResult } from './support/results';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let admin: string;
let company: string;
let staff: string;
let itId: number;
const IT = { username: 'opsit', password: 'OpsPassw0rd', fullName: 'Operations IT' };

const save = (cookie: string, json: Record<string, unknown>) => t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json });
const itAdmin = (extra: Record<string, unknown> = {}) => ({ userRoleId: RoleId.ITAdmin, fullName: 'Second IT', username: 'secondit', password: 'Passw0rd!2', ...extra });

// 2026-11-22 (Sunday) 12:00 in Kuala Lumpur: the draw of 2026-11-21 has closed.
beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  admin = await t.login(ADMIN.username, ADMIN.password);
  const co = await save(admin, { level: 1, username: 'itco', password: 'Passw0rd!', fullName: 'IT Test Company' });
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  company = await t.login('itco', 'Passw0rd!');
  // A sub-account of the super admin holding every right a sub-account can be given.
  const activities = FUNCTION_NAMES.map((_, i) => ({ activityId: i + 1, option: 'Control' }));
  const sub = await t.request({
    url: '/api/Account/CreateOrUpdateSubAccount',
    cookie: admin,
    json: { username: 'adminstaff', fullName: 'Admin Staff', password: 'Passw0rd!', activities, reportAccess: [] },
  });
  expect(sub.status, JSON.stringify(sub.body)).toBe(200);
  staff = await t.login('adminstaff', 'Passw0rd!');
});
afterAll(async () => t?.close());

describe('the super admin creates an IT admin', () => {
  it('by CreateOrUpdateUser with userRoleId 2: a platform login under it, with no credit, level or package', async () => {
    const res = await save(admin, { userRoleId: RoleId.ITAdmin, ...IT });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ username: IT.username, fullName: IT.fullName, userRoleId: RoleId.ITAdmin, level: null, creditLimit: 0, availableCredit: null, status: 'Active', mainAccount: true, uplineId: 1 });
    itId = res.body.data.userId;
    const held = (await t.db.execute(sql`select count(*)::int as n from package_assignments where user_id = ${itId}`)) as unknown as { rows: { n: number }[] };
    expect(held.rows[0].n).toBe(0);
    const audit = (await t.db.execute(sql`select action, after from audit_log where target_id = ${itId} and action = 'user.create'`)) as unknown as { rows: { after: { roleId: number } }[] };
    expect(audit.rows[0].after.roleId).toBe(RoleId.ITAdmin);
  });

  it('lists them (GetITAdminListing), for the super admin alone', async () => {
    const res = await t.request({ url: '/api/Account/GetITAdminListing', cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((r: { username: string; userRoleId: number }) => [r.username, r.userRoleId])).toEqual([[IT.username, RoleId.ITAdmin]]);
    expect((await t.request({ url: '/api/Account/GetITAdminListing', cookie: company })).status).toBe(403);
    expect((await t.request({ url: '/api/Account/GetITAdminListing', cookie: staff })).status).toBe(403);
  });

  it('and a result the super admin typed is released by that IT admin (four eyes, no demo)', async () => {
    const inserted = (await t.db.execute(
      sql`insert into draws (pool_id, draw_date, cutoff_at) values (1, '2026-11-21', '2026-11-21T10:45:00Z') returning id`,
    )) as unknown as { rows: { id: number }[] };
    const drawId = inserted.rows[0].id;
    const entered = await t.request({ url: '/api/Result/SavePoolResult', cookie: admin, json: { drawId, numbers: { fourD: fourDResult('1234') }, version: 0 } });
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    const self = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: admin, json: { drawId, version: 1 } });
    expect(self.body.message).toBe('RESULT_SAME_LOGIN');
    const it = await t.login(IT.username, IT.password);
    const released = await t.request({ url: '/api/Configuration/SubmitReleaseResultStatus', cookie: it, json: { drawId, version: 1 } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.data).toMatchObject({ drawId, status: 'released', releasedBy: IT.username });
  });
});

describe('the super admin suspends and resets an IT admin through the existing calls', () => {
  it('suspending ends its sessions and refuses its login; reactivating lets it in again', async () => {
    const it = await t.login(IT.username, IT.password);
    const suspended = await save(admin, { userId: itId, fullName: IT.fullName, status: 'Suspended' });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect(suspended.body.data).toMatchObject({ status: 'Suspended', userRoleId: RoleId.ITAdmin, fullName: IT.fullName });
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: it })).body.data).toBeNull();
    const refused = await t.request({ url: '/api/Account/Login', form: { username: IT.username, password: IT.password } });
    expect(refused.body.message).toBe('ACCOUNT_DISABLED');
    expect((await save(admin, { userId: itId, fullName: IT.fullName, status: 'Active' })).status).toBe(200);
    await t.login(IT.username, IT.password);
  });

  it('resetting its password ends its sessions; the new one logs in, the old one no longer', async () => {
    const it = await t.login(IT.username, IT.password);
    const reset = await save(admin, { userId: itId, fullName: IT.fullName, password: 'ResetPassw0rd' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: it })).body.data).toBeNull();
    expect((await t.request({ url: '/api/Account/Login', form: { username: IT.username, password: IT.password } })).status).toBe(401);
    IT.password = 'ResetPassw0rd';
    await t.login(IT.username, IT.password);
  });
});

describe('no one else creates or changes an IT admin', () => {
  const ROLE_REFUSED = { userRoleId: 'pattern' };

  it('a company asking for userRoleId 2 gets the refusal of any role it may not create', async () => {
    const res = await save(company, itAdmin({ username: 'coit' }));
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual(ROLE_REFUSED);
    const superAdmin = await save(company, { ...itAdmin({ username: 'cosuper' }), userRoleId: RoleId.SuperAdmin, level: 2 });
    expect([superAdmin.status, superAdmin.body.data]).toEqual([400, ROLE_REFUSED]);
    // A role that does not match the level asked for is refused the same way; a matching one is accepted.
    const mismatch = await save(company, { fullName: 'Agent', username: 'coagent1', password: 'Passw0rd!', level: 7, userRoleId: RoleId.Multilevel });
    expect([mismatch.status, mismatch.body.data]).toEqual([400, ROLE_REFUSED]);
    const matching = await save(company, { fullName: 'Agent', username: 'coagent2', password: 'Passw0rd!', level: 6, userRoleId: RoleId.Multilevel });
    expect(matching.status, JSON.stringify(matching.body)).toBe(200);
  });

  it('a sub-account of the super admin, even holding every right, creates, resets, suspends, clones or deletes none (platform administration is its main account’s, decision 0013)', async () => {
    const created = await save(staff, itAdmin({ username: 'staffit' }));
    expect([created.status, created.body.data]).toEqual([400, ROLE_REFUSED]);
    expect((await save(staff, { userId: itId, fullName: IT.fullName, password: 'StaffKnows1' })).status).toBe(403);
    expect((await save(staff, { userId: itId, fullName: IT.fullName, status: 'Suspended' })).status).toBe(403);
    expect((await t.request({ url: '/api/Account/CloneAccount', cookie: staff, json: { sourceUserId: itId, username: 'itclone', fullName: 'Clone', password: 'Passw0rd!' } })).status).toBe(403);
    expect((await t.request({ url: '/api/Setting/DeleteUser', cookie: staff, json: { userId: itId } })).status).toBe(403);
    await t.login(IT.username, IT.password);
  });

  it('an IT admin creates no IT admin', async () => {
    const it = await t.login(IT.username, IT.password);
    const res = await save(it, itAdmin({ username: 'itit' }));
    expect([res.status, res.body.data]).toEqual([400, ROLE_REFUSED]);
  });

  it('bad fields are refused by name, and nothing is created', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ password: undefined }, { password: 'required' }],
      [{ username: undefined }, { username: 'required' }],
      [{ level: 1 }, { level: 'pattern' }],
      [{ isHouse: true }, { isHouse: 'pattern' }],
      [{ creditLimit: 100 }, { creditLimit: 'max' }],
      [{ discount: 5 }, { discount: 'max' }],
      [{ positionTaking: 10 }, { positionTaking: 'max' }],
      [{ uplineId: itId }, { uplineId: 'pattern' }],
      [{ packages: [{ packageType: 0, packageId: 1 }] }, { packages: 'pattern' }],
      [{ userRoleId: 9 }, ROLE_REFUSED],
    ];
    for (const [change, fields] of cases) {
      const res = await save(admin, itAdmin(change));
      expect([res.status, res.body.message, res.body.data], JSON.stringify(change)).toEqual([400, 'VALIDATION_FAILED', fields]);
    }
    const short = await save(admin, itAdmin({ password: 'short' }));
    expect(short.status).toBe(400);
    const taken = await save(admin, itAdmin({ username: IT.username.toUpperCase() }));
    expect([taken.status, taken.body.message]).toEqual([409, 'DUPLICATE_NAME']);
    const listed = await t.request({ url: '/api/Account/GetITAdminListing', cookie: admin });
    expect(listed.body.data.items.map((r: { username: string }) => r.username)).toEqual([IT.username]);
  });
});
