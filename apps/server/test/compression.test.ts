// Issue 28 line 11: the web app's files go out compressed, the hashed ones cached for a year (immutable),
// index.html asked again every time; API answers of 1 KB or more are compressed for a client that accepts
// it, smaller ones and clients that do not accept it get them plain. The API log keeps the plain answer.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PoolId, RoleId } from '@app/domain';
import { apiAccounts } from '../src/db/schema';
import { flushApiLogs } from '../src/platform/apiLog';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let webDist: string;
let admin: string;
const BR = { 'accept-encoding': 'br, gzip, deflate' };
const GZIP = { 'accept-encoding': 'gzip' };

// A built web app as vite writes it: hashed files under assets/, one with its .br and .gz beside it (the
// build's precompressed files), one without (compressed as it is sent).
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
const style = `.row { padding: 4px; }\n`.repeat(200);

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><title>app</title><script type="module" src="/assets/index-AbC123.js"></script>${' '.repeat(2000)}`);
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
  fs.writeFileSync(path.join(webDist, 'assets/index-AbC123.js'), script);
  fs.writeFileSync(path.join(webDist, 'assets/index-AbC123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(webDist, 'assets/index-AbC123.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(webDist, 'assets/index-XyZ789.css'), style);
  t = await createTestApp({ webDist });
  admin = await t.login(ADMIN.username, ADMIN.password);
  const scheduled = await t.request({ url: '/api/Pools/ScheduleSelectedYearDraw', cookie: admin, json: { year: 2026, schedules: [{ poolId: PoolId.Magnum, weekdays: [0, 3, 6] }, { poolId: PoolId.Toto, weekdays: [0, 3, 6] }] } });
  expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function decoded(res: Awaited<ReturnType<typeof get>>): string {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (enc === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  return res.rawPayload.toString('utf8');
}

describe('the web app files', () => {
  it('a hashed script goes out brotli-compressed (the build file) with a year of immutable caching', async () => {
    const res = await get('/assets/index-AbC123.js', BR);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
    expect(decoded(res)).toBe(script);
    // The security headers stay on every file.
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gzip to a client that takes only gzip; plain, still immutable, to one that takes none', async () => {
    const gz = await get('/assets/index-AbC123.js', GZIP);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(script);
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a hashed file the build did not precompress is compressed as it is sent', async () => {
    const res = await get('/assets/index-XyZ789.css', BR);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(res)).toBe(style);
  });

  it('index.html, at / and at a client route, and unhashed files are never cached as immutable', async () => {
    for (const url of ['/', '/index.html', '/order/ticket-history', '/favicon.svg']) {
      const res = await get(url, BR);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    expect(decoded(await get('/', BR))).toContain('<title>app</title>');
    expect(decoded(await get('/order/ticket-history', BR))).toContain('<title>app</title>');
  });

  it('a file missing under /assets/ is the 404 envelope, not index.html', async () => {
    const res = await get('/assets/index-gone.js', BR);
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(decoded(res)).message).toBe('NO_RECORD_FOUND');
  });
});

describe('API answers', () => {
  const year = (headers: Record<string, string>) => t.request({ url: '/api/Pools/GetScheduledDrawByYear', query: { year: 2026 }, cookie: admin, headers });

  it('a large answer goes out compressed to a client that accepts it, and reads the same', async () => {
    const plain = await year({});
    expect(plain.status).toBe(200);
    expect(plain.raw.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.rawPayload.length).toBeGreaterThan(10_000);
    const br = await t.app.inject({ method: 'GET', url: '/api/Pools/GetScheduledDrawByYear?year=2026', headers: { 'x-requested-with': 'XMLHttpRequest', cookie: admin, ...BR } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.raw.rawPayload.length / 5);
    expect(JSON.parse(decoded(br))).toEqual(plain.body);
    expect(br.headers['content-security-policy']).toContain("default-src 'self'");
    const gz = await t.app.inject({ method: 'GET', url: '/api/Pools/GetScheduledDrawByYear?year=2026', headers: { 'x-requested-with': 'XMLHttpRequest', cookie: admin, ...GZIP } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gz))).toEqual(plain.body);
  });

  it('a small answer, and any answer to a client that accepts no encoding, go out plain', async () => {
    const small = await t.request({ url: '/api/Pools/GetDrawClock', query: { poolIds: '1' }, cookie: admin, headers: BR });
    expect(small.status).toBe(200);
    expect(small.raw.rawPayload.length).toBeLessThan(1024);
    expect(small.raw.headers['content-encoding']).toBeUndefined();
    const identity = await year({ 'accept-encoding': 'identity' });
    expect(identity.raw.headers['content-encoding']).toBeUndefined();
    expect(identity.body.success).toBe(true);
  });

  it('a compressed request body is refused, not inflated', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ username: ADMIN.username, password: ADMIN.password })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('the API log keeps the plain answer of a compressed one', async () => {
    const player = await t.createUser({ username: 'zipplayer', roleId: RoleId.Player });
    const secret = 'zip-secret-value-1';
    await t.db.insert(apiAccounts).values({ userId: player, clientOpcode: 'zipopcode', secretHash: crypto.createHash('sha256').update(secret).digest('hex'), createdAt: t.clock.now() });
    const basic = `Basic ${Buffer.from(`zipopcode:${secret}`).toString('base64')}`;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/Pools/GetPoolScheduleByDay?date=2026-11-01&days=31',
      headers: { 'x-requested-with': 'XMLHttpRequest', authorization: basic, ...BR },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const text = decoded(res);
    expect(text.length).toBeGreaterThan(1024);
    await flushApiLogs(t.db);
    const log = await t.request({ url: '/api/Configuration/GetApiLog', cookie: admin, query: { uri: 'GetPoolScheduleByDay' } });
    expect(log.body.data.total).toBe(1);
    const entry = log.body.data.items[0];
    expect(entry.responseMessage).toBe('SUCCESS');
    expect(entry.responseContent).toBe(text.length > 8000 ? `${text.slice(0, 8000)}…` : text);
    expect(entry.requestHeader.authorization).toBe('[REDACTED]');
  });
});
