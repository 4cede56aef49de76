// Packages: seeded official payouts, bounds against the owner's own package, fix/can-edit package,
// assignment to direct downlines, visibility, the red package, effectivePackage up the chain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PackageRate } from '@app/contract';
import { HierarchyLevel, RoleId } from '@app/domain';
import { seedReferenceData } from '../src/db/seed';
import { effectivePackage, effectiveRedPackage, onUplineChanged, rateFor } from '../src/modules/packages/service';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};

async function createUser(cookie: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: `${body.username} name`, ...body } });
  if (res.status !== 200) throw new Error(`create ${body.username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.userId;
}

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  cookies.admin = await t.login(ADMIN.username, ADMIN.password);
  ids.coA = await createUser(cookies.admin, { username: 'pk-co-a', level: HierarchyLevel.Company, creditLimit: 1_000_000, discount: 28 });
  ids.coB = await createUser(cookies.admin, { username: 'pk-co-b', level: HierarchyLevel.Company, creditLimit: 1_000_000, discount: 28 });
  cookies.coA = await t.login('pk-co-a', PASSWORD);
  cookies.coB = await t.login('pk-co-b', PASSWORD);
  ids.ssA = await createUser(cookies.coA, { username: 'pk-ss-a', level: HierarchyLevel.Shareholder, creditLimit: 100_000, canEditPackage: true });
  ids.ssFixed = await createUser(cookies.coA, { username: 'pk-ss-fixed', level: HierarchyLevel.Shareholder, creditLimit: 100_000, canEditPackage: true, fixPackage: true });
  ids.ssNoEdit = await createUser(cookies.coA, { username: 'pk-ss-noedit', level: HierarchyLevel.Shareholder, creditLimit: 100_000 });
  cookies.ssA = await t.login('pk-ss-a', PASSWORD);
  cookies.ssFixed = await t.login('pk-ss-fixed', PASSWORD);
  cookies.ssNoEdit = await t.login('pk-ss-noedit', PASSWORD);
  ids.agentA = await createUser(cookies.ssA, { username: 'pk-agent-a', level: HierarchyLevel.Agent, creditLimit: 10_000, canEditPackage: true });
  cookies.agentA = await t.login('pk-agent-a', PASSWORD);
  ids.playerA = await createUser(cookies.agentA, { username: 'pk-player-a', level: HierarchyLevel.Player, creditLimit: 1_000 });
  cookies.playerA = await t.login('pk-player-a', PASSWORD);
  ids.playerB = await createUser(cookies.coB, { username: 'pk-player-b', level: HierarchyLevel.Player, creditLimit: 1_000 });
  ids.staff = await t.createUser({ username: 'pk-co-a-staff', password: PASSWORD, roleId: RoleId.Company, mainAccountId: ids.coA, skipTnc: true });
  cookies.staff = await t.login('pk-co-a-staff', PASSWORD);
});
afterAll(async () => t?.close());

/** Official figures in ringgit per unit -> cents. */
const rm = (v: Record<string, number>) => Object.fromEntries(Object.entries(v).map(([k, n]) => [k, n * 100]));

type Rate = { code: string; poolId?: number | null; enabled?: boolean; commissionPct: number; payouts: Record<string, number | null> };

/** A sheet within the Standard package: Malaysian figures, Singapore's own override, B/S/A/C/4A. */
function sheet(over: { commission?: number; bFirst?: number; sgBFirst?: number; extra?: Rate[] } = {}): Rate[] {
  const c = over.commission ?? 25;
  return [
    { code: 'B', commissionPct: c, payouts: rm({ first: (over.bFirst ?? 2400), second: 1000, third: 500, starter: 180, consolation: 60 }) },
    { code: 'B', poolId: 4, commissionPct: c, payouts: rm({ first: over.sgBFirst ?? 1900, second: 1000, third: 490, starter: 250, consolation: 60 }) },
    { code: 'S', commissionPct: c, payouts: rm({ first: 3000, second: 2000, third: 800 }) },
    { code: 'A', commissionPct: c, payouts: rm({ first: 600 }) },
    { code: 'C', commissionPct: c, payouts: rm({ first: 250, second: 210, third: 150 }) },
    { code: '4A', commissionPct: 0, payouts: rm({ first: 6000 }) },
    ...(over.extra ?? []),
  ];
}

async function save(cookie: string, body: Record<string, unknown>) {
  return t.request({ url: '/api/Configuration/CreateOrUpdatePackage', cookie, json: { packageType: 0, ...body } });
}
async function saveOk(cookie: string, body: Record<string, unknown>): Promise<number> {
  const res = await save(cookie, body);
  if (res.status !== 200) throw new Error(`save ${body.name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.packageId;
}
const assign = (cookie: string, userId: number, packageId: number | null, packageType = 0) =>
  t.request({ url: '/api/Configuration/AssignPackage', cookie, json: { userId, packageType, packageId } });
const byId = (cookie: string, id: number) => t.request({ url: '/api/Configuration/GetPackageDetailById', cookie, query: { id } });
const rateOf = (detail: { rates: PackageRate[] }, code: string, poolId: number | null = null): PackageRate =>
  detail.rates.find((r) => r.code === code && r.poolId === poolId)!;

describe('seeded packages and template', () => {
  it('reads back the official Malaysian payouts exactly, Singapore as a pool override, extras off', async () => {
    const res = await t.request({ url: '/api/Configuration/GetPackageDetail', cookie: cookies.coA, query: { packageType: 0 } });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ name: 'Standard', packageType: 0, isSystem: true, isDefault: true, relation: 'default', canEdit: false });
    expect(rateOf(d, 'B').payouts).toEqual({ first: 250_000, second: 100_000, third: 50_000, starter: 18_000, consolation: 6_000 });
    expect(rateOf(d, 'S').payouts).toEqual({ first: 350_000, second: 200_000, third: 100_000 });
    expect(rateOf(d, '4A').payouts).toEqual({ first: 600_000 });
    expect(rateOf(d, 'A').payouts).toEqual({ first: 66_000 });
    expect(rateOf(d, 'C').payouts).toEqual({ first: 25_000, second: 21_000, third: 15_000 });
    expect(rateOf(d, 'B', 4).payouts).toEqual({ first: 200_000, second: 100_000, third: 49_000, starter: 25_000, consolation: 6_000 });
    expect(rateOf(d, 'S', 4).payouts).toEqual({ first: 300_000, second: 200_000, third: 80_000 });
    expect(rateOf(d, 'B').commissionPct).toBe(26);
    expect(rateOf(d, '4A').commissionPct).toBe(0);
    expect(rateOf(d, '5D')).toMatchObject({ enabled: false, payouts: { first: 1_500_000, second: 500_000, third: 300_000, fourth: 50_000, fifth: 2_000, sixth: 500 } });
    expect(rateOf(d, '6D')).toMatchObject({ enabled: false, payouts: { first: 10_000_000, second: 300_000, third: 30_000, fourth: 3_000, fifth: 400 } });
    for (const code of ['4B', '4C', '4D', '4E', '4F', '2A', '2C']) expect(rateOf(d, code).enabled).toBe(false);
    // A company sees the rates it gets, never a base above it.
    expect(rateOf(d, 'B').base).toBeNull();
  });

  it('seeds a GD package (type 2) at 19% commission', async () => {
    const res = await t.request({ url: '/api/Configuration/GetPackageDetail', cookie: cookies.coA, query: { packageType: 2 } });
    expect(res.body.data).toMatchObject({ name: 'GD Standard', packageType: 2, isDefault: true });
    expect(rateOf(res.body.data, 'B').commissionPct).toBe(19);
    expect(rateOf(res.body.data, 'B').payouts.first).toBe(250_000);
  });

  it('is idempotent: seeding again adds nothing and keeps changes', async () => {
    const count = async () => (await rows<{ n: number }>(sql`select (select count(*) from packages)::int + (select count(*) from package_rates)::int + (select count(*) from master_template_items)::int as n`))[0].n;
    const before = await count();
    await seedReferenceData(t.db);
    expect(await count()).toBe(before);
  });

  it('seeds the company master template with the official figures, and the item categories', async () => {
    const list = await t.request({ url: '/api/Configuration/GetMasterTemplates', cookie: cookies.admin });
    const tpl = list.body.data.find((x: { name: string }) => x.name === 'Company master template');
    expect(tpl).toMatchObject({ ownerUserId: null, recordStatus: 1 });
    const items = await t.request({ url: '/api/Configuration/GetMasterTemplateItems', cookie: cookies.admin, query: { templateId: tpl.templateId } });
    const value = (label: string) => items.body.data.find((i: { label: string }) => i.label === label)?.value;
    expect(value('B first')).toBe('2500');
    expect(value('S third')).toBe('1000');
    expect(value('A first')).toBe('660');
    expect(value('C second')).toBe('210');
    expect(value('Singapore B third')).toBe('490');
    expect(value('Singapore S third')).toBe('800');
    // Toto 5D and 6D have their own tables: 5D on Toto, 6D on Toto and GD, the 4th to 6th prizes included.
    expect([value('5D table'), value('5D first'), value('5D fourth'), value('5D sixth')]).toEqual(['T', '15000', '500', '5']);
    // 34 items before the two tables, 15 with them (the master template screen's count in e2e/admin.spec).
    expect(items.body.data).toHaveLength(49);
    expect([value('6D table'), value('6D first'), value('6D second'), value('6D fifth')]).toEqual(['TH', '100000', '3000', '4']);
    expect(new Set(items.body.data.map((i: { kind: string }) => i.kind))).toEqual(new Set(['pool', 'decimal', 'box', 'ibox', 'ph', 'operator', 'drawNumber']));
    const cats = await t.request({ url: '/api/Configuration/GetMasterTemplateItemCategories', cookie: cookies.admin });
    expect(cats.body.data.map((c: { name: string }) => c.name)).toEqual(['Commission', 'Payout', 'Pool', 'Bet type', 'Calculation', 'Draw']);
  });
});

