import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall, buildUrl, configureApi, fetchData, type ApiHooks } from '../src/api/client';
import { API } from '../src/api/endpoints';
import { EXPECTED as SERVER_ROUTES } from '../../server/test/routeAccess';
import { interpretResponse } from '../src/api/interpret';
import { fail, ok } from './fixtures';

function hooks() {
  const h = {
    busyStarted: vi.fn(),
    busyEnded: vi.fn(),
    alert: vi.fn(),
    unauthorized: vi.fn(),
    forbidden: vi.fn(),
    secondaryRequired: vi.fn(async () => false),
    termsRequired: vi.fn(),
    result: vi.fn(),
  } satisfies ApiHooks;
  configureApi(h);
  return h;
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  configureApi(null);
});

describe('interpretResponse (SPEC 8)', () => {
  it('200 passes the envelope through, including success false', () => {
    const r = interpretResponse(200, { success: false, message: 'USER_UNAUTHORIZED', data: null, code: 200 });
    expect(r.result).toMatchObject({ success: false, message: 'USER_UNAUTHORIZED' });
    expect(r.effect.kind).toBe('none');
  });
  it('401 alerts USER_UNAUTHORIZED and logs out', () => {
    const r = interpretResponse(401, { message: 'USER_UNAUTHORIZED' });
    expect(r.result).toMatchObject({ success: false, message: 'USER_UNAUTHORIZED' });
    expect(r.effect.kind).toBe('unauthorized');
  });
  it('403 alerts PERMISSION_DENIED; SECONDARY_PASSWORD_REQUIRED opens the prompt', () => {
    const denied = interpretResponse(403, { message: 'PERMISSION_DENIED' });
    expect(denied.effect).toEqual({ kind: 'forbidden' });
    expect(denied.result.message).toBe('PERMISSION_DENIED');
    expect(interpretResponse(403, { message: 'SECONDARY_PASSWORD_REQUIRED' }).effect.kind).toBe('secondary');
    expect(interpretResponse(403, { message: 'TERMS_NOT_AGREED' }).effect.kind).toBe('terms');
  });
  it('400 and 500 give INTERNAL_SERVER_ERROR without alert; 400 keeps the field errors', () => {
    const bad = interpretResponse(400, { message: 'VALIDATION_FAILED', data: { name: 'required' } });
    expect(bad.result).toMatchObject({ success: false, message: 'INTERNAL_SERVER_ERROR', data: { name: 'required' } });
    expect(bad.result.serverMessage).toBe('VALIDATION_FAILED');
    expect(bad.effect.kind).toBe('none');
    const err = interpretResponse(500, { message: 'INTERNAL_SERVER_ERROR' });
    expect(err.result.message).toBe('INTERNAL_SERVER_ERROR');
    expect(err.effect.kind).toBe('none');
    expect(interpretResponse(0, null).result.message).toBe('INTERNAL_SERVER_ERROR');
  });
  it('409/422/429 alert the server key unless the caller handles it', () => {
    for (const status of [404, 409, 422, 429]) {
      const r = interpretResponse(status, { message: 'DUPLICATE_NAME' });
      expect(r.result.message).toBe('DUPLICATE_NAME');
      expect(r.effect).toEqual({ kind: 'alert', message: 'DUPLICATE_NAME' });
      expect(interpretResponse(status, { message: 'X' }, { handleErrors: true }).effect.kind).toBe('none');
    }
  });
  it('own-error callers get the server message for every failure but a 401', () => {
    expect(interpretResponse(400, { message: 'PASSWORD_TOO_SHORT' }, { ownErrors: true }).result.message).toBe(
      'PASSWORD_TOO_SHORT',
    );
    expect(interpretResponse(422, { message: 'INVALID_OLD_PASSWORD' }, { ownErrors: true }).effect.kind).toBe('none');
    expect(interpretResponse(401, { message: 'USER_UNAUTHORIZED' }, { ownErrors: true }).effect.kind).toBe(
      'unauthorized',
    );
  });
  it('anonymous calls (login) read a 401 as an answer', () => {
    const r = interpretResponse(401, { message: 'INVALID_CREDENTIALS' }, { anonymous: true });
    expect(r.result.message).toBe('INVALID_CREDENTIALS');
    expect(r.effect.kind).toBe('none');
  });
});

