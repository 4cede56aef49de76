import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RoleId } from '@app/domain';
import { PASSWORD_THROTTLE } from '../src/platform/passwordThrottle';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const MIN = 60_000;

describe('login', () => {
  it('logs in with the right password and returns the login data', async () => {
    const res = await t.request({ url: '/api/Account/Login', form: { username: 'ADMIN', password: ADMIN.password } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(res.body.data).toMatchObject({ userId: 1, username: 'admin', userRoleId: 1, mainAccount: true, skipTNC: true });
    expect(res.body.data.accessString).toContain('Downline:1,2,3,4');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });

  it('marks the cookie Secure when the login came over HTTPS through the trusted proxy, and only then', async () => {
    const plain = await t.request({ url: '/api/Account/Login', form: { username: 'admin', password: ADMIN.password }, headers: { 'x-forwarded-proto': 'https' } });
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/i); // no proxy trusted: the header is the client's word
    const proxied = await createTestApp({ config: { trustProxy: '10.60.0.1' } });
    try {
      const https = await proxied.request({ url: '/api/Account/Login', form: { username: 'admin', password: ADMIN.password }, ip: '10.60.0.1', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.status).toBe(200);
      expect(String(https.headers['set-cookie'])).toMatch(/; Secure/i);
      const http = await proxied.request({ url: '/api/Account/Login', form: { username: 'admin', password: ADMIN.password }, ip: '10.60.0.1', headers: { 'x-forwarded-proto': 'http' } });
      expect(String(http.headers['set-cookie'])).not.toMatch(/Secure/i);
    } finally {
      await proxied.close();
    }
  });

  it('answers a wrong password and an unknown user with the same 401 message', async () => {
    const wrong = await t.request({ url: '/api/Account/Login', form: { username: 'admin', password: 'nope-nope' }, ip: '10.0.0.1' });
    const unknown = await t.request({ url: '/api/Account/Login', form: { username: 'ghost', password: 'nope-nope' }, ip: '10.0.0.1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('INVALID_CREDENTIALS');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a body without username with a 400 naming the field', async () => {
    const res = await t.request({ url: '/api/Account/Login', form: { password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.data).toHaveProperty('username');
  });

  it('throttles failures per username with 429, and lets the owner in after the window', async () => {
    await t.createUser({ username: 'throttled', password: 'Right-pass1', roleId: RoleId.Player });
    for (let i = 0; i < PASSWORD_THROTTLE.perAccount; i++) {
      const r = await t.request({ url: '/api/Account/Login', form: { username: 'throttled', password: 'bad' }, ip: `10.1.0.${i}` });
      expect(r.status).toBe(401);
    }
    const blocked = await t.request({ url: '/api/Account/Login', form: { username: 'throttled', password: 'Right-pass1' }, ip: '10.1.1.1' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('TOO_MANY_ATTEMPTS');
    t.clock.advance(PASSWORD_THROTTLE.windowMinutes * MIN + 1000);
    const after = await t.request({ url: '/api/Account/Login', form: { username: 'throttled', password: 'Right-pass1' }, ip: '10.1.1.1' });
    expect(after.status).toBe(200);
  });

  it('throttles failures per address across usernames', async () => {
    for (let i = 0; i < PASSWORD_THROTTLE.perAddress; i++) {
      await t.request({ url: '/api/Account/Login', form: { username: `nobody${i}`, password: 'bad' }, ip: '10.9.9.9' });
    }
    const res = await t.request({ url: '/api/Account/Login', form: { username: 'admin', password: ADMIN.password }, ip: '10.9.9.9' });
    expect(res.status).toBe(429);
    const other = await t.request({ url: '/api/Account/Login', form: { username: 'admin', password: ADMIN.password }, ip: '10.9.9.10' });
    expect(other.status).toBe(200);
  });

  it('refuses an inactive or suspended account', async () => {
    await t.createUser({ username: 'sleepy', password: 'Right-pass1', roleId: RoleId.Player, status: 'Suspended' });
    const res = await t.request({ url: '/api/Account/Login', form: { username: 'sleepy', password: 'Right-pass1' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('ACCOUNT_DISABLED');
  });
});

describe('the XHR header', () => {
  it('refuses an /api call without X-Requested-With', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Account/IsLoggedIn' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('MISSING_XHR_HEADER');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=admin&password=${ADMIN.password}`,
    });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
  });

  it('sets the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Account/IsLoggedIn' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('sessions', () => {
  it('reads sessions arriving together in one query, each call with its own account and a logged-out one refused', async () => {
    const names = ['sessa', 'sessb', 'sessc'];
    for (const username of [...names, 'sessd']) await t.createUser({ username, roleId: RoleId.Player, skipTnc: true });
    const cookies = await Promise.all(names.map((n) => t.login(n, 'Passw0rd!')));
    const ended = await t.login('sessd', 'Passw0rd!');
    expect((await t.request({ method: 'POST', url: '/api/Account/Logout', cookie: ended })).status).toBe(200);
    const calls = Array.from({ length: 24 }, (_, i) => (i % 4 === 3 ? { cookie: ended, expect: null } : { cookie: cookies[i % 4], expect: names[i % 4] }));
    const answers = await Promise.all(calls.map((c) => t.request({ method: 'GET', url: '/api/Account/IsLoggedIn', cookie: c.cookie })));
    answers.forEach((res, i) => expect(res.body.data?.username ?? null).toBe(calls[i].expect));
  });

  it('gives a new session id at every login and ends the old one on re-login', async () => {
    const a = await t.login('admin', ADMIN.password);
    const relogin = await t.request({ url: '/api/Account/Login', form: { username: 'admin', password: ADMIN.password }, cookie: a });
    const b = String(relogin.headers['set-cookie']).split(';')[0];
    expect(b).not.toBe(a);
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: a })).body.success).toBe(false);
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: b })).body.success).toBe(true);
  });

  it('reports not logged in without an error status', async () => {
    const res = await t.request({ url: '/api/Account/IsLoggedIn' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, data: null, message: 'USER_UNAUTHORIZED' });
  });

  it('ends a session after the idle timeout, by the injected clock', async () => {
    const c = await t.login('admin', ADMIN.password);
    t.clock.advance(29 * MIN);
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: c })).body.success).toBe(true);
    t.clock.advance(29 * MIN);
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: c })).body.success).toBe(true);
    t.clock.advance(30 * MIN + 1);
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: c })).body.success).toBe(false);
    // And a protected call now answers 401.
    expect((await t.request({ url: '/api/Setting/GetRoles', cookie: c })).status).toBe(401);
  });

  it('ends a busy session at the absolute timeout', async () => {
    const c = await t.login('admin', ADMIN.password);
    for (let i = 0; i < 35; i++) {
      t.clock.advance(20 * MIN);
      expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: c })).body.success).toBe(true);
    }
    t.clock.advance(20 * MIN + 1); // 720 minutes after login
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: c })).body.success).toBe(false);
  });

  it('honours changed timeouts from the system settings', async () => {
    await t.db.execute(sql`update system_settings set value = '5' where key = 'sessionIdleTimeout'`);
    try {
      const c = await t.login('admin', ADMIN.password);
      t.clock.advance(5 * MIN);
      expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: c })).body.success).toBe(false);
    } finally {
      await t.db.execute(sql`update system_settings set value = '30' where key = 'sessionIdleTimeout'`);
    }
  });

  it('ends the session at logout', async () => {
    const c = await t.login('admin', ADMIN.password);
    const out = await t.request({ url: '/api/Account/Logout', form: {}, cookie: c });
    expect(out.status).toBe(200);
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: c })).body.success).toBe(false);
  });

  it('ends the sessions of an account that is disabled', async () => {
    const id = await t.createUser({ username: 'tobedisabled', password: 'Right-pass1', roleId: RoleId.Multilevel });
    const c = await t.login('tobedisabled', 'Right-pass1');
    expect((await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: id }, cookie: c })).status).toBe(200);
    await t.db.execute(sql`update users set status = 'Inactive' where id = ${id}`);
    expect((await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: id }, cookie: c })).status).toBe(401);
    await t.db.execute(sql`update users set status = 'Active' where id = ${id}`);
    // Ended for good: re-enabling does not revive the old session.
    expect((await t.request({ url: '/api/Account/GetUserDetailsById', query: { userId: id }, cookie: c })).status).toBe(401);
  });
});

