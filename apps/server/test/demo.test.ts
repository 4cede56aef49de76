// The demo hierarchy (npm run demo): its staff sub-account has a working set of rights (issue 10, item 22).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemo } from '../src/db/demo';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
const PASSWORD = 'Demo12345';
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, ADMIN.username, PASSWORD, 'Asia/Kuala_Lumpur', t.clock.now());
});
afterAll(async () => t?.close());

describe('democostaff', () => {
  it('sees the downline, takes orders and reads reports, but moves no money and manages no sub-account', async () => {
    const staff = await t.login('democostaff', PASSWORD);
    const me = (await t.request({ url: '/api/Account/IsLoggedIn', cookie: staff })).body.data;
    expect(me.mainAccount).toBe(false);
    expect(me.accessString).toContain('Downline:1');
    expect(me.accessString).toContain('Bet:1,2,3,4');
    expect(me.accessString).not.toContain('Main Account');
    const list = await t.request({ url: '/api/Account/GetUserListing', cookie: staff });
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((r: { username: string }) => r.username)).toEqual(['demoagent']);
    expect((await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: staff })).status).toBe(200);
    const agent = list.body.data.items[0].userId;
    const pay = await t.request({ url: '/api/Payment/MakePayment', cookie: staff, json: { targetUserId: agent, paymentType: 1, amount: 100, idempotencyKey: 'demo-staff-pay-1' } });
    expect(pay.status).toBe(403);
    expect((await t.request({ url: '/api/Account/GetSubAccountListing', cookie: staff })).status).toBe(403);
  });

  it('gets its rights once, also on a demo database seeded before it had any', async () => {
    await t.db.execute(sql`delete from user_activity_permissions where user_id = (select id from users where username = 'democostaff')`);
    await seedDemo(t.db, ADMIN.username, PASSWORD, 'Asia/Kuala_Lumpur', t.clock.now());
    await seedDemo(t.db, ADMIN.username, PASSWORD, 'Asia/Kuala_Lumpur', t.clock.now());
    const rows = (await t.db.execute(sql`select count(*)::int as n from user_activity_permissions where user_id = (select id from users where username = 'democostaff')`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0].n).toBe(13);
  });
});

describe('the demo company', () => {
  it('is the company of every account of its business, as accounts created through the API are', async () => {
    const rows = (await t.db.execute(
      sql`select u.username, u.company_id = co.id as mine from users u, users co
          where co.username = 'democo' and u.username in ('democo', 'demoagent', 'demoplayer', 'democostaff') order by u.username`,
    )) as unknown as { rows: { username: string; mine: boolean }[] };
    expect(rows.rows).toEqual([
      { username: 'demoagent', mine: true },
      { username: 'democo', mine: true },
      { username: 'democostaff', mine: true },
      { username: 'demoplayer', mine: true },
    ]);
  });
});
