// Receipts after the order: resend by SMS through the outbox within the resend limit (master resend
// beyond it), the limits screen's calls, the sender job against a local fake gateway, and the admin
// tool's receipt correction.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel, PoolId } from '@app/domain';
import { rows } from '../src/modules/ledger/queries';
import { checkLedger } from '../src/modules/ledger/service';
import { runSmsSender } from '../src/modules/receipts/service';
import { loadConfig } from '../src/platform/config';
import type { Deps } from '../src/platform/http';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let deps: Deps;
const PASSWORD = 'Passw0rd!';
const START = '2026-11-22T04:00:00Z';
const CUTOFF = '2026-11-25T10:45:00.000Z';
const ids: Record<string, number> = {};
const q = <T>(query: ReturnType<typeof sql>) => rows<T>(t.db, query);
const login = (username: string) => t.login(username, username === ADMIN.username ? ADMIN.password : PASSWORD);

async function create(cookie: string, body: Record<string, unknown>) {
  const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.userId as number;
}
async function place(who: string, text: string, extra: Record<string, unknown> = {}) {
  const res = await t.request({ url: '/api/Bet/PlaceExpressOrder', cookie: await login(who), json: { text, idempotencyKey: crypto.randomUUID(), ...extra } });
  expect(res.status).toBe(200);
  return res.body.data as { ticketId: number; ticketNo: string; xid: string; receipt: string };
}
const resend = async (who: string, ticketId: number, master = false) =>
  t.request({ url: `/api/Report/${master ? 'MasterSendSmsReceipt' : 'SendSmsReceipt'}`, cookie: await login(who), json: { ticketId } });
const setSetting = (key: string, value: string) =>
  t.db.execute(sql`insert into system_settings (key, value) values (${key}, ${value}) on conflict (key) do update set value = excluded.value`);
const setLimit = async (who: string, userId: number, limit: number | null) =>
  t.request({ url: '/api/Configuration/UpdateResendOrderLimit', cookie: await login(who), json: { userId, limit } });

beforeAll(async () => {
  t = await createTestApp({ start: START });
  deps = { db: t.db, clock: t.clock, config: { ...loadConfig({}), webDist: '/none' } };
  const admin = await login(ADMIN.username);
  ids.co = await create(admin, { username: 'rcco', level: HierarchyLevel.Company, creditLimit: 100_000_000, positionTaking: 100 });
  ids.agent = await create(await login('rcco'), { username: 'rcagent', level: HierarchyLevel.Agent, creditLimit: 1_000_000, positionTaking: 50 });
  const agent = await login('rcagent');
  ids.player = await create(agent, { username: 'rcplayer', level: HierarchyLevel.Player, creditLimit: 100_000, phone: '0123456789', allowSelfVoid: true });
  ids.nophone = await create(agent, { username: 'rcnophone', level: HierarchyLevel.Player, creditLimit: 100_000 });
  ids.other = await create(admin, { username: 'rcother', level: HierarchyLevel.Company, creditLimit: 1_000_000 });
  ids.staff = await t.createUser({ username: 'rcstaff', password: PASSWORD, roleId: 3, mainAccountId: ids.co, skipTnc: true });
  const res = await t.request({ url: '/api/Pools/SubmitNewDraw', cookie: admin, json: { poolId: PoolId.Magnum, drawDate: '2026-11-25', isSpecial: false } });
  expect(res.status).toBe(200);
});
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  t.clock.set(START);
});
afterAll(async () => t?.close());