describe('change password', () => {
  it('refuses a wrong old password and a short new one, then changes it and ends the other sessions', async () => {
    await t.createUser({ username: 'changer', password: 'Old-pass-1', roleId: RoleId.Player });
    const c = await t.login('changer', 'Old-pass-1');
    const other = await t.login('changer', 'Old-pass-1');
    const wrong = await t.request({ url: '/api/Account/ChangePassword', method: 'POST', query: { oldPassword: 'bad-old-pass', newPassword: 'New-pass-1' }, cookie: c });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('INVALID_OLD_PASSWORD');
    const short = await t.request({ url: '/api/Account/ChangePassword', method: 'POST', query: { oldPassword: 'Old-pass-1', newPassword: 'short' }, cookie: c });
    expect(short.status).toBe(400);
    expect(short.body.data).toEqual({ newPassword: 'minLength' });
    const missing = await t.request({ url: '/api/Account/ChangePassword', method: 'POST', query: { oldPassword: 'Old-pass-1' }, cookie: c });
    expect(missing.status).toBe(400);
    const okRes = await t.request({ url: '/api/Account/ChangePassword', method: 'POST', query: { oldPassword: 'Old-pass-1', newPassword: 'New-pass-1' }, cookie: c });
    expect(okRes.status).toBe(200);
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: c })).body.success).toBe(true);
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: other })).body.success).toBe(false);
    await expect(t.login('changer', 'Old-pass-1')).rejects.toThrow();
    await t.login('changer', 'New-pass-1');
  });

  it('needs a session', async () => {
    const res = await t.request({ url: '/api/Account/ChangePassword', method: 'POST', query: { oldPassword: 'a', newPassword: 'b' } });
    expect(res.status).toBe(401);
  });
});

