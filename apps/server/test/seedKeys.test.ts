// Seeded reference names carry a stable key the web translates by (issue 10, item 20): the default
// roles, the system packages and the platform's master template. A name someone edits loses its key and
// is shown as typed; a database seeded before the keys gets them while its rows are still as seeded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedReferenceData } from '../src/db/seed';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(ADMIN.username, ADMIN.password);
  await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: ADMIN.password }, cookie: admin });
});
afterAll(async () => t?.close());

const roleKeys = async () =>
  Object.fromEntries((await t.request({ url: '/api/Setting/GetRoles', cookie: admin })).body.data.map((r: { name: string; seedKey: string | null }) => [r.name, r.seedKey]));
const systemPackages = async () =>
  ((await t.request({ url: '/api/Configuration/GetPackages', cookie: admin })).body.data as { name: string; seedKey: string | null; isSystem: boolean }[]).filter((p) => p.isSystem);
const templates = async () => (await t.request({ url: '/api/Configuration/GetMasterTemplates', cookie: admin })).body.data as { name: string; seedKey: string | null; ownerUserId: number | null }[];

describe('seeded names carry their key', () => {
  it('on the roles, the system packages and the master template', async () => {
    expect(await roleKeys()).toEqual({ 'Super Admin': 'superAdmin', 'IT Admin': 'itAdmin', Company: 'company', Agent: 'agent', Player: 'player', House: 'house' });
    expect((await systemPackages()).map((p) => [p.name, p.seedKey]).sort()).toEqual([
      ['GD Standard', 'gdStandard'],
      ['Standard', 'standard'],
    ]);
    expect((await templates()).find((x) => x.ownerUserId === null)).toMatchObject({ name: 'Company master template', seedKey: 'company' });
  });

  it('a role created by a user has none; a seeded role renamed loses it, one saved unchanged keeps it', async () => {
    const made = await t.request({ url: '/api/Setting/CreateOrUpdateRole', cookie: admin, json: { name: 'Night shift', description: 'typed', activities: [] } });
    expect(made.status).toBe(200);
    expect((await roleKeys())['Night shift']).toBeNull();
    const roles = (await t.request({ url: '/api/Setting/GetRoles', cookie: admin })).body.data as { id: number; name: string; description: string }[];
    const player = roles.find((r) => r.name === 'Player')!;
    const house = roles.find((r) => r.name === 'House')!;
    const save = (r: { id: number; description: string }, name: string) =>
      t.request({ url: '/api/Setting/CreateOrUpdateRole', cookie: admin, json: { id: r.id, name, description: r.description, activities: [] } });
    expect((await save(house, 'House')).status).toBe(200);
    expect((await save(player, 'Punter')).status).toBe(200);
    const keys = await roleKeys();
    expect(keys.House).toBe('house');
    expect(keys.Punter).toBeNull();
  });

  it('a database seeded before the keys gets them on the next start, except for rows since edited', async () => {
    await t.db.execute(sql`update permission_roles set seed_key = null`);
    await t.db.execute(sql`update packages set seed_key = null`);
    await t.db.execute(sql`update master_templates set seed_key = null`);
    await seedReferenceData(t.db);
    const keys = await roleKeys();
    expect(keys.Agent).toBe('agent');
    expect(keys.Punter).toBeNull();
    expect((await systemPackages()).every((p) => p.seedKey !== null)).toBe(true);
    expect((await templates()).find((x) => x.ownerUserId === null)?.seedKey).toBe('company');
  });
});