describe('resending a receipt', () => {
  it('queues the receipt for the account phone, or the customer phone the ticket carries', async () => {
    const tk = await place('rcplayer', 'D\n#1\n1234#1');
    const res = await resend('rcagent', tk.ticketId);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ticketId: tk.ticketId, ticketNo: tk.ticketNo, phone: '0123456789', status: 0, resendCount: 1, resendLimit: 3, master: false });
    const [row] = await q<{ phone: string; body: string; status: number; kind: string; user_id: number; acting_user_id: number }>(
      sql`select phone, body, status, kind, user_id, acting_user_id from sms_outbox where id = ${res.body.data.outboxId}`,
    );
    expect(row).toEqual({ phone: '0123456789', body: tk.receipt, status: 0, kind: 'receipt-resend', user_id: ids.player, acting_user_id: ids.agent });
    const withCustomer = await place('rcplayer', 'D\n#1\n1235#1', { customerPhone: '0198765432' });
    expect((await resend('rcagent', withCustomer.ticketId)).body.data.phone).toBe('0198765432');
  });

  it('refuses a ticket without any phone, a void ticket, another branch and callers without the right', async () => {
    const noPhone = await place('rcnophone', 'D\n#1\n2234#1');
    const r = await resend('rcagent', noPhone.ticketId);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('NO_PHONE_NUMBER');
    const voided = await place('rcplayer', 'D\n#1\n2235#1');
    await t.request({ url: '/api/Bet/VoidTicket', cookie: await login('rcplayer'), json: { ticketId: voided.ticketId } });
    expect((await resend('rcagent', voided.ticketId)).body.message).toBe('TICKET_ALREADY_VOID');
    const tk = await place('rcplayer', 'D\n#1\n2236#1');
    const outside = await resend('rcother', tk.ticketId);
    const missing = await resend('rcother', 987_654_321);
    expect(outside.status).toBe(404);
    expect(outside.body).toEqual(missing.body);
    // A player holds no Resend Order right; an agent holds no Master Resend Order; a bare sub-account neither.
    expect((await resend('rcplayer', tk.ticketId)).status).toBe(403);
    expect((await resend('rcagent', tk.ticketId, true)).status).toBe(403);
    expect((await resend('rcstaff', tk.ticketId)).status).toBe(403);
    expect((await t.request({ url: '/api/Report/SendSmsReceipt', json: { ticketId: tk.ticketId } })).status).toBe(401);
  });

  it('counts ordinary resends against the resending account’s limit; a master resend goes beyond it', async () => {
    const tk = await place('rcplayer', 'D\n#1\n3234#1');
    for (let i = 1; i <= 3; i++) expect((await resend('rcagent', tk.ticketId)).body.data.resendCount).toBe(i);
    const fourth = await resend('rcagent', tk.ticketId);
    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({ message: 'RESEND_LIMIT_REACHED', data: { resendCount: 3, resendLimit: 3 } });
    const master = await resend('rcco', tk.ticketId, true);
    expect(master.status).toBe(200);
    expect(master.body.data).toMatchObject({ master: true, resendCount: 3 });
    // The company raises its agent's limit: two more.
    expect((await setLimit('rcco', ids.agent, 5)).body.data).toEqual({ userId: ids.agent, limit: 5, effectiveLimit: 5 });
    expect((await resend('rcagent', tk.ticketId)).status).toBe(200);
    expect((await resend('rcagent', tk.ticketId)).status).toBe(200);
    expect((await resend('rcagent', tk.ticketId)).status).toBe(409);
    const [n] = await q<{ n: number }>(sql`select count(*)::int as n from sms_outbox where ticket_id = ${tk.ticketId}`);
    expect(n.n).toBe(6);
    await setLimit('rcco', ids.agent, null);
  });

  it('holds the limit under parallel resends', async () => {
    const tk = await place('rcplayer', 'D\n#1\n4234#1');
    const cookie = await login('rcagent');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => t.request({ url: '/api/Report/SendSmsReceipt', cookie, json: { ticketId: tk.ticketId } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
  });
});