describe('apiCall', () => {
  it('sends the XHR marker, same-origin credentials and form encoding', async () => {
    const h = hooks();
    fetchMock.mockResolvedValueOnce(ok({ userId: 1 }));
    const r = await apiCall(API.Account.Login, { form: { username: 'a b', password: 'p&q' }, anonymous: true });
    expect(r.success).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/Account/Login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    const headers = init?.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(init?.body).toBe('username=a+b&password=p%26q');
    expect(h.busyStarted).toHaveBeenCalledTimes(1);
    expect(h.busyEnded).toHaveBeenCalledTimes(1);
    expect(h.result).toHaveBeenCalledWith(true, '/api/Account/Login');
  });

  it('sends JSON bodies and query parameters', async () => {
    hooks();
    fetchMock.mockResolvedValueOnce(ok(null));
    await apiCall(API.Account.AgreeTermsAndConditions, { json: { doNotShowAgain: true } });
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"doNotShowAgain":true}');
    expect(buildUrl('/api/Account/ChangePassword', { newPassword: 'n w', oldPassword: 'o', skip: undefined })).toBe(
      '/api/Account/ChangePassword?newPassword=n+w&oldPassword=o',
    );
  });

  it('401 calls the unauthorized hook; 422 alerts; 400 does not', async () => {
    const h = hooks();
    fetchMock.mockResolvedValueOnce(fail(401, 'USER_UNAUTHORIZED'));
    await apiCall(API.Setting.GetRoles);
    expect(h.unauthorized).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(fail(422, 'INVALID_OLD_PASSWORD'));
    await apiCall(API.Setting.GetRoles);
    expect(h.alert).toHaveBeenCalledWith('INVALID_OLD_PASSWORD');
    fetchMock.mockResolvedValueOnce(fail(400, 'VALIDATION_FAILED', { name: 'required' }));
    const r = await apiCall(API.Setting.GetRoles);
    expect(h.alert).toHaveBeenCalledTimes(1);
    expect(r.data).toEqual({ name: 'required' });
  });

  it('a network failure ends the busy count and reads as INTERNAL_SERVER_ERROR', async () => {
    const h = hooks();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const r = await apiCall(API.Setting.GetRoles);
    expect(r).toMatchObject({ success: false, message: 'INTERNAL_SERVER_ERROR', status: 0 });
    expect(h.busyEnded).toHaveBeenCalledTimes(1);
  });

  it('SECONDARY_PASSWORD_REQUIRED prompts and retries once when verified', async () => {
    const h = hooks();
    h.secondaryRequired.mockResolvedValueOnce(true);
    fetchMock.mockResolvedValueOnce(fail(403, 'SECONDARY_PASSWORD_REQUIRED')).mockResolvedValueOnce(ok({ id: 7 }));
    const r = await apiCall<{ id: number }>(API.Setting.CreateOrUpdateRole, { json: { name: 'x' } });
    expect(h.secondaryRequired).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(r.data).toEqual({ id: 7 });
    // The busy count was released before the prompt was shown.
    expect(h.busyStarted).toHaveBeenCalledTimes(2);
    expect(h.busyEnded).toHaveBeenCalledTimes(2);
  });

  it('a cancelled prompt returns the refusal without retrying', async () => {
    const h = hooks();
    fetchMock.mockResolvedValueOnce(fail(403, 'SECONDARY_PASSWORD_REQUIRED'));
    const r = await apiCall(API.Setting.AssignRoles, { json: {} });
    expect(h.secondaryRequired).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(r.success).toBe(false);
  });

  it('fetchData rejects on failure for react-query', async () => {
    hooks();
    fetchMock.mockResolvedValueOnce(fail(404, 'NO_RECORD_FOUND'));
    await expect(fetchData(API.Account.GetUserDetailByUsername, { query: { username: 'x' } })).rejects.toThrow(
      'NO_RECORD_FOUND',
    );
  });
});

describe('endpoint list', () => {
  it('every call the web makes is a route the server declares (its reviewed route table)', () => {
    for (const [controller, actions] of Object.entries(API)) {
      for (const [action, endpoint] of Object.entries(actions)) {
        expect(SERVER_ROUTES[endpoint], `${controller}.${action}: ${endpoint}`).toBeDefined();
        expect(endpoint.endsWith(`/api/${controller}/${action}`), endpoint).toBe(true);
      }
    }
  });

});
