import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../src/app/App';
import { i18n } from '../src/i18n';
import { makeUser, ok, stubServer } from './fixtures';

// Issue 29 line 10: an empty list says what to do next (a sentence, and where it makes sense a button to
// the screen where one acts): the distribution summary, the API logs, the admin tool's jobs and backups.

const { serve } = stubServer();

const admin = () => makeUser({ accessString: 'Map Report:1,2,3,4' });
const company = () => makeUser({ userId: 2, username: 'democo', fullName: 'Demo Company', userRoleId: 3, accessString: 'Map Report:1,2,3,4' });
const emptyLog = () => ok({ items: [], total: 0 });

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('empty lists', () => {
  it('the distribution summary of a date without batches sends the reader to Unpost, in the reader’s language', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(company()),
      '/api/Pools/GetPoolScheduleByDay': () => ok([]),
      '/api/Posting/GetDistributionSummary': () => ok({ rows: [] }),
      '/api/Posting/GetUnpostSummary': () => ok({ rows: [], total: 0 }),
    });
    window.history.replaceState(null, '', '/posting/Distribution?drawDate=2026-11-25');
    render(<App />);
    const empty = await screen.findByTestId('distribution-empty');
    expect(empty.textContent).toContain('No bets were posted for 25/11/2026.');
    expect(empty.textContent).toContain('Unpost page');
    await act(() => i18n.changeLanguage('cn'));
    await waitFor(() => expect(screen.getByTestId('distribution-empty').textContent).toContain('25/11/2026 没有过账的注单'));
    await act(() => i18n.changeLanguage('bm'));
    await waitFor(() => expect(screen.getByTestId('distribution-empty').textContent).toContain('Tiada pertaruhan dipos untuk 25/11/2026.'));
    fireEvent.click(screen.getByTestId('distribution-empty-action'));
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/posting/Unpost?drawDate=2026-11-25'));
  });

  it('the API log offers the API account screen; the API request log the admin tool', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(admin()),
      '/api/Configuration/GetSystemSetting': () => ok([]),
      '/api/Configuration/GetApiLog': emptyLog,
      '/api/Configuration/GetApiRequestLog': emptyLog,
    });
    window.history.replaceState(null, '', '/api-log');
    render(<App />);
    const inbound = await screen.findByTestId('log-empty');
    expect(inbound.textContent).toContain('No call by an API account matches these dates and filters.');
    expect(within(inbound).getByTestId('log-empty-action').textContent).toBe('Set up an API account');
    cleanup();
    window.history.replaceState(null, '', '/api-request-log');
    render(<App />);
    const outbound = await screen.findByTestId('log-empty');
    expect(outbound.textContent).toContain('No call made by this server matches these dates and filters.');
    fireEvent.click(within(outbound).getByTestId('log-empty-action'));
    await waitFor(() => expect(window.location.pathname).toBe('/admin-tool'));
  });

  it('the admin tool without job runs or backups says how to start one', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(admin()),
      '/api/Configuration/GetAdminJobRuns': () => ok([]),
      '/api/Report/GetBackupStage': () => ok([]),
      '/api/Configuration/GetCommStatus': () => ok([]),
      '/api/Configuration/GetAuditLog': () => ok({ items: [], total: 0 }),
    });
    window.history.replaceState(null, '', '/admin-tool');
    render(<App />);
    expect((await screen.findByTestId('tool-runs-empty')).textContent).toContain('No job has run yet. Pick a job above and press Run');
    const backups = await screen.findByTestId('backup-empty');
    expect(backups.textContent).toContain('No backup yet. Run “Backup now” above');
    expect(within(backups).getByTestId('backup-empty-action').textContent).toBe('Open System Setting');
  });
});
