// Every /api route declares who may call it. The table below is the reviewed list: a change to who can
// reach what changes this file. Then, for every declaration, one caller allowed and one refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleId } from '@app/domain';
import type { RouteAccess } from '../src/platform/access';
import { EXPECTED } from './routeAccess';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';


function describeAccess(a: RouteAccess | undefined): string {
  if (!a) return 'UNDECLARED';
  if (a.kind === 'public') return 'public';
  const parts: string[] = [];
  if (a.roles) parts.push(`roles:${a.roles.join(',')}`);
  if (a.fn) parts.push(`fn:${a.fn}:${(a.levels ?? [1]).join(',')}`);
  if (a.mainAccountOnly) parts.push('main-only');
  if (a.secondary) parts.push('secondary');
  return parts.length ? parts.join(' ') : 'session';
}

let t: TestApp;
const users: Record<string, { id: number; password: string; secondary: string; roleId: RoleId }> = {};

beforeAll(async () => {
  t = await createTestApp();
  const make = async (username: string, roleId: RoleId, extra: { mainAccountId?: number } = {}) => {
    const id = await t.createUser({ username, password: 'Passw0rd!', secondaryPassword: 'Second-1', roleId, skipTnc: true, ...extra });
    users[username] = { id, password: 'Passw0rd!', secondary: 'Second-1', roleId };
  };
  users.admin = { id: 1, password: ADMIN.password, secondary: ADMIN.password, roleId: RoleId.SuperAdmin };
  await make('itadmin', RoleId.ITAdmin);
  await make('company', RoleId.Company);
  await make('agent', RoleId.Multilevel);
  await make('player', RoleId.Player);
  await make('house', RoleId.House);
  await make('companystaff', RoleId.Company, { mainAccountId: users.company.id });
});
afterAll(async () => t?.close());

async function callAs(route: string, who: string | null, verifySecondary = false) {
  const [method, url] = route.split(' ') as ['GET' | 'POST', string];
  let cookie: string | undefined;
  if (who) {
    cookie = await t.login(who, users[who].password);
    if (verifySecondary) {
      const v = await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: users[who].secondary }, cookie });
      expect(v.status).toBe(200);
    }
  }
  return t.request({ method, url, cookie, ...(method === 'POST' ? { json: {} } : {}) });
}

describe('route declarations', () => {
  it('every /api route declares its access, and the list is the reviewed one', () => {
    const actual = Object.fromEntries(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, describeAccess(r.access)]));
    const undeclared = Object.entries(actual).filter(([, v]) => v === 'UNDECLARED').map(([k]) => k);
    expect(undeclared).toEqual([]);
    expect(actual).toEqual(EXPECTED);
  });

  it('refuses (fails closed) a route registered without a declaration', async () => {
    const { createHttp } = await import('../src/platform/http');
    const { loadConfig } = await import('../src/platform/config');
    const bare = await createHttp({ db: t.db, clock: t.clock, config: { ...loadConfig({}), webDist: '/none' } });
    bare.get('/api/Test/Undeclared', async () => ({ success: true }));
    await bare.ready();
    const res = await bare.inject({ method: 'GET', url: '/api/Test/Undeclared', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(res.statusCode).toBe(403);
    await bare.close();
  });
});

const roleFixture: Record<number, string> = { 1: 'admin', 2: 'itadmin', 3: 'company', 4: 'agent', 5: 'player', 6: 'house' };
const refusedStatus = [401, 403];

describe('each declaration allows one caller and refuses another', () => {
  for (const [route, decl] of Object.entries(EXPECTED)) {
    if (decl === 'public') {
      it(`${route}: anyone may call`, async () => {
        const res = await callAs(route, null);
        expect(refusedStatus).not.toContain(res.status);
      });
      continue;
    }
    it(`${route}: refuses a caller without a session (401)`, async () => {
      const res = await callAs(route, null);
      expect(res.status).toBe(401);
    });
    const roles = decl.match(/roles:([\d,]+)/)?.[1].split(',').map(Number);
    const fn = decl.match(/fn:([^:]+):/)?.[1];
    const mainOnly = decl.includes('main-only');
    const secondary = decl.includes('secondary');
    if (roles) {
      const allowed = roleFixture[roles.includes(3) ? 3 : roles[0]];
      const refusedRole = [1, 2, 3, 4, 5, 6].find((r) => !roles.includes(r));
      it(`${route}: allows ${allowed}${refusedRole ? `, refuses ${roleFixture[refusedRole]} (403)` : ''}`, async () => {
        const yes = await callAs(route, allowed, secondary);
        expect(refusedStatus).not.toContain(yes.status);
        if (refusedRole) {
          const no = await callAs(route, roleFixture[refusedRole], true);
          expect(no.status).toBe(403);
          expect(no.body.message).toBe('PERMISSION_DENIED');
        }
      });
    }
    if (fn || mainOnly) {
      // companystaff is a sub-account of a company holding no permission role: it lacks every function.
      it(`${route}: refuses a sub-account without ${fn ?? 'main-account'} rights (403)`, async () => {
        const no = await callAs(route, 'companystaff', true);
        expect(no.status).toBe(403);
      });
      if (!roles) {
        it(`${route}: allows a company main account`, async () => {
          expect(refusedStatus).not.toContain((await callAs(route, 'company', secondary)).status);
        });
      }
    }
    if (!roles && !fn && !mainOnly) {
      it(`${route}: allows any logged-in account, a sub-account too`, async () => {
        expect(refusedStatus).not.toContain((await callAs(route, 'player')).status);
        expect(refusedStatus).not.toContain((await callAs(route, 'companystaff')).status);
      });
    }
    if (secondary) {
      it(`${route}: refuses an allowed role whose secondary password is not verified`, async () => {
        const res = await callAs(route, roles ? roleFixture[roles.includes(3) ? 3 : roles[0]] : 'company', false);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('SECONDARY_PASSWORD_REQUIRED');
      });
    }
  }
});