describe('resend order limits', () => {
  it('lists direct downlines with their limits and the default; only an upline sets one; audited', async () => {
    await setSetting('resendOrderLimit', '2');
    try {
      const list = await t.request({ url: '/api/Configuration/GetResendOrderLimit', cookie: await login('rcco') });
      expect(list.status).toBe(200);
      expect(list.body.data).toMatchObject({ defaultLimit: 2, total: 1 });
      expect(list.body.data.items[0]).toMatchObject({ userId: ids.agent, username: 'rcagent', limit: null, effectiveLimit: 2, updatedBy: null });
      expect((await setLimit('rcagent', ids.player, 7)).status).toBe(200);
      const below = await t.request({ url: '/api/Configuration/GetResendOrderLimit', cookie: await login('rcco'), query: { parentId: ids.agent, search: 'rcpl' } });
      expect(below.body.data.items).toEqual([expect.objectContaining({ userId: ids.player, limit: 7, effectiveLimit: 7, updatedBy: 'rcagent', updatedAt: expect.any(String) })]);
      // Nobody sets its own limit; nothing outside one's subtree; players hold no edit right.
      expect((await setLimit('rcagent', ids.agent, 99)).status).toBe(403);
      expect((await setLimit('rcother', ids.agent, 99)).status).toBe(404);
      expect((await setLimit('rcplayer', ids.player, 99)).status).toBe(403);
      expect((await t.request({ url: '/api/Configuration/GetResendOrderLimit', cookie: await login('rcother'), query: { parentId: ids.co } })).status).toBe(404);
      expect((await t.request({ url: '/api/Configuration/GetResendOrderLimit', cookie: await login('rcstaff') })).status).toBe(403);
      const audit = await q<{ before: unknown; after: unknown; actor_user_id: number }>(
        sql`select before, after, actor_user_id from audit_log where action = 'resend-limit.update' and target_id = ${String(ids.player)}`,
      );
      expect(audit).toEqual([{ before: { limit: null }, after: { limit: 7 }, actor_user_id: ids.agent }]);
    } finally {
      await t.db.execute(sql`delete from system_settings where key = 'resendOrderLimit'`);
    }
  });
});

describe('the SMS sender', () => {
  let server: http.Server;
  let received: { id: number; to: string; message: string }[] = [];
  let answer = 200;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (answer === 200) received.push(JSON.parse(body));
        res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  });
  afterAll(async () => {
    await t.db.execute(sql`delete from system_settings where key = 'smsGatewayUrl'`);
    await new Promise((r) => server.close(r));
  });

  const waiting = async () => (await q<{ n: number }>(sql`select count(*)::int as n from sms_outbox where status = 0`))[0].n;

  it('leaves the outbox alone while no gateway is configured', async () => {
    const tk = await place('rcplayer', 'D\n#1\n5234#1');
    await resend('rcagent', tk.ticketId);
    expect(await runSmsSender(deps)).toEqual({ configured: false, sent: 0, failed: 0 });
    await setSetting('smsGatewayUrl', 'ftp://example.invalid/');
    expect((await runSmsSender(deps)).configured).toBe(false);
    expect(await waiting()).toBeGreaterThan(0);
  });

  it('posts waiting messages to the gateway and marks them processed', async () => {
    await setSetting('smsGatewayUrl', url);
    answer = 200;
    received = [];
    const before = await waiting();
    const r = await runSmsSender(deps, { batch: 500 });
    expect(r).toEqual({ configured: true, sent: before, failed: 0 });
    expect(await waiting()).toBe(0);
    expect(received).toHaveLength(before);
    expect(received[0]).toEqual({ id: expect.any(Number), to: expect.stringMatching(/^01/), message: expect.stringMatching(/^T\d+/) });
    const [sent] = await q<{ status: number; sent_at: Date | null; attempts: number }>(sql`select status, sent_at, attempts from sms_outbox where id = ${received[0].id}`);
    expect(sent.status).toBe(1);
    expect(sent.sent_at).not.toBeNull();
    expect(sent.attempts).toBe(1);
  });

  it('retries a failed message later and gives up after five attempts (status 99)', async () => {
    await setSetting('smsGatewayUrl', url);
    const tk = await place('rcplayer', 'D\n#1\n6234#1');
    const id = (await resend('rcagent', tk.ticketId)).body.data.outboxId;
    answer = 500;
    expect(await runSmsSender(deps)).toEqual({ configured: true, sent: 0, failed: 1 });
    let [row] = await q<{ status: number; attempts: number; last_error: string }>(sql`select status, attempts, last_error from sms_outbox where id = ${id}`);
    expect(row).toEqual({ status: 0, attempts: 1, last_error: 'gateway answered HTTP 500' });
    // Not again before its retry time.
    expect((await runSmsSender(deps)).failed).toBe(0);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(10 * 60_000);
      await runSmsSender(deps);
    }
    [row] = await q(sql`select status, attempts, last_error from sms_outbox where id = ${id}`);
    expect(row).toMatchObject({ status: 99, attempts: 5 });
    t.clock.advance(10 * 60_000);
    answer = 200;
    expect((await runSmsSender(deps)).sent).toBe(0);
  });
});

