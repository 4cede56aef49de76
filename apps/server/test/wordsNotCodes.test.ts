// Issue 29 lines 9 and 11 through HTTP: system settings grouped by area and saved a group at a time (a
// partial set), the two keys no rule reads removed; the audit log names what its rows name (accounts,
// draws, pools ...) in the query that reads it; the credit log's file in the reader's language, the
// system's memos of old rows in words and a memo a user typed as typed. Each with a caller refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RoleId, SETTING_GROUPS } from '@app/domain';
import { writeAudit } from '../src/platform/audit';
import { rows } from '../src/modules/ledger/queries';
import { lockWallets, post as postJournal } from '../src/modules/ledger/service';
import { ADMIN, createTestApp, XHR, type TestApp } from './support/testApp';

let t: TestApp;
let admin: string;
let co: string;
let pl: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(ADMIN.username, ADMIN.password);
  ids.co = await t.createUser({ username: 'wrdco', roleId: RoleId.Company, skipTnc: true });
  ids.ag = await t.createUser({ username: 'wrdagent', roleId: RoleId.Multilevel, uplineId: ids.co, skipTnc: true });
  ids.pl = await t.createUser({ username: 'wrdplayer', roleId: RoleId.Player, uplineId: ids.ag, skipTnc: true });
  ids.other = await t.createUser({ username: 'wrdother', roleId: RoleId.Player, uplineId: ids.co, skipTnc: true });
  co = await t.login('wrdco', 'Passw0rd!');
  pl = await t.login('wrdplayer', 'Passw0rd!');
});
afterAll(async () => t?.close());

type Setting = { key: string; value: string; group: string; updatedAt: string | null };
const settings = async (cookie = admin) => (await t.request({ url: '/api/Configuration/GetSystemSetting', cookie })).body.data as Setting[];

