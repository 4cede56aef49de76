// Every password check (login, the old password of ChangePassword, the secondary password) is throttled
// per account and per address, counted atomically before the password is checked, without letting a
// stranger lock the owner out of where it usually logs in from (issue 10, item 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleId } from '@app/domain';
import { PASSWORD_THROTTLE } from '../src/platform/passwordThrottle';
import { createTestApp, type TestApp } from './support/testApp';

const { perAccount, perAddress, windowMinutes } = PASSWORD_THROTTLE;
const WINDOW = windowMinutes * 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const login = (username: string, password: string, ip: string, headers?: Record<string, string>) =>
  t.request({ url: '/api/Account/Login', form: { username, password }, ip, headers });

/** A fresh window for every test: counters of one test never reach the next. */
const nextWindow = () => t.clock.advance(WINDOW + 1000);

describe('login', () => {
  it("a stranger's failures do not lock the owner out of the address it usually logs in from", async () => {
    nextWindow();
    await t.createUser({ username: 'owner1', password: 'Right-pass1', roleId: RoleId.Player });
    expect((await login('owner1', 'Right-pass1', '10.20.0.1')).status).toBe(200);
    for (let i = 0; i < perAccount; i++) expect((await login('owner1', 'guess', `10.66.0.${i}`)).status).toBe(401);
    // Elsewhere the account is throttled ...
    expect((await login('owner1', 'Right-pass1', '10.66.1.1')).status).toBe(429);
    expect((await login('owner1', 'Right-pass1', '10.20.0.2')).status).toBe(429);
    // ... but not from where its owner logged in before.
    expect((await login('owner1', 'Right-pass1', '10.20.0.1')).status).toBe(200);
  });

  it('the owner at its usual address still has its own limit there', async () => {
    nextWindow();
    await t.createUser({ username: 'owner2', password: 'Right-pass1', roleId: RoleId.Player });
    expect((await login('owner2', 'Right-pass1', '10.21.0.1')).status).toBe(200);
    for (let i = 0; i < perAccount; i++) expect((await login('owner2', 'typo', '10.21.0.1')).status).toBe(401);
    expect((await login('owner2', 'Right-pass1', '10.21.0.1')).status).toBe(429);
  });

  it(`${perAccount * 6} parallel wrong passwords: at most ${perAccount} are checked, the rest answer 429`, async () => {
    nextWindow();
    await t.createUser({ username: 'parallel', password: 'Right-pass1', roleId: RoleId.Player });
    const answers = await Promise.all(
      Array.from({ length: perAccount * 6 }, (_, i) => login('parallel', `wrong-${i}`, `10.30.${i}.1`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(perAccount);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect((await login('parallel', 'Right-pass1', '10.30.200.1')).status).toBe(429);
  });

  it('parallel wrong passwords from one address: at most the address limit are checked', async () => {
    nextWindow();
    const answers = await Promise.all(
      Array.from({ length: perAddress + 10 }, (_, i) => login(`nobody-par-${i}`, 'wrong', '10.31.0.1')),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(perAddress);
  });

  it('a new X-Forwarded-For per request does not dodge the address limit (no proxy is trusted by default)', async () => {
    nextWindow();
    for (let i = 0; i < perAddress; i++) {
      await login(`nobody-xff-${i}`, 'wrong', '10.32.0.1', { 'x-forwarded-for': `172.16.${i}.1` });
    }
    const res = await login('nobody-xff-last', 'wrong', '10.32.0.1', { 'x-forwarded-for': '172.16.250.1' });
    expect(res.status).toBe(429);
  });

  it("the attacker's own successful login does not reset its address's count of failures against other accounts", async () => {
    nextWindow();
    await t.createUser({ username: 'sprayer', password: 'Right-pass1', roleId: RoleId.Player });
    for (let i = 0; i < perAddress - 1; i++) expect((await login(`victim-${i}`, 'Summer2026', '10.33.0.1')).status).toBe(401);
    expect((await login('sprayer', 'Right-pass1', '10.33.0.1')).status).toBe(200);
    expect((await login('victim-a', 'Summer2026', '10.33.0.1')).status).toBe(401);
    expect((await login('victim-b', 'Summer2026', '10.33.0.1')).status).toBe(429);
  });

  it('a disabled account answers ACCOUNT_DISABLED only to its right password, and only while not throttled', async () => {
    nextWindow();
    await t.createUser({ username: 'sleeper', password: 'Right-pass1', roleId: RoleId.Player, status: 'Suspended' });
    expect((await login('sleeper', 'guess', '10.34.0.1')).body.message).toBe('INVALID_CREDENTIALS');
    const right = await login('sleeper', 'Right-pass1', '10.34.0.2');
    expect(right.status).toBe(403);
    expect(right.body.message).toBe('ACCOUNT_DISABLED');
    // The confirmation spent an attempt: it did not clear the count of the guesses before it.
    for (let i = 0; i < perAccount - 2; i++) expect((await login('sleeper', `guess-${i}`, `10.34.1.${i}`)).status).toBe(401);
    const after = await login('sleeper', 'Right-pass1', '10.34.0.3');
    expect(after.status).toBe(429);
    expect(after.body.message).toBe('TOO_MANY_ATTEMPTS');
  });

  it('the count slides out with the window', async () => {
    nextWindow();
    await t.createUser({ username: 'later', password: 'Right-pass1', roleId: RoleId.Player });
    for (let i = 0; i < perAccount; i++) await login('later', 'guess', '10.35.0.1');
    expect((await login('later', 'Right-pass1', '10.35.0.2')).status).toBe(429);
    t.clock.advance(WINDOW + 1000);
    expect((await login('later', 'Right-pass1', '10.35.0.2')).status).toBe(200);
  });
});

describe('trusting a proxy only when configured', () => {
  it('with TRUST_PROXY naming the proxy, the client address comes from X-Forwarded-For', async () => {
    const { loadConfig } = await import('../src/platform/config');
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toBe('10.0.0.1, 10.0.0.2');
    const proxied = await createTestApp({ config: { trustProxy: '10.40.0.1' } });
    try {
      for (let i = 0; i < perAddress; i++) {
        await proxied.request({ url: '/api/Account/Login', form: { username: `nobody-p-${i}`, password: 'x' }, ip: '10.40.0.1', headers: { 'x-forwarded-for': '172.20.0.1' } });
      }
      const same = await proxied.request({ url: '/api/Account/Login', form: { username: 'admin', password: 'x' }, ip: '10.40.0.1', headers: { 'x-forwarded-for': '172.20.0.1' } });
      expect(same.status).toBe(429);
      const other = await proxied.request({ url: '/api/Account/Login', form: { username: 'admin', password: 'x' }, ip: '10.40.0.1', headers: { 'x-forwarded-for': '172.20.0.2' } });
      expect(other.status).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('the other password checks', () => {
  it('wrong old passwords on ChangePassword are throttled like logins (429 after the limit)', async () => {
    nextWindow();
    await t.createUser({ username: 'changer', password: 'Right-pass1', roleId: RoleId.Player, skipTnc: true });
    const cookie = await t.login('changer', 'Right-pass1', '10.50.0.1');
    const change = (oldPassword: string) =>
      t.request({ method: 'POST', url: '/api/Account/ChangePassword', query: { oldPassword, newPassword: 'New-pass-2' }, cookie, ip: '10.50.0.1' });
    for (let i = 0; i < perAccount; i++) expect((await change(`wrong-${i}`)).status).toBe(422);
    const res = await change('Right-pass1');
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('TOO_MANY_ATTEMPTS');
  });

  it('wrong secondary passwords are throttled on VerifySecondaryPassword and on ChangePassword?isSecondary=true', async () => {
    nextWindow();
    await t.createUser({ username: 'second', password: 'Right-pass1', secondaryPassword: 'Second-1', roleId: RoleId.Company, skipTnc: true });
    const cookie = await t.login('second', 'Right-pass1', '10.51.0.1');
    const verify = (secondaryPassword: string) =>
      t.request({ method: 'POST', url: '/api/Configuration/VerifySecondaryPassword', query: { secondaryPassword }, cookie, ip: '10.51.0.1' });
    const change = (oldPassword: string) =>
      t.request({ method: 'POST', url: '/api/Account/ChangePassword', query: { oldPassword, newPassword: 'Second-2x', isSecondary: 'true' }, cookie, ip: '10.51.0.1' });
    for (let i = 0; i < perAccount - 2; i++) expect((await verify(`wrong-${i}`)).status).toBe(422);
    expect((await change('wrong-a')).status).toBe(422);
    expect((await change('wrong-b')).status).toBe(422);
    expect((await change('Second-1')).status).toBe(429);
    expect((await verify('Second-1')).status).toBe(429);
    // The login password is a separate secret with its own count.
    expect((await t.request({ url: '/api/Account/Login', form: { username: 'second', password: 'Right-pass1' }, ip: '10.51.0.1' })).status).toBe(200);
  });
});
