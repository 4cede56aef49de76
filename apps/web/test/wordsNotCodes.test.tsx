import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SETTING_DEFS, SYSTEM_SETTING_DEFAULTS } from '@app/domain';
import { App } from '../src/app/App';
import { i18n } from '../src/i18n';
import { memoText } from '../src/features/payments/ledgerCells';
import { makeUser, ok, stubServer } from './fixtures';

// Issue 29 lines 9 and 11 on the screen: the system's memos in the reader's language (old rows' English
// texts too, a typed memo as typed); the settings by area, by name, filtered, each area saved alone.

const { serve, bodyOf } = stubServer();
const admin = () => makeUser({ accessString: 'Map Report:1,2,3,4' });

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ledger memos in words', () => {
  it('renders the stored English texts by their code in each language; a typed memo as typed', () => {
    const en = i18n.getFixedT('en');
    const cn = i18n.getFixedT('cn');
    const bm = i18n.getFixedT('bm');
    expect(memoText(cn, 'draw-payment', 'draw payment 2026-12-02')).toBe('2026-12-02 期数付款');
    expect(memoText(cn, 'settlement', 'Magnum 4D 2026-11-29')).toBe('万能 4D 2026-11-29 结算');
    expect(memoText(cn, 'winning', 'Magnum 4D 2026-11-29 (round 2)')).toBe('万能 4D 2026-11-29（第 2 轮） 结算');
    expect(memoText(bm, 'auto-transfer', 'auto transfer 2026-12-01')).toBe('Pindahan automatik 2026-12-01');
    expect(memoText(en, 'draw-payment', 'posting payment 2026-12-02 Remote A: cash')).toBe('Posting payment of 2026-12-02 to Remote A: cash');
    expect(memoText(cn, 'transfer', 'draw payment 2026-12-02')).toBe('draw payment 2026-12-02');
    expect(memoText(cn, 'stake', null)).toBe('');
  });
});

describe('/admin-setting/system-setting', () => {
  const list = () =>
    SETTING_DEFS.map((d) => ({ key: d.key, value: SYSTEM_SETTING_DEFAULTS[d.key], defaultValue: SYSTEM_SETTING_DEFAULTS[d.key], kind: d.kind, group: d.group, min: d.min ?? null, max: d.max ?? null, unit: d.unit ?? null, updatedAt: null, updatedBy: null }));

  it('groups by area with names, filters by name or meaning, and saves one area with only its changed fields', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(admin()),
      '/api/Configuration/GetSystemSetting': () => ok(list()),
      '/api/Configuration/UpdateSystemSetting': () => ok(list().map((s) => (s.key === 'sessionIdleTimeout' ? { ...s, value: '45' } : s))),
    });
    window.history.replaceState(null, '', '/admin-setting/system-setting');
    render(<App />);
    expect((await screen.findByTestId('setting-name-autoSettleAfterRelease', {}, { timeout: 15_000 })).textContent).toBe('Settle on release');
    expect(screen.getByTestId('setting-default-autoSettleAfterRelease').textContent).toBe('Default: Yes');
    fireEvent.change(screen.getByTestId('setting-sessionIdleTimeout'), { target: { value: '45' } });
    fireEvent.change(screen.getByTestId('setting-maxLineBetInUI'), { target: { value: '60' } });
    fireEvent.click(screen.getByTestId('settings-save-security'));
    await waitFor(() => expect(bodyOf('/api/Configuration/UpdateSystemSetting')).toEqual([{ settings: [{ key: 'sessionIdleTimeout', value: '45' }] }]));
    // The other area's edit stays, still to be saved.
    await waitFor(() => expect((screen.getByTestId('settings-save-drawDay') as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByTestId('setting-maxLineBetInUI') as HTMLInputElement).value).toBe('60');

    await act(() => i18n.changeLanguage('cn'));
    expect(screen.getByTestId('setting-name-autoSettleAfterRelease').textContent).toBe('发布后自动结算');
    fireEvent.change(screen.getByTestId('settings-search'), { target: { value: '备份' } });
    await waitFor(() => expect(screen.queryByTestId('settings-group-security')).toBeNull());
    expect(screen.getByTestId('settings-group-backup')).toBeTruthy();
  });
});
