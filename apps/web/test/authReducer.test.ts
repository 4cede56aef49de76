import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState, type AuthState } from '../src/state/authReducer';
import { makeUser } from './fixtures';

const loggedIn = (over: Partial<AuthState> = {}): AuthState => ({
  ...initialAuthState,
  userData: makeUser(),
  isLoggedIn: true,
  loginStateInitialized: true,
  creditLimit: 5000,
  ...over,
});

describe('authReducer (SPEC 4 login state)', () => {
  it('starts uninitialised and logged out', () => {
    expect(initialAuthState).toEqual({
      userData: null,
      pendingTNC: false,
      isLoggedIn: false,
      loginMessage: '',
      loginStateInitialized: false,
      isForbidden: false,
      creditLimit: 0,
    });
  });

  it('startup with a session sets logged-in with user data', () => {
    const user = makeUser();
    const s = authReducer(initialAuthState, { type: 'initialized', user, pendingTNC: false });
    expect(s).toMatchObject({ userData: user, isLoggedIn: true, loginStateInitialized: true, pendingTNC: false });
  });

  it('startup keeps a stored pending terms flag unless the user skips terms', () => {
    const s = authReducer(initialAuthState, { type: 'initialized', user: makeUser({ skipTNC: false }), pendingTNC: true });
    expect(s.pendingTNC).toBe(true);
    const skip = authReducer(initialAuthState, { type: 'initialized', user: makeUser({ skipTNC: true }), pendingTNC: true });
    expect(skip.pendingTNC).toBe(false);
  });

  it('startup without a session resets to logged out and is initialised', () => {
    const s = authReducer(initialAuthState, { type: 'initialized', user: null, pendingTNC: false });
    expect(s).toMatchObject({ userData: null, isLoggedIn: false, loginStateInitialized: true });
  });

  it('login success stores the user and clears the old message; pending terms when not skipTNC', () => {
    const failed = authReducer(initialAuthState, { type: 'loginFailed', message: 'INVALID_CREDENTIALS' });
    const s = authReducer(failed, { type: 'loginSucceeded', user: makeUser({ skipTNC: false }) });
    expect(s).toMatchObject({ isLoggedIn: true, loginMessage: '', pendingTNC: true, loginStateInitialized: true });
    const s2 = authReducer(failed, { type: 'loginSucceeded', user: makeUser({ skipTNC: true }) });
    expect(s2.pendingTNC).toBe(false);
  });

  it('login failure stores the server message and stays logged out', () => {
    const s = authReducer(initialAuthState, { type: 'loginFailed', message: 'TOO_MANY_ATTEMPTS' });
    expect(s).toMatchObject({ isLoggedIn: false, userData: null, loginMessage: 'TOO_MANY_ATTEMPTS' });
  });

  it('logout clears user data and the credit limit', () => {
    const s = authReducer(loggedIn({ pendingTNC: true, isForbidden: true }), { type: 'loggedOut' });
    expect(s).toMatchObject({ userData: null, isLoggedIn: false, creditLimit: 0, pendingTNC: false, isForbidden: false });
    expect(s.loginStateInitialized).toBe(true);
  });

  it('sets and clears the pending terms flag, the forbidden flag and the credit limit', () => {
    let s = authReducer(loggedIn(), { type: 'pendingTNCSet' });
    expect(s.pendingTNC).toBe(true);
    s = authReducer(s, { type: 'pendingTNCCleared' });
    expect(s.pendingTNC).toBe(false);
    s = authReducer(s, { type: 'forbiddenSet', value: true });
    expect(s.isForbidden).toBe(true);
    s = authReducer(s, { type: 'creditLimitSet', value: 123456 });
    expect(s.creditLimit).toBe(123456);
  });

  it('does not mutate the previous state', () => {
    const before = loggedIn();
    const copy = structuredClone(before);
    authReducer(before, { type: 'loggedOut' });
    expect(before).toEqual(copy);
  });
});
