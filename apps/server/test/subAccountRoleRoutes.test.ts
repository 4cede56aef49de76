// A sub-account acts with the functions granted to it, never with its main account's role alone
// (decision 0013). A route declared by role only names no function a sub-account could be granted
// (platform administration, results, posting, the admin's credit limit call), so it is the main account's
// own: a sub-account of an allowed role is refused it however much it holds. Walks every registered
// route, so a route added later is covered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RoleId } from '@app/domain';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const SECOND = 'Second-1';
/** Per role id: the main account's cookie and a sub-account's holding everything the main holds. */
const callers: Record<number, { main: string; sub: string }> = {};

async function verified(username: string, password: string, secondary: string) {
  const cookie = await t.login(username, password);
  const v = await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: secondary }, cookie });
  expect(v.status).toBe(200);
  return cookie;
}

beforeAll(async () => {
  t = await createTestApp();
  const mains: Record<number, { id: number; username: string; password: string; secondary: string }> = {
    [RoleId.SuperAdmin]: { id: 1, username: ADMIN.username, password: ADMIN.password, secondary: ADMIN.password },
  };
  for (const [roleId, username] of [
    [RoleId.ITAdmin, 'rr-it'],
    [RoleId.Company, 'rr-co'],
  ] as const) {
    const id = await t.createUser({ username, password: PASSWORD, secondaryPassword: SECOND, roleId, skipTnc: true });
    mains[roleId] = { id, username, password: PASSWORD, secondary: SECOND };
  }
  for (const [roleId, m] of Object.entries(mains)) {
    const subName = `${m.username}-staff`;
    const subId = await t.createUser({ username: subName, password: PASSWORD, secondaryPassword: SECOND, roleId: Number(roleId) as RoleId, mainAccountId: m.id, skipTnc: true });
    // Every permission role of its main account: the sub-account holds all its main account holds.
    await t.db.execute(sql`insert into user_permission_roles (user_id, role_id) select ${subId}, role_id from user_permission_roles where user_id = ${m.id}`);
    callers[Number(roleId)] = { main: await verified(m.username, m.password, m.secondary), sub: await verified(subName, PASSWORD, SECOND) };
  }
});
afterAll(async () => t?.close());

describe('routes declared by role only', () => {
  it('are refused to a sub-account holding every right of its main account, and allowed to the main account', async () => {
    const roleOnly = t.app.routeTable.filter((r) => r.access?.kind === 'session' && r.access.roles && !r.access.fn);
    expect(roleOnly.length).toBeGreaterThan(40);
    const reached: string[] = [];
    const refusedMain: string[] = [];
    for (const r of roleOnly) {
      const roles = (r.access as { roles: readonly number[] }).roles;
      const roleId = [RoleId.Company, RoleId.SuperAdmin, RoleId.ITAdmin].find((id) => roles.includes(id));
      if (roleId === undefined) continue;
      const call = (cookie: string) => t.request({ method: r.method as 'GET' | 'POST', url: r.url, cookie, ...(r.method === 'POST' ? { json: {} } : {}) });
      const sub = await call(callers[roleId].sub);
      if (sub.status !== 403 || sub.body.message !== 'PERMISSION_DENIED') reached.push(`${r.method} ${r.url}: ${sub.status}`);
      const main = await call(callers[roleId].main);
      if ([401, 403].includes(main.status)) refusedMain.push(`${r.method} ${r.url}: ${main.status}`);
    }
    expect(reached).toEqual([]);
    expect(refusedMain).toEqual([]);
  });

  it('a sub-account of the super admin cannot change a system setting or a credit limit', async () => {
    const read = async () => ((await t.db.execute(sql`select value from system_settings where key = 'maxLineBetInUI'`)) as unknown as { rows: unknown[] }).rows;
    const before = await read();
    const res = await t.request({
      url: '/api/Configuration/UpdateSystemSetting',
      cookie: callers[RoleId.SuperAdmin].sub,
      json: { settings: [{ key: 'maxLineBetInUI', value: '5' }] },
    });
    expect(res.status).toBe(403);
    expect(await read()).toEqual(before);
    const limit = await t.request({
      url: '/api/Account/AdminUpdateUserCreditLimit',
      cookie: callers[RoleId.SuperAdmin].sub,
      json: { userId: 2, creditLimit: 100, idempotencyKey: 'sub-admin-limit-1' },
    });
    expect(limit.status).toBe(403);
  });
});
