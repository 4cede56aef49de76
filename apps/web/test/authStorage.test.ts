import { beforeEach, describe, expect, it } from 'vitest';
import {
  adoptSession,
  checkLoginGuid,
  clearLogin,
  clearPendingTNC,
  hasPendingTNC,
  persistLogin,
} from '../src/state/authStorage';
import { isSecondaryValid } from '../src/state/secondaryPassword';
import { makeUser } from './fixtures';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('login storage (SPEC 4, SPEC 9 keys)', () => {
  it('login success stores the login id in session and local storage', () => {
    persistLogin(makeUser({ loginGuid: 'abc' }));
    expect(sessionStorage.getItem('loginGuid')).toBe('abc');
    expect(localStorage.getItem('loginGuid')).toBe('abc');
  });

  it('stores pendingTNCAgreement only when the login did not set skipTNC', () => {
    persistLogin(makeUser({ skipTNC: true }));
    expect(hasPendingTNC()).toBe(false);
    persistLogin(makeUser({ skipTNC: false }));
    expect(localStorage.getItem('pendingTNCAgreement')).not.toBeNull();
    clearPendingTNC();
    expect(hasPendingTNC()).toBe(false);
  });

  it('follows the server about the secondary password check', () => {
    persistLogin(makeUser({ secondaryVerifiedUntil: '2999-01-01T00:00:00Z' }));
    expect(localStorage.getItem('secondaryPasswordCheckTime')).toBe('2999-01-01T00:00:00Z');
    adoptSession(makeUser({ secondaryVerifiedUntil: null }));
    expect(localStorage.getItem('secondaryPasswordCheckTime')).toBeNull();
  });

  it('logout forgets the stored ids', () => {
    persistLogin(makeUser({ skipTNC: false }));
    clearLogin();
    expect(sessionStorage.getItem('loginGuid')).toBeNull();
    expect(localStorage.getItem('loginGuid')).toBeNull();
    expect(localStorage.getItem('pendingTNCAgreement')).toBeNull();
  });

  it('the 2-second poll sees any change of the browser login id', () => {
    expect(checkLoginGuid('a', 'a')).toEqual({ changed: false });
    expect(checkLoginGuid(null, null)).toEqual({ changed: false });
    expect(checkLoginGuid('b', 'a')).toEqual({ changed: true, adopt: 'b' });
    expect(checkLoginGuid(null, 'a')).toEqual({ changed: true, adopt: null });
    expect(checkLoginGuid('a', null)).toEqual({ changed: true, adopt: 'a' });
  });

  it('a secondary verification is valid until its time', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(isSecondaryValid(null, now)).toBe(false);
    expect(isSecondaryValid('garbage', now)).toBe(false);
    expect(isSecondaryValid('2025-01-01T00:05:00Z', now)).toBe(true);
    expect(isSecondaryValid('2024-12-31T23:59:59Z', now)).toBe(false);
  });
});