describe('terms and conditions', () => {
  it('records agreement and, with do-not-show-again, sets skipTNC', async () => {
    await t.createUser({ username: 'newbie', password: 'Right-pass1', roleId: RoleId.Player });
    const c = await t.login('newbie', 'Right-pass1');
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: c })).body.data.skipTNC).toBe(false);
    await t.request({ url: '/api/Account/AgreeTermsAndConditions', json: { doNotShowAgain: false }, cookie: c });
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: c })).body.data.skipTNC).toBe(false);
    await t.request({ url: '/api/Account/AgreeTermsAndConditions', json: { doNotShowAgain: true }, cookie: c });
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: c })).body.data.skipTNC).toBe(true);
  });
});

describe('terms before anything else', () => {
  it('refuses every call but the agreement (and login, logout, IsLoggedIn) until the account has agreed, whatever the client', async () => {
    await t.createUser({ username: 'minor', password: 'Right-pass1', roleId: RoleId.Player });
    const login = await t.request({ url: '/api/Account/Login', form: { username: 'minor', password: 'Right-pass1' } });
    expect(login.body.data.skipTNC).toBe(false);
    const c = String(login.headers['set-cookie']).split(';')[0];
    for (const call of [
      { url: '/api/Bet/PlaceExpressOrder', json: { text: 'D\n#1\n1234#1', idempotencyKey: 'minor-before-terms-1' } },
      { url: '/api/Account/GetUserActivityPermission' },
      { url: '/api/Account/ChangePassword', method: 'POST' as const, query: { oldPassword: 'Right-pass1', newPassword: 'Other-pass2' } },
    ]) {
      const refused = await t.request({ ...call, cookie: c });
      expect(refused.status, call.url).toBe(403);
      expect(refused.body.message).toBe('TERMS_NOT_AGREED');
    }
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: c })).body.data.username).toBe('minor');
    expect((await t.request({ url: '/api/Account/AgreeTermsAndConditions', json: { doNotShowAgain: false }, cookie: c })).status).toBe(200);
    expect((await t.request({ url: '/api/Account/GetUserActivityPermission', cookie: c })).body.message).not.toBe('TERMS_NOT_AGREED');
    // Agreed once is agreed: a later login is asked again by the web app (skipTNC false), the server lets it work.
    const again = await t.request({ url: '/api/Account/Login', form: { username: 'minor', password: 'Right-pass1' } });
    expect((await t.request({ url: '/api/Account/GetUserActivityPermission', cookie: String(again.headers['set-cookie']).split(';')[0] })).body.message).not.toBe('TERMS_NOT_AGREED');
  });
});

describe('secondary password', () => {
  it('verifies, stays valid for secondaryPasswordCheckTime, then expires', async () => {
    await t.createUser({ username: 'second', password: 'Right-pass1', secondaryPassword: 'Second-1', roleId: RoleId.Company });
    const c = await t.login('second', 'Right-pass1');
    const wrong = await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: 'nope' }, cookie: c });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('INVALID_SECONDARY_PASSWORD');
    const res = await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: 'Second-1' }, cookie: c });
    expect(res.status).toBe(200);
    expect(new Date(res.body.data.validUntil).getTime()).toBe(t.clock.now().getTime() + 10 * MIN);
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: c })).body.data.secondaryVerifiedUntil).toBe(res.body.data.validUntil);
    t.clock.advance(10 * MIN);
    expect((await t.request({ url: '/api/Account/IsLoggedIn', cookie: c })).body.data.secondaryVerifiedUntil).toBeNull();
  });

  it('can be changed with the old secondary password', async () => {
    await t.createUser({ username: 'second2', password: 'Right-pass1', secondaryPassword: 'Second-1', roleId: RoleId.Company });
    const c = await t.login('second2', 'Right-pass1');
    const res = await t.request({
      url: '/api/Account/ChangePassword',
      method: 'POST',
      query: { oldPassword: 'Second-1', newPassword: 'Second-22', isSecondary: 'true' },
      cookie: c,
    });
    expect(res.status).toBe(200);
    const v = await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: 'Second-22' }, cookie: c });
    expect(v.status).toBe(200);
  });
});

describe('audit log', () => {
  it('is append-only in the database itself', async () => {
    const c = await t.login('admin', ADMIN.password);
    await t.request({ url: '/api/Account/ChangePassword', method: 'POST', query: { oldPassword: ADMIN.password, newPassword: 'Admin12345-b' }, cookie: c });
    await t.request({ url: '/api/Account/ChangePassword', method: 'POST', query: { oldPassword: 'Admin12345-b', newPassword: ADMIN.password }, cookie: c });
    const rows = await t.db.execute(sql`select count(*)::int as n from audit_log where action = 'password.change'`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBeGreaterThanOrEqual(2);
    await expect(t.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
