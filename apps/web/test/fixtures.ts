import { vi } from 'vitest';
import type { AccountDetail, LoginUser } from '@app/contract';
import { DEFAULT_SETTINGS } from '../src/features/accounts/accountForm';

export function makeUser(over: Partial<LoginUser> = {}): LoginUser {
  return {
    userId: 1,
    username: 'admin',
    fullName: 'Administrator',
    userRoleId: 1,
    accessString: '',
    mainAccount: true,
    skipTNC: true,
    disabledFunctions: [],
    secondaryPasswordCheckTime: 10,
    secondaryVerifiedUntil: null,
    loginGuid: 'guid-1',
    businessTimeZone: 'Asia/Kuala_Lumpur',
    // A main account acts for itself.
    actingUserId: over.userId ?? 1,
    voidRights: { own: true, downline: true },
    ...over,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const ok = <T>(data: T, message = 'SUCCESS') => jsonResponse(200, { success: true, message, data, code: 200 });
export const fail = (status: number, message: string, data: unknown = null) =>
  jsonResponse(status, { success: false, message, data, code: status });

/** An account detail as GetUserDetailsById answers (demoagent under democo unless overridden). */
export const agentDetail = (over: Partial<AccountDetail> = {}): AccountDetail => ({
  ...DEFAULT_SETTINGS,
  fullName: 'Demo Agent',
  userId: 3,
  username: 'demoagent',
  userRoleId: 4,
  level: 6,
  uplineId: 2,
  uplineUsername: 'democo',
  mainAccount: true,
  creditLimit: 5_000_000,
  balance: -25_000,
  outstanding: 25_000,
  availableCredit: 4_975_000,
  maxFightLimit: 123_456,
  gdLimit: 100,
  totalBaseLimit: 0,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: null,
  ...over,
});

export type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * A stubbed server for the screen tests: `serve(table)` answers every fetch by its path (404 NOT_FOUND for a
 * path not in the table), `calls` records each call, `bodyOf(path)` the JSON bodies sent there.
 */
export function stubServer() {
  const calls: { path: string; url: URL; init: RequestInit }[] = [];
  const serve = (table: Record<string, Handler>) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const url = new URL(input, 'http://localhost');
        calls.push({ path: url.pathname, url, init });
        const h = table[url.pathname];
        return h ? h(url, init) : fail(404, 'NOT_FOUND');
      }),
    );
  const bodyOf = (path: string) => calls.filter((c) => c.path === path).map((c) => JSON.parse(String(c.init.body)));
  return { calls, serve, bodyOf };
}
