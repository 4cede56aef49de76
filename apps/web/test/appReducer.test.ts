import { describe, expect, it } from 'vitest';
import { appReducer, initialAppState, isBusyVisible } from '../src/state/appReducer';

describe('appReducer (busy counter, alert, last api result)', () => {
  it('counts concurrent calls and never goes below zero', () => {
    let s = appReducer(initialAppState, { type: 'busyStarted' });
    s = appReducer(s, { type: 'busyStarted', message: 'Saving' });
    expect(s.busyCount).toBe(2);
    expect(s.message).toBe('Saving');
    s = appReducer(s, { type: 'busyEnded' });
    expect(s.busyCount).toBe(1);
    s = appReducer(s, { type: 'busyEnded' });
    s = appReducer(s, { type: 'busyEnded' });
    expect(s.busyCount).toBe(0);
    expect(s.message).toBe('');
  });

  it('shows while calls run and while login state is uninitialised', () => {
    expect(isBusyVisible(0, false)).toBe(true);
    expect(isBusyVisible(1, true)).toBe(true);
    expect(isBusyVisible(0, true)).toBe(false);
  });

  it('keeps one alert and the last api result', () => {
    let s = appReducer(initialAppState, { type: 'alertShown', alert: { type: 'error', message: 'x' } });
    expect(s.alert?.message).toBe('x');
    s = appReducer(s, { type: 'alertClosed' });
    expect(s.alert).toBeNull();
    s = appReducer(s, { type: 'apiResult', success: false, url: '/api/Account/Login' });
    expect(s.lastApiResult).toEqual({ success: false, url: '/api/Account/Login' });
  });
});