describe('creating and changing packages within bounds', () => {
  it('lets a company create a package under its own rates, recording owner, last modified and by', async () => {
    t.clock.advance(60_000);
    const res = await save(cookies.coA, { name: 'Gold', description: 'for shareholders', groupName: 'Premium', paoEnabled: true, paoRate: 5.5, rates: sheet() });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('SAVED');
    const d = res.body.data;
    ids.gold = d.packageId;
    expect(d).toMatchObject({
      name: 'Gold',
      ownerUserId: ids.coA,
      ownerUsername: 'pk-co-a',
      groupName: 'Premium',
      paoEnabled: true,
      paoRate: 5.5,
      relation: 'own',
      canEdit: true,
      updatedBy: 'pk-co-a',
      updatedAt: t.clock.now().toISOString(),
    });
    // Bet rate, base rate (the company's own, Standard) and the margin between them.
    expect(rateOf(d, 'B')).toMatchObject({
      commissionPct: 25,
      payouts: { first: 240_000 },
      base: { commissionPct: 26, payouts: { first: 250_000 } },
      margin: { commissionPct: 1, payouts: { first: 10_000, second: 0 } },
    });
    expect(rateOf(d, 'B', 4).base?.payouts.first).toBe(200_000);
  });

  it('refuses a commission above the owner\'s own for that code, naming the field', async () => {
    const res = await save(cookies.coA, { name: 'Too generous', rates: sheet({ commission: 26.5 }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('PACKAGE_RATE_EXCEEDS_BASE');
    expect(res.body.data).toMatchObject({ 'rates.B.commissionPct': 'max', 'rates.B@4.commissionPct': 'max', 'rates.S.commissionPct': 'max' });
  });

  it('refuses a payout above the base rate, on the pool override too', async () => {
    const res = await save(cookies.coA, { name: 'Too high', rates: sheet({ bFirst: 2501 }) });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ 'rates.B.payouts.first': 'max' });
    // No Singapore override: the general B first (2,400) is above Singapore's base (2,000).
    const noSg = sheet().filter((r) => r.poolId !== 4);
    const sg = await save(cookies.coA, { name: 'No Singapore', rates: noSg });
    expect(sg.status).toBe(400);
    expect(sg.body.data).toEqual({ 'rates.B@4.payouts.first': 'max', 'rates.B@4.payouts.third': 'max' });
  });

  it('refuses a code its owner is not sold, and a sold code that pays nothing', async () => {
    const res = await save(cookies.coA, { name: 'Extra', rates: sheet({ extra: [{ code: '4B', commissionPct: 0, payouts: { second: 100 } }] }) });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ 'rates.4B.enabled': 'max' });
    const empty = await save(cookies.coA, { name: 'Empty', rates: [{ code: 'B', commissionPct: 1, payouts: {} }] });
    expect(empty.status).toBe(400);
    expect(empty.body.data).toEqual({ 'rates.B.payouts': 'required' });
    const dup = await save(cookies.coA, { name: 'Dup', rates: [...sheet(), sheet()[0]] });
    expect(dup.body.data).toEqual({ 'rates.B': 'pattern' });
  });

  it('caps every commission at agentMaxDiscountPercentage', async () => {
    await t.db.execute(sql`update system_settings set value = '20' where key = 'agentMaxDiscountPercentage'`);
    try {
      const res = await save(cookies.coA, { name: 'Capped', rates: sheet({ commission: 21 }) });
      expect(res.status).toBe(400);
      expect(res.body.data['rates.B.commissionPct']).toBe('max');
      expect((await save(cookies.coA, { name: 'Capped', rates: sheet({ commission: 20 }) })).status).toBe(200);
    } finally {
      await t.db.execute(sql`update system_settings set value = '30' where key = 'agentMaxDiscountPercentage'`);
    }
  });

  it('updates a package: rates replaced, name unique per owner, another owner\'s package is not found', async () => {
    const up = await save(cookies.coA, { packageId: ids.gold, name: 'Gold', description: 'v2', groupName: 'Premium', rates: sheet({ commission: 24 }) });
    expect(up.status).toBe(200);
    expect(up.body.data.description).toBe('v2');
    expect(rateOf(up.body.data, 'B').commissionPct).toBe(24);
    const dup = await save(cookies.coA, { name: 'gold', rates: sheet() });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('DUPLICATE_NAME');
    // Another company may use the same name; it cannot touch coA's package.
    expect((await save(cookies.coB, { name: 'Gold', rates: sheet() })).status).toBe(200);
    const foreign = await save(cookies.coB, { packageId: ids.gold, name: 'Mine now', rates: sheet() });
    expect(foreign.status).toBe(404);
    const type = await save(cookies.coA, { packageId: ids.gold, packageType: 2, name: 'Gold', rates: sheet() });
    expect(type.status).toBe(400);
    expect(type.body.data).toEqual({ packageType: 'pattern' });
    const audit = await rows<{ action: string; actor_user_id: number }>(sql`select action, actor_user_id from audit_log where target_type = 'package' and target_id = ${String(ids.gold)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['package.create', 'package.update']);
    expect(audit[0].actor_user_id).toBe(ids.coA);
  });

  it('only the super admin changes the system packages', async () => {
    const standard = (await t.request({ url: '/api/Configuration/GetPackageDetail', cookie: cookies.coA, query: { packageType: 0 } })).body.data;
    const res = await save(cookies.coA, { packageId: standard.packageId, name: 'Standard', rates: sheet() });
    expect(res.status).toBe(404);
    const mine = await t.request({ url: '/api/Configuration/GetPackages', cookie: cookies.admin, query: { packageType: 0 } });
    expect(mine.body.data.find((p: { packageId: number }) => p.packageId === standard.packageId)).toMatchObject({ relation: 'own', isSystem: true });
  });
});

describe("'fix package' and 'can edit package'", () => {
  it('refuses an account whose package is fixed', async () => {
    const res = await save(cookies.ssFixed, { name: 'Mine', rates: sheet({ commission: 20 }) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('PACKAGE_FIXED');
    const a = await assign(cookies.ssFixed, ids.agentA, null);
    expect(a.status).toBe(403);
  });

  it('refuses an account below the company without the right to edit packages, and a player', async () => {
    const res = await save(cookies.ssNoEdit, { name: 'Mine', rates: sheet({ commission: 20 }) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('PACKAGE_EDIT_NOT_ALLOWED');
    const player = await save(cookies.playerA, { name: 'Mine', rates: sheet({ commission: 20 }) });
    expect(player.status).toBe(403);
    expect(player.body.message).toBe('PACKAGE_EDIT_NOT_ALLOWED');
  });

  it('lets a downline with the right adjust within its own bounds', async () => {
    // ssA gets nothing assigned yet: its base is the company's own (Standard).
    const ok = await save(cookies.ssA, { name: 'SS own', rates: sheet({ commission: 25.5 }) });
    expect(ok.status).toBe(200);
    expect(rateOf(ok.body.data, 'B').base?.commissionPct).toBe(26);
  });
});

describe('assigning packages to direct downlines', () => {
  it('assigns a package to a direct downline once the downline\'s own packages fit under it', async () => {
    // ssA's "SS own" gives 25.5%, more than Gold's 24%: ssA would give more than it gets.
    const refused = await assign(cookies.coA, ids.ssA, ids.gold);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('PACKAGE_BELOW_DOWNLINE');
    expect(refused.body.data).toMatchObject({ 'rates.B.commissionPct': 'min' });
    const ssOwn = (await t.request({ url: '/api/Configuration/GetPackages', cookie: cookies.ssA, query: { packageType: 0 } })).body.data.find(
      (p: { name: string }) => p.name === 'SS own',
    ).packageId;
    expect((await save(cookies.ssA, { packageId: ssOwn, name: 'SS own', rates: sheet({ commission: 23 }) })).status).toBe(200);
    const res = await assign(cookies.coA, ids.ssA, ids.gold);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ userId: ids.ssA, packageType: 0, packageId: ids.gold, effectivePackageId: ids.gold });
    const list = await t.request({ url: '/api/Configuration/GetPackages', cookie: cookies.coA, query: { packageType: 0 } });
    const gold = list.body.data.find((p: { packageId: number }) => p.packageId === ids.gold);
    expect(gold.assignedUsers).toEqual([{ userId: ids.ssA, username: 'pk-ss-a' }]);
    const seen = await t.request({ url: '/api/Configuration/GetPackages', cookie: cookies.ssA, query: { packageType: 0 } });
    expect(seen.body.data.map((p: { name: string; relation: string }) => [p.name, p.relation])).toEqual([
      ['SS own', 'own'],
      ['Gold', 'assigned'],
    ]);
  });

  it('refuses a target that is not a direct downline (404), and a package that is not the caller\'s', async () => {
    expect((await assign(cookies.coA, ids.agentA, ids.gold)).status).toBe(404);
    expect((await assign(cookies.coB, ids.ssA, null)).status).toBe(404);
    expect((await assign(cookies.coA, 987_654, null)).status).toBe(404);
    const coBGold = (await t.request({ url: '/api/Configuration/GetPackages', cookie: cookies.coB, query: { packageType: 0 } })).body.data.find(
      (p: { name: string }) => p.name === 'Gold',
    ).packageId;
    expect((await assign(cookies.coA, ids.ssNoEdit, coBGold)).status).toBe(404);
    const wrongType = await assign(cookies.coA, ids.ssNoEdit, ids.gold, 2);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('INVALID_PACKAGE_INFO');
  });

  it('bounds a downline by the package it is assigned: more than Gold is refused', async () => {
    const over = await save(cookies.ssA, { name: 'Silver', rates: sheet({ commission: 24.5 }) });
    expect(over.status).toBe(400);
    expect(over.body.data['rates.B.commissionPct']).toBe('max');
    const res = await save(cookies.ssA, { name: 'Silver', rates: sheet({ commission: 22, bFirst: 2300, sgBFirst: 1800 }) });
    expect(res.status).toBe(200);
    ids.silver = res.body.data.packageId;
    expect(rateOf(res.body.data, 'B').base).toMatchObject({ commissionPct: 24, payouts: { first: 240_000 } });
    expect(rateOf(res.body.data, 'B').margin).toMatchObject({ commissionPct: 2, payouts: { first: 10_000 } });
    // "SS own" (25.5%) is now above Gold: ssA's later changes to it must come down first.
    expect((await assign(cookies.ssA, ids.agentA, ids.silver)).status).toBe(200);
  });

  it("refuses lowering a package below what a downline already gives its own downline", async () => {
    const res = await save(cookies.coA, { packageId: ids.gold, name: 'Gold', rates: sheet({ commission: 21 }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('PACKAGE_BELOW_DOWNLINE');
    expect(res.body.data['rates.B.commissionPct']).toBe('min');
    const low = await saveOk(cookies.coA, { name: 'Low', rates: sheet({ commission: 10, bFirst: 2000, sgBFirst: 1500 }) });
    const swap = await assign(cookies.coA, ids.ssA, low);
    expect(swap.status).toBe(400);
    expect(swap.body.message).toBe('PACKAGE_BELOW_DOWNLINE');
    // Nothing changed.
    const eff = await effectivePackage(t.db, ids.ssA, 0);
    expect(eff.packageId).toBe(ids.gold);
  });

  it('refuses disabling or deleting a package in use; deletes one that is not', async () => {
    const off = await save(cookies.coA, { packageId: ids.gold, name: 'Gold', recordStatus: 0, rates: sheet({ commission: 24 }) });
    expect(off.status).toBe(409);
    expect(off.body.message).toBe('PACKAGE_IN_USE');
    const tmp = await saveOk(cookies.coA, { name: 'Temporary', rates: sheet() });
    const del = await save(cookies.coA, { packageId: tmp, name: 'Temporary', recordStatus: 2, rates: sheet() });
    expect(del.status).toBe(200);
    expect(del.body.data).toBeNull();
    expect((await byId(cookies.coA, tmp)).status).toBe(404);
  });
});

describe('who sees which package', () => {
  it('shows the owner and its uplines the base rates; the assignee only its bet rates', async () => {
    const owner = await byId(cookies.ssA, ids.silver);
    expect(owner.status).toBe(200);
    expect(rateOf(owner.body.data, 'B').base).not.toBeNull();
    const upline = await byId(cookies.coA, ids.silver);
    expect(upline.body.data).toMatchObject({ relation: 'downline', canEdit: false });
    expect(rateOf(upline.body.data, 'B').base?.commissionPct).toBe(24);
    const assignee = await byId(cookies.ssA, ids.gold);
    expect(assignee.body.data).toMatchObject({ relation: 'assigned', canEdit: false, assignedUsers: [] });
    expect(rateOf(assignee.body.data, 'B').base).toBeNull();
    expect(rateOf(assignee.body.data, 'B').margin).toBeNull();
  });

  it('hides a package from a sibling branch and from below, as if it did not exist', async () => {
    const sibling = await byId(cookies.coB, ids.gold);
    expect(sibling.status).toBe(404);
    const missing = await byId(cookies.coB, 987_654);
    expect(missing.body).toEqual(sibling.body);
    // The player gets Silver (inherited from its agent), not Gold.
    expect((await byId(cookies.playerA, ids.gold)).status).toBe(404);
    const inherited = await byId(cookies.playerA, ids.silver);
    expect(inherited.body.data.relation).toBe('inherited');
    expect(rateOf(inherited.body.data, 'B').base).toBeNull();
  });

  it("GetPackages / GetPackageDetail for a downline account; refused outside the subtree", async () => {
    const list = await t.request({ url: '/api/Configuration/GetPackages', cookie: cookies.coA, query: { userId: ids.agentA } });
    expect(list.status).toBe(200);
    expect(list.body.data.find((p: { packageId: number }) => p.packageId === ids.silver).relation).toBe('assigned');
    const detail = await t.request({ url: '/api/Configuration/GetPackageDetail', cookie: cookies.coA, query: { userId: ids.playerA } });
    expect(detail.body.data).toMatchObject({ packageId: ids.silver, relation: 'inherited' });
    expect((await t.request({ url: '/api/Configuration/GetPackages', cookie: cookies.coB, query: { userId: ids.agentA } })).status).toBe(404);
    // A player reads no other account's package: its upline's answers as a missing account's (decision 0049).
    const upline = await t.request({ url: '/api/Configuration/GetPackageDetail', cookie: cookies.playerA, query: { userId: ids.agentA } });
    const missing = await t.request({ url: '/api/Configuration/GetPackageDetail', cookie: cookies.playerA, query: { userId: 987_654 } });
    expect(upline.status).toBe(403);
    expect([missing.status, missing.body]).toEqual([upline.status, upline.body]);
  });

  it('answers null for a type nobody defines (nine-lotto has no system default)', async () => {
    const res = await t.request({ url: '/api/Configuration/GetPackageDetail', cookie: cookies.coA, query: { packageType: 3 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    const bad = await save(cookies.coA, { name: 'Nine', packageType: 3, rates: sheet() });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('INVALID_PACKAGE_INFO');
  });
});

describe('the red package (Account/FixIsRedPackage)', () => {
  it('marks one of the caller\'s packages as its red package, one per type', async () => {
    const red1 = await saveOk(cookies.coA, { name: 'Red 1', rates: sheet({ commission: 10, bFirst: 1000, sgBFirst: 1000 }) });
    const red2 = await saveOk(cookies.coA, { name: 'Red 2', rates: sheet({ commission: 10, bFirst: 1200, sgBFirst: 1000 }) });
    const fix = await t.request({ url: '/api/Account/FixIsRedPackage', cookie: cookies.coA, json: { packageId: red1, isRedPackage: true } });
    expect(fix.status).toBe(200);
    expect(fix.body.data.isRedPackage).toBe(true);
    await t.request({ url: '/api/Account/FixIsRedPackage', cookie: cookies.coA, json: { packageId: red2, isRedPackage: true } });
    expect((await byId(cookies.coA, red1)).body.data.isRedPackage).toBe(false);
    const mine = await t.request({ url: '/api/Configuration/GetPackageDetail', cookie: cookies.coA, query: { packageType: 0, isRedPackage: 'true' } });
    expect(mine.body.data.packageId).toBe(red2);
    // The downline's bets on red numbers use the nearest upline's red package.
    const red = await effectiveRedPackage(t.db, ids.playerA, 0);
    expect(red?.packageId).toBe(red2);
    expect(await effectiveRedPackage(t.db, ids.playerB, 0)).toBeNull();
    // A red package is not assignable, and an assigned package cannot become the red one.
    const a = await assign(cookies.coA, ids.ssNoEdit, red2);
    expect(a.status).toBe(400);
    const inUse = await t.request({ url: '/api/Account/FixIsRedPackage', cookie: cookies.coA, json: { packageId: ids.gold, isRedPackage: true } });
    expect(inUse.status).toBe(409);
    const none = await t.request({ url: '/api/Configuration/GetPackageDetail', cookie: cookies.coB, query: { packageType: 0, isRedPackage: '1' } });
    expect(none.body.data).toBeNull();
  });

  it('is for main accounts only, on their own packages', async () => {
    const staff = await t.request({ url: '/api/Account/FixIsRedPackage', cookie: cookies.staff, json: { packageId: ids.gold, isRedPackage: false } });
    expect(staff.status).toBe(403);
    const foreign = await t.request({ url: '/api/Account/FixIsRedPackage', cookie: cookies.coB, json: { packageId: ids.gold, isRedPackage: false } });
    expect(foreign.status).toBe(404);
  });
});

describe('effectivePackage (for the ordering module)', () => {
  it('resolves the user\'s assignment, else the nearest upline\'s, else the system default', async () => {
    await t.db.transaction(async (tx) => {
      expect((await effectivePackage(tx, ids.agentA, 0)).packageId).toBe(ids.silver);
      // playerA has none: its agent's assignment.
      expect((await effectivePackage(tx, ids.playerA, 0)).packageId).toBe(ids.silver);
      expect((await effectivePackage(tx, ids.ssA, 0)).packageId).toBe(ids.gold);
      const standard = await effectivePackage(tx, ids.playerB, 0);
      expect(standard.rates.get('B')).toEqual({ commissionPct: 26, payouts: { first: 250_000, second: 100_000, third: 50_000, starter: 18_000, consolation: 6_000 } });
      expect(rateFor(standard, 4, 'B')?.payouts.first).toBe(200_000);
      expect(rateFor(standard, 1, 'B')?.payouts.first).toBe(250_000);
      expect(standard.rates.has('4B')).toBe(false);
      const gd = await effectivePackage(tx, ids.playerA, 2);
      expect(gd.rates.get('S')?.commissionPct).toBe(19);
    });
    const silver = await effectivePackage(t.db, ids.playerA, 0);
    expect(silver.rates.get('B')).toEqual({ commissionPct: 22, payouts: { first: 230_000, second: 100_000, third: 50_000, starter: 18_000, consolation: 6_000 } });
    expect(silver.iboxRounding).toBe('exact');
    await expect(effectivePackage(t.db, ids.playerA, 3)).rejects.toMatchObject({ status: 422, messageKey: 'INVALID_PACKAGE_INFO' });
  });

  it('follows a removed assignment back up the chain', async () => {
    expect((await assign(cookies.ssA, ids.agentA, null)).status).toBe(200);
    expect((await effectivePackage(t.db, ids.playerA, 0)).packageId).toBe(ids.gold);
    expect((await assign(cookies.ssA, ids.agentA, ids.silver)).body.data.effectivePackageId).toBe(ids.silver);
  });
});

describe('moving an account to another upline (hook for the accounts module)', () => {
  it('drops the old upline\'s assignment and refuses a move whose packages do not fit the new base', async () => {
    const ssB = await createUser(cookies.coB, { username: 'pk-ss-b', level: HierarchyLevel.Shareholder, creditLimit: 10_000 });
    const bLow = await saveOk(cookies.coB, { name: 'B low', rates: sheet({ commission: 20 }) });
    expect((await assign(cookies.coB, ssB, bLow)).status).toBe(200);
    const mover = await createUser(cookies.coA, { username: 'pk-mover', level: HierarchyLevel.Shareholder, creditLimit: 10_000, canEditPackage: true });
    expect((await assign(cookies.coA, mover, ids.gold)).status).toBe(200);
    const moverCookie = await t.login('pk-mover', PASSWORD);
    const own = await saveOk(moverCookie, { name: 'Mover own', rates: sheet({ commission: 23 }) });
    const move = () =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`update users set upline_id = ${ssB}, path = (select path from users where id = ${ssB}) || id || '/' where id = ${mover}`);
        await onUplineChanged(tx, mover);
      });
    // Mover gives 23%, the new base (B low) only 20%.
    await expect(move()).rejects.toMatchObject({ status: 400, messageKey: 'PACKAGE_BELOW_DOWNLINE' });
    expect((await effectivePackage(t.db, mover, 0)).packageId).toBe(ids.gold);
    expect((await save(moverCookie, { packageId: own, name: 'Mover own', rates: sheet({ commission: 19 }) })).status).toBe(200);
    await move();
    expect((await effectivePackage(t.db, mover, 0)).packageId).toBe(bLow);
    expect(await rows(sql`select * from package_assignments where user_id = ${mover}`)).toEqual([]);
  });
});

describe('concurrent changes along one chain', () => {
  it('serialises them: a downline never ends up giving more than it gets', async () => {
    const gold = (c: number) => save(cookies.coA, { packageId: ids.gold, name: 'Gold', rates: sheet({ commission: c }) });
    const silver = (c: number) => save(cookies.ssA, { packageId: ids.silver, name: 'Silver', rates: sheet({ commission: c, bFirst: 2300, sgBFirst: 1800 }) });
    for (let round = 0; round < 5; round++) {
      // Each is valid alone (Gold 24 -> 23.25 stays above SS own's 23; Silver 22 -> 23.5 stays under Gold's 24),
      // together they would leave Silver above Gold: exactly one may pass.
      const [g, s] = await Promise.all([gold(23.25), silver(23.5)]);
      expect([g.status, s.status].sort()).toEqual([200, 400]);
      const base = (await effectivePackage(t.db, ids.ssA, 0)).rates.get('B')!.commissionPct;
      const given = (await effectivePackage(t.db, ids.agentA, 0)).rates.get('B')!.commissionPct;
      expect(given).toBeLessThanOrEqual(base);
      expect((await gold(24)).status).toBe(200);
      expect((await silver(22)).status).toBe(200);
    }
  });
});

describe('master templates', () => {
  const items = [
    { categoryId: 2, kind: 'decimal', code: 'B', tier: 'first', label: 'B first', value: '2730' },
    { categoryId: 1, kind: 'decimal', code: 'B', label: 'B commission', value: '26.5' },
    { categoryId: 6, kind: 'date', label: 'From', value: '2027-01-01' },
    { categoryId: 3, kind: 'pool', label: 'Pools', value: 'MPTSBKWH' },
    { categoryId: 5, kind: 'operator', label: 'iBox', value: '/' },
    { categoryId: 4, kind: 'box', label: 'Box', value: '' },
    { categoryId: 4, kind: 'ibox', label: 'iBox', value: '' },
    { categoryId: 4, kind: 'ph', label: 'PH', value: '10' },
    { categoryId: 6, kind: 'drawNumber', label: 'Draw', value: '5123/26' },
  ];

  it('creates and updates a template with items of every kind (super admin)', async () => {
    const res = await t.request({ url: '/api/Configuration/CreateOrUpdateMasterTemplate', cookie: cookies.admin, json: { name: 'House 27', ownerUserId: ids.coA, items } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'House 27', ownerUserId: ids.coA, ownerUsername: 'pk-co-a', itemCount: 9, updatedBy: 'admin' });
    const id = res.body.data.templateId;
    const read = await t.request({ url: '/api/Configuration/GetMasterTemplateItems', cookie: cookies.admin, query: { templateId: id } });
    expect(read.body.data.map((i: { kind: string; value: string; position: number }) => [i.kind, i.value, i.position])).toEqual(items.map((i, n) => [i.kind, i.value, n]));
    expect(read.body.data[0]).toMatchObject({ categoryName: 'Payout', code: 'B', tier: 'first' });
    const up = await t.request({ url: '/api/Configuration/CreateOrUpdateMasterTemplate', cookie: cookies.admin, json: { templateId: id, name: 'House 27', ownerUserId: ids.coA, items: items.slice(0, 2) } });
    expect(up.body.data.itemCount).toBe(2);
    const dup = await t.request({ url: '/api/Configuration/CreateOrUpdateMasterTemplate', cookie: cookies.admin, json: { name: 'house 27', ownerUserId: ids.coA, items: [] } });
    expect(dup.status).toBe(409);
  });

  it('validates every item value by its kind, the category and the owner', async () => {
    const bad = [
      { categoryId: 2, kind: 'decimal', value: '12.345' },
      { categoryId: 6, kind: 'date', value: '2027-02-30' },
      { categoryId: 3, kind: 'pool', value: 'MMX' },
      { categoryId: 5, kind: 'operator', value: '+' },
      { categoryId: 4, kind: 'box', value: 'x' },
      { categoryId: 6, kind: 'drawNumber', value: 'abc' },
      { categoryId: 99, kind: 'decimal', value: '1' },
    ];
    const res = await t.request({ url: '/api/Configuration/CreateOrUpdateMasterTemplate', cookie: cookies.admin, json: { name: 'Bad', ownerUserId: ids.ssA, items: bad } });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({
      'items.0.value': 'pattern',
      'items.1.value': 'pattern',
      'items.2.value': 'pattern',
      'items.3.value': 'pattern',
      'items.4.value': 'pattern',
      'items.5.value': 'pattern',
      'items.6.categoryId': 'pattern',
      ownerUserId: 'pattern',
    });
    const kind = await t.request({ url: '/api/Configuration/CreateOrUpdateMasterTemplate', cookie: cookies.admin, json: { name: 'Bad', items: [{ categoryId: 1, kind: 'colour', value: '1' }] } });
    expect(kind.status).toBe(400);
  });

  it('is for the super admin only; an unknown template is not found', async () => {
    expect((await t.request({ url: '/api/Configuration/GetMasterTemplates', cookie: cookies.coA })).status).toBe(403);
    expect((await t.request({ url: '/api/Configuration/CreateOrUpdateMasterTemplate', cookie: cookies.coA, json: { name: 'X', items: [] } })).status).toBe(403);
    expect((await t.request({ url: '/api/Configuration/GetMasterTemplateItems', cookie: cookies.admin, query: { templateId: 987_654 } })).status).toBe(404);
  });
});
