// Issue 10 item 17: the new-account form chooses a package per package type from those the creator may
// give, and shows the real bounds of discount and position taking. The server gives both (GetUserDetailInit)
// and holds them on save (CreateOrUpdateUser), with the same rules as AssignPackage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel } from '@app/domain';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const ids: Record<string, number> = {};
const login = (username: string) => t.login(username, PASSWORD);
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const rm = (v: Record<string, number>) => Object.fromEntries(Object.entries(v).map(([k, n]) => [k, n * 100]));
/** A sheet within the seeded Standard package. */
const sheet = (c: number) => [
  { code: 'B', commissionPct: c, payouts: rm({ first: 1900, second: 1000, third: 490, starter: 180, consolation: 60 }) },
  { code: 'S', commissionPct: c, payouts: rm({ first: 3000, second: 2000, third: 800 }) },
];

const create = async (cookie: string, body: Record<string, unknown>) =>
  t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
async function createOk(cookie: string, body: Record<string, unknown>) {
  const res = await create(cookie, body);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.username)] = res.body.data.userId;
  return res.body.data.userId as number;
}
async function packageOk(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie, json: body });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  ids[String(body.name)] = res.body.data.packageId;
  return res.body.data.packageId as number;
}
const init = async (cookie: string, query: Record<string, number> = {}) => {
  const res = await t.request({ url: '/api/Account/GetUserDetailInit', cookie, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const assignmentsOf = (userId: number) =>
  rows<{ package_type: number; package_id: number }>(sql`select package_type, package_id from package_assignments where user_id = ${userId} order by package_type`);

beforeAll(async () => {
  t = await createTestApp({ start: '2026-11-22T04:00:00Z' });
  const admin = await t.login(ADMIN.username, ADMIN.password);
  await createOk(admin, { username: 'nfco', level: HierarchyLevel.Company, creditLimit: 10_000_000, discount: 28, positionTaking: 90 });
  const co = await login('nfco');
  await packageOk(co, { packageType: 0, name: 'Co normal', rates: sheet(25) });
  await packageOk(co, { packageType: 0, name: 'Co normal low', rates: sheet(24) });
  await packageOk(co, { packageType: 2, name: 'Co GD', rates: sheet(18) });
  await createOk(co, { username: 'nfmaster', level: HierarchyLevel.Master, creditLimit: 1_000_000, discount: 26.5, positionTaking: 40 });
});
afterAll(async () => t?.close());

describe('GetUserDetailInit', () => {
  it("gives the bounds the server holds, from the upline's own settings", async () => {
    const co = await init(await login('nfco'));
    expect(co.bounds).toEqual({ discount: { min: 0, max: 28 }, positionTaking: { min: 0, max: 90 } });
    const master = await init(await login('nfmaster'));
    expect(master.bounds).toEqual({ discount: { min: 0, max: 26.5 }, positionTaking: { min: 0, max: 40 } });
  });

  it('lists per package type the packages the creator may give and what a new account inherits otherwise', async () => {
    const co = await init(await login('nfco'));
    const byType = Object.fromEntries(co.packageChoices.map((c: { packageType: number }) => [c.packageType, c]));
    expect(Object.keys(byType)).toEqual(['0', '2', '3']);
    expect(byType[0].packages.map((p: { name: string }) => p.name)).toEqual(['Co normal', 'Co normal low']);
    expect(byType[2].packages.map((p: { name: string }) => p.name)).toEqual(['Co GD']);
    expect(byType[3].packages).toEqual([]);
    expect(byType[0].inherited.name).toBe('Standard');
    // A master without "can edit package" may give none; its new accounts inherit.
    const master = await init(await login('nfmaster'));
    expect(master.packageChoices.every((c: { packages: unknown[] }) => c.packages.length === 0)).toBe(true);
  });

  it('editing: the minimum is what the account already gave its own downline', async () => {
    await createOk(await login('nfmaster'), { username: 'nfagent', level: HierarchyLevel.Agent, discount: 20, positionTaking: 15 });
    const edit = await init(await login('nfco'), { uplineId: ids.nfco, userId: ids.nfmaster });
    expect(edit.bounds).toEqual({ discount: { min: 20, max: 28 }, positionTaking: { min: 15, max: 90 } });
    // Not a direct downline of that upline: not found.
    const res = await t.request({ url: '/api/Account/GetUserDetailInit', cookie: await login('nfco'), query: { uplineId: ids.nfco, userId: ids.nfagent } });
    expect(res.status).toBe(404);
  });
});

describe('CreateOrUpdateUser', () => {
  it('assigns the chosen packages with the new account', async () => {
    const id = await createOk(await login('nfco'), {
      username: 'nfwith',
      level: HierarchyLevel.Master,
      packages: [{ packageType: 0, packageId: ids['Co normal low'] }, { packageType: 2, packageId: ids['Co GD'] }],
    });
    expect(await assignmentsOf(id)).toEqual([{ package_type: 0, package_id: ids['Co normal low'] }, { package_type: 2, package_id: ids['Co GD'] }]);
    const audit = await rows(sql`select 1 from audit_log where action = 'package.assign' and target_id = ${String(id)}`);
    expect(audit).toHaveLength(2);
  });

  it('refuses a package the creator may not give, naming the type, and creates nothing', async () => {
    const [standard] = await rows<{ id: number }>(sql`select id from packages where name = 'Standard' and owner_user_id is null`);
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['not its own', { packages: [{ packageType: 0, packageId: Number(standard.id) }] }, { 'packages.0': 'pattern' }],
      ['another type', { packages: [{ packageType: 2, packageId: ids['Co normal'] }] }, { 'packages.2': 'pattern' }],
      ['a type twice', { packages: [{ packageType: 0, packageId: ids['Co normal'] }, { packageType: 0, packageId: ids['Co normal low'] }] }, { 'packages.0': 'pattern' }],
    ];
    for (const [name, body, fields] of cases) {
      const res = await create(await login('nfco'), { username: `nfbad${cases.findIndex((c) => c[0] === name)}`, level: HierarchyLevel.Master, ...body });
      expect(res.status, name).toBe(400);
      expect(res.body.data, name).toEqual(fields);
    }
    expect(await rows(sql`select 1 from users where username like 'nfbad%'`)).toEqual([]);
    // A master without "can edit package" cannot give its upline's package either.
    const res = await create(await login('nfmaster'), { username: 'nfbad9', level: HierarchyLevel.Agent, packages: [{ packageType: 0, packageId: ids['Co normal'] }] });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ 'packages.0': 'pattern' });
  });

  it('holds the bounds it gave the form: above the max, or below what the account gave its downline', async () => {
    const co = await login('nfco');
    const over = await create(co, { username: 'nfover', level: HierarchyLevel.Master, discount: 28.01, positionTaking: 90.01 });
    expect(over.status).toBe(400);
    expect(over.body.data).toEqual({ discount: 'max', positionTaking: 'max' });
    const detail = (await t.request({ url: '/api/Account/GetUserDetailsById', cookie: co, query: { userId: ids.nfmaster } })).body.data;
    const under = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: co, json: { ...detail, discount: 19.99, positionTaking: 14 } });
    expect(under.status).toBe(400);
    expect(under.body.data).toEqual({ discount: 'min', positionTaking: 'min' });
  });
});
