import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from '../src/app/App';
import { i18n } from '../src/i18n';
import { fail, jsonResponse, makeUser, ok } from './fixtures';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

const calls: { path: string; url: URL; init: RequestInit }[] = [];
let routes: Record<string, Handler> = {};

function serve(table: Record<string, Handler>) {
  routes = table;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ path: url.pathname, url, init });
      const h = routes[url.pathname];
      return h ? h(url, init) : fail(404, 'NOT_FOUND');
    }),
  );
}

const anonymous = () => jsonResponse(200, { success: false, message: 'USER_UNAUTHORIZED', data: null, code: 200 });
const summary = { userId: 1, username: 'admin', fullName: 'Administrator', userRoleId: 1, status: 'Active', mainAccount: true, creditLimit: 500000, availableCredit: 123456, currency: 'MYR' };

beforeEach(async () => {
  calls.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('App', () => {
  it('an anonymous visitor lands on the login page without any alert', async () => {
    serve({ '/api/Account/IsLoggedIn': anonymous });
    render(<App />);
    expect(await screen.findByTestId('login-username')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(screen.queryByTestId('alert-message')).toBeNull();
    expect(document.title).toBe('Login | 4D Back Office');
    expect(document.querySelector('meta[name="viewport"]')?.getAttribute('content')).toContain('device-width');
  });

  it('a failed login shows the translated server message inline, once, and no dialog (issue 29 line 12)', async () => {
    serve({
      '/api/Account/IsLoggedIn': anonymous,
      '/api/Account/Login': () => fail(401, 'INVALID_CREDENTIALS'),
    });
    render(<App />);
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('Invalid username or password.');
    expect(screen.queryByTestId('alert-message')).toBeNull();
    expect(screen.getAllByText('Invalid username or password.')).toHaveLength(1);
    const login = calls.find((c) => c.path === '/api/Account/Login')!;
    expect(login.init.body).toBe('username=admin&password=wrong');
  });

  it('logs in, shows the dashboard with the credit balance, and stores the login id', async () => {
    serve({
      '/api/Account/IsLoggedIn': anonymous,
      '/api/Account/Login': () => ok(makeUser({ loginGuid: 'g-1' })),
      '/api/Account/GetUserDetailsById': () => ok(summary),
    });
    render(<App />);
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Admin12345' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('welcome')).textContent).toBe('Welcome, Administrator');
    await waitFor(() => expect(screen.getByTestId('credit-balance').textContent).toBe('MYR 1,234.56'));
    expect(window.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('loginGuid')).toBe('g-1');
    expect(sessionStorage.getItem('loginGuid')).toBe('g-1');
    expect(document.querySelector('meta[name="viewport"]')?.getAttribute('content')).toBe('width=1920');
    // A super admin holding no function: Distributor's items (run map, posting) need Map Report (decision 0032).
    expect(screen.getByTestId('menu').textContent).toBe('HomeResultsAdminHelp');
  });

  it('shows balance and outstanding beside the credit balance (available) and the limit', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(makeUser({ userRoleId: 4 })),
      '/api/Account/GetUserDetailsById': () => ok({ ...summary, userRoleId: 4, level: 6, balance: -30_000, outstanding: 45_600, availableCredit: 470_000 }),
    });
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('dashboard-outstanding').textContent).toBe('MYR 456.00'));
    expect(screen.getByTestId('dashboard-balance').textContent).toBe('MYR -300.00');
    expect(screen.getByTestId('credit-balance').textContent).toBe('MYR 4,700.00');
    expect(screen.getByTestId('credit-limit').textContent).toBe('MYR 5,000.00');
  });

  it('shows an account of another currency its amounts in the book currency and, beside them, at its currency\'s fake rate', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(makeUser({ userRoleId: 5 })),
      '/api/Account/GetUserDetailsById': () => ok({ ...summary, userRoleId: 5, currency: 'SGD', creditLimit: 1_000_000, availableCredit: 400_000 }),
      '/api/Configuration/GetMyCurrency': () => ok({ book: 'MYR', code: 'SGD', name: 'Singapore Dollar', rate: '0.3' }),
    });
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('credit-balance-equivalent').textContent).toBe('≈ SGD 1,200.00'));
    expect(screen.getByTestId('credit-balance').textContent).toBe('MYR 4,000.00');
    expect(screen.getByTestId('credit-limit-equivalent').textContent).toBe('≈ SGD 3,000.00');
  });

  it('shows Unlimited for the root account, whose available credit is null', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(makeUser()),
      '/api/Account/GetUserDetailsById': () => ok({ ...summary, availableCredit: null, creditLimit: 0 }),
    });
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('credit-balance').textContent).toBe('Unlimited'));
    expect(screen.getByTestId('credit-limit').textContent).toBe('MYR 0.00');
  });

  it("shows today's draws counting down from the server's time, today's sales and the latest results", async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(makeUser({ userRoleId: 4 })),
      '/api/Account/GetUserDetailsById': () => ok({ ...summary, userRoleId: 4, level: 6 }),
      // The server's now is far from the browser's: the countdown must use the server's time left.
      '/api/Dashboard/GetDashboard': () =>
        ok({
          serverTime: '2030-01-01T10:00:00.000Z',
          businessDate: '2030-01-01',
          draws: [
            { drawId: 7, poolId: 1, letter: 'M', poolName: 'Magnum', isSpecial: false, cutoffAt: '2030-01-01T11:00:00.000Z', cutoffHour: 19, cutoffMinute: 0, ownCutoff: false, open: true, msLeft: 3_600_000 },
            { drawId: 8, poolId: 2, letter: 'P', poolName: 'Da Ma Cai', isSpecial: false, cutoffAt: '2030-01-01T09:00:00.000Z', cutoffHour: 17, cutoffMinute: 0, ownCutoff: false, open: false, msLeft: -3_600_000 },
          ],
          sales: { tickets: 3, lines: 5, turnover: 123_400, commission: 3_400, net: 120_000 },
          results: { drawDate: '2029-12-31', pools: [{ drawId: 5, poolId: 1, poolName: 'Magnum', first: '1234', second: '5555', third: '6666' }] },
        }),
    });
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('dashboard-sales-turnover').textContent).toBe('MYR 1,234.00'));
    expect(screen.getByTestId('dashboard-sales-tickets').textContent).toBe('3');
    expect(screen.getByTestId('dashboard-sales-net').textContent).toBe('MYR 1,200.00');
    expect(screen.getByTestId('dashboard-draw-1-left').textContent).toMatch(/^0(1:00:00|0:59:5\d)$/);
    expect(screen.getByTestId('dashboard-draw-2').textContent).toBe('Closed');
    expect(screen.getByTestId('dashboard-results-date').textContent).toContain('2029-12-31');
    expect(screen.getByTestId('dashboard-results').textContent).toContain('1234');
  });

  it('hides the sales card when the caller does not hold the sales report (sales null)', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(makeUser({ userRoleId: 6 })),
      '/api/Account/GetUserDetailsById': () => ok({ ...summary, userRoleId: 6, level: 7 }),
      '/api/Dashboard/GetDashboard': () => ok({ serverTime: '2030-01-01T10:00:00.000Z', businessDate: '2030-01-01', draws: [], sales: null, results: null }),
    });
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('dashboard-today-draws').textContent).toContain('2030-01-01'));
    expect(screen.queryByTestId('dashboard-sales')).toBeNull();
  });

  it("names the account's level on Home, as Accounts does, not its permission role", async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(makeUser({ userRoleId: 4 })),
      '/api/Account/GetUserDetailsById': () => ok({ ...summary, userRoleId: 4, level: 6 }),
    });
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('dashboard-role').textContent).toBe('Agent'));
    await act(() => i18n.changeLanguage('cn'));
    expect(screen.getByTestId('dashboard-role').textContent).toBe('代理');
  });

  it('forces the terms page until agreed', async () => {
    localStorage.setItem('pendingTNCAgreement', '1');
    serve({
      '/api/Account/IsLoggedIn': () => ok(makeUser({ skipTNC: false })),
      '/api/Account/AgreeTermsAndConditions': () => ok(null),
      '/api/Account/GetUserDetailsById': () => ok(summary),
    });
    window.history.replaceState(null, '', '/help');
    render(<App />);
    expect(await screen.findByTestId('tnc-agree')).toBeTruthy();
    expect(window.location.pathname).toBe('/terms-and-conditions');
    expect(screen.getByTestId('terms').textContent).toContain('18');
    fireEvent.click(screen.getByTestId('tnc-dont-show'));
    fireEvent.click(screen.getByTestId('tnc-agree'));
    await screen.findByTestId('welcome');
    const agree = calls.find((c) => c.path === '/api/Account/AgreeTermsAndConditions')!;
    expect(JSON.parse(String(agree.init.body))).toEqual({ doNotShowAgain: true });
    expect(localStorage.getItem('pendingTNCAgreement')).toBeNull();
  });

  it('removes routes the user may not see', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(makeUser({ userRoleId: 4 })),
      '/api/Account/GetUserDetailsById': () => ok({ ...summary, userRoleId: 4 }),
    });
    window.history.replaceState(null, '', '/roles/manage');
    render(<App />);
    await screen.findByTestId('welcome');
    expect(window.location.pathname).toBe('/dashboard');
    expect(screen.getByTestId('menu').textContent).toBe('HomeHelp');
  });

  it('change password: a mismatch is shown and nothing is sent', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(makeUser()),
      '/api/Account/GetUserDetailsById': () => ok(summary),
    });
    window.history.replaceState(null, '', '/help');
    render(<App />);
    await screen.findByTestId('help');
    fireEvent.click(screen.getByTestId('account-dropdown'));
    fireEvent.click(await screen.findByTestId('account-change-password'));
    fireEvent.change(await screen.findByTestId('change-password-old'), { target: { value: 'OldPassword1' } });
    fireEvent.change(screen.getByTestId('change-password-new'), { target: { value: 'NewPassword1' } });
    fireEvent.change(screen.getByTestId('change-password-confirm'), { target: { value: 'NewPassword2' } });
    fireEvent.click(screen.getByTestId('change-password-save'));
    expect((await screen.findByTestId('alert-message')).textContent).toBe('Confirm password and password do not match.');
    expect(calls.some((c) => c.path === '/api/Account/ChangePassword')).toBe(false);
  });

  it('logout asks for confirmation, then returns to login', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(makeUser()),
      '/api/Account/GetUserDetailsById': () => ok(summary),
      '/api/Account/Logout': () => ok(null),
    });
    render(<App />);
    await screen.findByTestId('welcome');
    fireEvent.click(screen.getByTestId('account-dropdown'));
    fireEvent.click(await screen.findByTestId('logout'));
    expect((await screen.findByTestId('alert-message')).textContent).toBe('Are you sure you want to logout?');
    await act(async () => {
      fireEvent.click(screen.getByTestId('alert-ok'));
    });
    expect(await screen.findByTestId('login-username')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/Account/Logout')).toBe(true);
    expect(localStorage.getItem('loginGuid')).toBeNull();
  });

  it('a 401 on a later call alerts and logs out locally', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(makeUser()),
      '/api/Account/GetUserDetailsById': () => fail(401, 'USER_UNAUTHORIZED'),
    });
    render(<App />);
    expect((await screen.findByTestId('alert-message')).textContent).toBe('Unauthorized, please log in to proceed.');
    expect(await screen.findByTestId('login-username')).toBeTruthy();
  });

  it('switches language and keeps it in local storage', async () => {
    serve({ '/api/Account/IsLoggedIn': anonymous });
    render(<App />);
    await screen.findByTestId('login-username');
    fireEvent.click(screen.getByTestId('language-cn'));
    await waitFor(() => expect(screen.getByTestId('login-submit').textContent?.replace(/\s/g, '')).toBe('登录'));
    expect(localStorage.getItem('language')).toBe('cn');
    // The suffix is the product's name in the reader's language too (issue 10, item 20).
    expect(document.title).toBe('登录 | 4D 后台管理');
  });
});
