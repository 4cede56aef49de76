// Authorization judges the route a request matched, never how its path was spelled. The router decodes
// and matches `/%61pi/Setting/GetRoles` as `/api/Setting/GetRoles`: a guard that read the raw URL let
// such a request through without a session (issue 10, item 1). Every registered route is walked with
// spellings a client may choose; a probe just before the handlers records any request that got through.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XHR, type TestApp } from './support/testApp';

/** Spellings of one path: each either matches the same route or no /api route at all. */
function spellings(url: string): string[] {
  const rest = url.slice('/api'.length); // "/Setting/GetRoles"
  const encodeAll = (s: string) => s.replace(/[A-Za-z]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const flipCase = (s: string) => s.replace(/[A-Za-z]/g, (c, i: number) => (i % 2 ? c.toUpperCase() : c.toLowerCase()));
  return [
    `/%61pi${rest}`,
    `/%41pi${rest}`,
    `/%61%70%69${encodeAll(rest)}`,
    `/%2561pi${rest}`,
    `/api${rest.replace('/', '%2F').replace(/\/(?=[^/]*$)/, '%2f')}`,
    `//api${rest}`,
    `/api/${rest}`,
    `/api${rest.replace(/\/(?=[^/]*$)/, '//')}`,
    `/api${rest}.`,
    `/api.${rest}`,
    `/api${rest}/`,
    `/api${rest}%2e`,
    `/API${rest}`,
    `/Api${rest.toUpperCase()}`,
    `/api${rest.toLowerCase()}`,
    flipCase(url),
    `/./api${rest}`,
    `/x/../api${rest}`,
    `/%2e/api${rest}`,
    `/api${rest};x=1`,
    `/api${rest}%3Bx=1`,
  ];
}

const reached: { method: string; route: string; url: string; auth: boolean }[] = [];
let t: TestApp;
let webDist: string;
const log: string[] = [];

beforeAll(async () => {
  // With a built web app the static wildcard route exists too: it must not swallow /api spellings.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  t = await createTestApp({
    webDist,
    logStream: { write: (line) => void log.push(line) },
    instrument: (app) =>
      app.addHook('preHandler', async (request) => {
        // The not-found handler runs this hook too; it is no route's handler.
        if (!request.is404) reached.push({ method: request.method, route: request.routeOptions.url ?? '', url: request.url, auth: !!request.auth });
      }),
  });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const inject = (method: string, url: string, headers: Record<string, string>) =>
  t.app.inject({ method: method as 'GET', url, headers, ...(method === 'POST' ? { payload: {} } : {}) });

describe('every registered /api route, every spelling, no session', () => {
  it('walks the route list (and it is not empty)', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(50);
  });

  it('a route not declared public never reaches its handler; the answer is 401 or the 404 envelope', async () => {
    const leaks: string[] = [];
    for (const r of t.app.routeTable) {
      if (r.access?.kind === 'public') continue;
      const methods = r.method === 'GET' ? ['GET', 'HEAD'] : [r.method];
      for (const method of methods) {
        for (const url of [r.url, ...spellings(r.url)]) {
          reached.length = 0;
          const res = await inject(method, url, XHR);
          const envelope = method === 'HEAD' || res.json().success === false;
          if (reached.length || ![401, 404].includes(res.statusCode) || !envelope) {
            leaks.push(`${method} ${url} -> ${res.statusCode}${reached.length ? ' (handler reached)' : ''}`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('without the X-Requested-With marker no /api route runs, public ones included', async () => {
    const leaks: string[] = [];
    for (const r of t.app.routeTable) {
      for (const url of [r.url, ...spellings(r.url)]) {
        reached.length = 0;
        const res = await inject(r.method, url, {});
        if (reached.length || ![403, 404].includes(res.statusCode) || res.headers['set-cookie']) {
          leaks.push(`${r.method} ${url} -> ${res.statusCode}${reached.length ? ' (handler reached)' : ''}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});

describe('the requests of the report', () => {
  it.each([
    '/%61pi/Setting/GetRoles',
    '/%61pi/Configuration/GetMasterTemplates',
    '/%61pi/Setting/GetRoleActivityPermission?roleId=1',
    '/%61pi/Pools/GetScheduledDrawByYear?year=2026',
  ])('GET %s without a session answers 401', async (url) => {
    const res = await inject('GET', url, XHR);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('USER_UNAUTHORIZED');
  });

  it.each(['/api/Account/Login', '/%61pi/Account/Login', '/api/%41ccount/Login'])(
    'a form POST %s without the marker header is refused and sets no cookie (login CSRF)',
    async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=admin&password=Admin12345',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('MISSING_XHR_HEADER');
      expect(res.headers['set-cookie']).toBeUndefined();
    },
  );

  it('the same login with the marker header, spelled plainly, still works', async () => {
    const res = await t.request({ url: '/api/Account/Login', form: { username: 'admin', password: 'Admin12345' } });
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=/);
  });
});

describe('unknown /api paths', () => {
  it.each([
    ['GET', '/api/Nope/Nothing'],
    ['POST', '/api/Nope/Nothing'],
    ['GET', '/%61pi/Nope'],
    ['GET', '/API/Nope'],
    ['GET', '/api'],
    ['DELETE', '/api/Setting/GetRoles'],
  ])('%s %s answers the 404 envelope and logs no error', async (method, url) => {
    log.length = 0;
    const res = await inject(method, url, XHR);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'NO_RECORD_FOUND', data: null, code: 404 });
    const errors = log.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 40);
    expect(errors).toEqual([]);
  });

  it('a client-side page of the web app is still served, and answers HEAD as GET without a body', async () => {
    const res = await inject('GET', '/accounts/list', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const head = await inject('HEAD', '/login', {});
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
    expect(head.body).toBe('');
    expect((await inject('HEAD', '/api/Nope/Nothing', XHR)).statusCode).toBe(404);
  });
});