describe('receipt correction (admin tool)', () => {
  const byXid = async (who: string, xid: string) => t.request({ url: '/api/Setting/GetReceiptStringByTicketXId', cookie: await login(who), query: { xid } });
  async function adminVerified() {
    const cookie = await login(ADMIN.username);
    const v = await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: ADMIN.password }, cookie });
    expect(v.status).toBe(200);
    return cookie;
  }
  const update = (cookie: string, xid: string, receiptString: string) =>
    t.request({ url: '/api/Setting/UpdateTicketReceiptString', cookie, json: { xid, receiptString } });

  it('shows and corrects a receipt before the draw closes, audited before and after', async () => {
    const tk = await place('rcplayer', 'D\n#1\n7234#1');
    const got = await byXid(ADMIN.username, tk.xid);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ ticketId: tk.ticketId, ticketNo: tk.ticketNo, xid: tk.xid, username: 'rcplayer', receipt: tk.receipt, status: 1, editable: true });
    const unverified = await update(await login(ADMIN.username), tk.xid, 'x');
    expect(unverified.status).toBe(403);
    expect(unverified.body.message).toBe('SECONDARY_PASSWORD_REQUIRED');
    const cookie = await adminVerified();
    const corrected = `${tk.receipt}\nCorrected`;
    const res = await update(cookie, tk.xid, `${corrected}\r\n`);
    expect(res.status).toBe(200);
    expect(res.body.data.receipt).toBe(corrected);
    const receipt = await t.request({ url: '/api/Bet/GetBetReceipt', cookie: await login('rcplayer'), query: { ticketId: tk.ticketId } });
    expect(receipt.body.data.receipt).toBe(corrected);
    const [audit] = await q<{ before: unknown; after: unknown; actor_user_id: number }>(
      sql`select before, after, actor_user_id from audit_log where action = 'ticket.receipt-correct' and target_id = ${String(tk.ticketId)}`,
    );
    expect(audit).toEqual({ before: { receipt: tk.receipt }, after: { receipt: corrected }, actor_user_id: 1 });
    const empty = await update(cookie, tk.xid, '  \n ');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('EMPTY_RECEIPT_STRING');
    // The resend sends the corrected text.
    const sent = await resend('rcagent', tk.ticketId);
    const [row] = await q<{ body: string }>(sql`select body from sms_outbox where id = ${sent.body.data.outboxId}`);
    expect(row.body).toBe(corrected);
  });

  it('refuses after the cutoff, on a void ticket, for an unknown XID and for anyone but the super admin', async () => {
    const tk = await place('rcplayer', 'D\n#1\n8234#1');
    const voided = await place('rcplayer', 'D\n#1\n8235#1');
    await t.request({ url: '/api/Bet/VoidTicket', cookie: await login('rcplayer'), json: { ticketId: voided.ticketId } });
    let cookie = await adminVerified();
    expect((await update(cookie, voided.xid, 'x')).status).toBe(409);
    expect((await byXid(ADMIN.username, voided.xid)).body.data.editable).toBe(false);
    expect((await byXid(ADMIN.username, crypto.randomUUID())).status).toBe(404);
    expect((await byXid(ADMIN.username, 'not-a-uuid')).status).toBe(400);
    expect((await byXid('rcco', tk.xid)).status).toBe(403);
    expect((await t.request({ url: '/api/Setting/UpdateTicketReceiptString', cookie: await login('rcco'), json: { xid: tk.xid, receiptString: 'x' } })).status).toBe(403);
    t.clock.set(CUTOFF);
    cookie = await adminVerified();
    expect((await byXid(ADMIN.username, tk.xid)).body.data.editable).toBe(false);
    const late = await update(cookie, tk.xid, 'x');
    expect(late.status).toBe(422);
    expect(late.body.message).toBe('DRAW_CLOSED');
  });
});