describe('system settings by area', () => {
  it('lists every setting in one of the areas, without the two keys no rule reads; refuses a removed key', async () => {
    const list = await settings();
    expect(new Set(list.map((s) => s.group))).toEqual(new Set(SETTING_GROUPS));
    expect(list.map((s) => s.key)).not.toContain('paybackCommissionRate');
    expect(list.map((s) => s.key)).not.toContain('luckyNumberPerBetAmount');
    const res = await t.request({ url: '/api/Configuration/UpdateSystemSetting', cookie: admin, json: { settings: [{ key: 'luckyNumberPerBetAmount', value: '1' }, { key: 'paybackCommissionRate', value: '0' }] } });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ luckyNumberPerBetAmount: 'pattern', paybackCommissionRate: 'pattern' });
  });

  it('saves one area (only its fields): the other areas keep their values and their last change', async () => {
    const before = await settings();
    const security = before.filter((s) => s.group === 'security');
    const res = await t.request({
      url: '/api/Configuration/UpdateSystemSetting',
      cookie: admin,
      json: { settings: security.map((s) => ({ key: s.key, value: s.key === 'sessionIdleTimeout' ? '40' : s.value })) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await settings();
    const byKey = new Map(after.map((s) => [s.key, s]));
    expect(byKey.get('sessionIdleTimeout')).toMatchObject({ value: '40', group: 'security' });
    expect(byKey.get('sessionIdleTimeout')!.updatedAt).not.toBeNull();
    for (const s of before.filter((x) => x.key !== 'sessionIdleTimeout')) expect(byKey.get(s.key)).toMatchObject({ value: s.value, updatedAt: s.updatedAt });
    // One audit row: the one key that changed.
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log where action = 'system-setting.update'`);
    expect(n.n).toBe(1);
    await t.request({ url: '/api/Configuration/UpdateSystemSetting', cookie: admin, json: { settings: [{ key: 'sessionIdleTimeout', value: '30' }] } });
  });

  it('refuses a company', async () => {
    const res = await t.request({ url: '/api/Configuration/UpdateSystemSetting', cookie: co, json: { settings: [{ key: 'sessionIdleTimeout', value: '45' }] } });
    expect(res.status).toBe(403);
    expect((await settings()).find((s) => s.key === 'sessionIdleTimeout')!.value).toBe('30');
  });
});

describe('the audit log by name', () => {
  it('names the accounts, draws and pools its rows name, as target or inside before and after', async () => {
    const [draw] = await rows<{ id: number; poolId: number; date: string }>(
      t.db,
      sql`insert into draws (pool_id, draw_date, cutoff_at) values (3, '2026-11-29', '2026-11-29T10:45:00Z') returning id, pool_id as "poolId", draw_date::text as date`,
    );
    const at = t.clock.now();
    await writeAudit(t.db, at, { actorUserId: 1, action: 'draw.edit', targetType: 'draw', targetId: draw.id, before: { drawDate: draw.date }, after: { drawDate: draw.date, poolId: 1 }, ip: '127.0.0.1' });
    await writeAudit(t.db, at, { actorUserId: 1, action: 'user.credit-limit', targetType: 'user', targetId: ids.pl, before: { creditLimit: 100 }, after: { creditLimit: 250_000, uplineId: ids.ag }, ip: '127.0.0.1' });
    await writeAudit(t.db, at, { actorUserId: 1, action: 'announcement.create', targetType: 'announcement', targetId: 999, after: { companyIds: [ids.co] }, ip: '127.0.0.1' });
    const res = await t.request({ url: '/api/Configuration/GetAuditLog', cookie: admin, query: { pageSize: 3 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.items).toHaveLength(3);
    const names = res.body.data.names;
    expect(names[`draw:${draw.id}`]).toEqual({ poolId: draw.poolId, date: draw.date });
    expect(names['pool:1']).toBe('Magnum 4D');
    expect(names[`user:${ids.pl}`]).toBe('wrdplayer');
    expect(names[`user:${ids.ag}`]).toBe('wrdagent');
    expect(names[`user:${ids.co}`]).toBe('wrdco');
    // An announcement that is gone has no name: the screen shows its id.
    expect(names['announcement:999']).toBeUndefined();
    // The target found by an account's username.
    const byName = await t.request({ url: '/api/Configuration/GetAuditLog', cookie: admin, query: { target: 'wrdplayer' } });
    expect(byName.body.data.items.map((i: { action: string }) => i.action)).toEqual(['user.credit-limit']);
  });

  it('refuses a company', async () => {
    expect((await t.request({ url: '/api/Configuration/GetAuditLog', cookie: co })).status).toBe(403);
  });
});

describe("the credit log's file in the reader's language", () => {
  beforeAll(async () => {
    // Rows as the system wrote them before memos were codes (their English texts), and a typed one.
    await t.db.transaction(async (tx) => {
      const w = await lockWallets(tx, [ids.ag, ids.pl]);
      const legs = (amount: number) => [
        { accountId: w.get(ids.pl)!.id, amount },
        { accountId: w.get(ids.ag)!.id, amount: -amount },
      ];
      let at = Date.parse('2026-12-02T04:00:00Z');
      const next = () => new Date((at += 60_000));
      await postJournal(tx, { at: next(), kind: 'transfer', initiatedBy: ids.ag, memo: 'draw payment 2026-12-02', lines: legs(1_000) });
      await postJournal(tx, { at: next(), kind: 'draw-payment', initiatedBy: ids.ag, memo: 'draw payment 2026-12-02', lines: legs(2_000) });
      await postJournal(tx, { at: next(), kind: 'settlement', initiatedBy: null, memo: 'Magnum 4D 2026-11-29 (round 2)', lines: legs(-500) });
      await postJournal(tx, { at: next(), kind: 'auto-transfer', initiatedBy: null, memo: 'auto transfer 2026-12-01', lines: legs(300) });
    });
  });

  const file = async (cookie: string, query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/Report/GetPlayerTransaction', query: { userId: String(ids.pl), format: 'csv', from: '2026-12-02', to: '2026-12-02', ...query }, headers: { ...XHR, cookie } });

  it('in Chinese: the kinds and the system memos in words, a typed memo as typed', async () => {
    const res = await file(co, { lang: 'cn' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('日期时间 (Asia/Kuala_Lumpur),类型,金额,变动前余额,变动后余额,操作人,备注,交易编号,变动前信用额度,变动后信用额度');
    expect(lines.slice(1).map((l) => l.split(',').slice(1, 3).concat(l.split(',')[6]))).toEqual([
      ['自动转账', '3.00', '2026-12-01 自动转账'],
      ['开奖结算', '-5.00', '万能 4D 2026-11-29（第 2 轮） 结算'],
      ['期数付款', '20.00', '2026-12-02 期数付款'],
      ['转出信用', '10.00', 'draw payment 2026-12-02'],
    ]);
  });

  it('in Malay, and in English without a language', async () => {
    const bm = (await file(co, { lang: 'bm' })).body.split('\r\n');
    expect(bm[1]).toContain(',Pindahan Automatik,3.00,');
    expect(bm[1]).toContain(',Pindahan automatik 2026-12-01,');
    const en = (await file(co, {})).body.split('\r\n');
    expect(en[0]).toMatch(/^Date Time \(Asia\/Kuala_Lumpur\),Type,/);
    expect(en[2]).toContain(',Draw settlement,-5.00,');
    expect(en[2]).toContain(',Settlement of Magnum 4D 2026-11-29 (round 2),');
    expect(en[3]).toContain(',Draw payment,20.00,');
    expect(en[3]).toContain(',Draw payment of 2026-12-02,');
  });

  it('the JSON keeps the stored memo (the screen renders it) and refuses an account outside the reader', async () => {
    const res = await t.request({ url: '/api/Report/GetPlayerTransaction', cookie: co, query: { userId: ids.pl, from: '2026-12-02', to: '2026-12-02' } });
    expect(res.body.data.items.map((i: { type: string; remark: string }) => [i.type, i.remark])).toEqual([
      ['auto-transfer', 'auto transfer 2026-12-01'],
      ['settlement', 'Magnum 4D 2026-11-29 (round 2)'],
      ['draw-payment', 'draw payment 2026-12-02'],
      ['transfer', 'draw payment 2026-12-02'],
    ]);
    expect((await file(pl, { userId: String(ids.other), lang: 'cn' })).statusCode).toBe(404);
  });
});
