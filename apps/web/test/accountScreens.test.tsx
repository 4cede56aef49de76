import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../src/app/App';
import { i18n } from '../src/i18n';
import { agentDetail, fail, makeUser, ok, stubServer } from './fixtures';

// The account and payment screens against a stubbed server: the calls they make and what they show.

const { calls, serve, bodyOf } = stubServer();

const AGENT_ACCESS = 'Downline:1,2,3,4;Payment Report:1,2,3,4';
const agent = () => makeUser({ userId: 3, username: 'demoagent', fullName: 'Demo Agent', userRoleId: 4, accessString: AGENT_ACCESS });
const row = (over: Record<string, unknown> = {}) => ({
  userId: 4,
  username: 'demoplayer',
  fullName: 'Demo Player',
  userRoleId: 5,
  level: 7,
  status: 'Active',
  creditType: 'postpaid',
  creditLimit: 100000,
  balance: 0,
  availableCredit: 100000,
  outstanding: 0,
  currency: 'MYR',
  lastLoginAt: null,
  downlineCount: 0,
  ...over,
});

beforeEach(async () => {
  calls.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/account/manage', () => {
  it('reads its place from the URL, shows the breadcrumb, drills down and back up', async () => {
    localStorage.setItem('searchTerm', 'demo');
    serve({
      '/api/Account/IsLoggedIn': () => ok(agent()),
      '/api/Account/GetUserListing': (url) =>
        ok(
          url.searchParams.get('parentId') === '8'
            ? { items: [row()], total: 1, breadcrumb: [{ userId: 3, username: 'demoagent', level: 6 }, { userId: 8, username: 'sub', level: 6 }] }
            : { items: [row({ userId: 8, username: 'sub', level: 6, userRoleId: 4, downlineCount: 2 })], total: 41, breadcrumb: [{ userId: 3, username: 'demoagent', level: 6 }] },
        ),
    });
    window.history.replaceState(null, '', '/account/manage?page=2&status=Active');
    render(<App />);
    const table = await screen.findByTestId('account-table');
    await waitFor(() => expect(table.textContent).toContain('sub'));
    const first = calls.find((c) => c.path === '/api/Account/GetUserListing')!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ searchTerm: 'demo', status: 'Active', page: '2', pageSize: '20', sortBy: 'username', sortDir: 'asc' });
    expect(screen.getByTestId('account-breadcrumb').textContent).toContain('demoagent');

    fireEvent.click(screen.getByTestId('account-drill-8'));
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({ parentId: '8', status: 'Active' }));
    await waitFor(() => expect(screen.getByTestId('account-table').textContent).toContain('demoplayer'));
    expect(screen.getByTestId('account-breadcrumb').textContent).toContain('sub');

    fireEvent.click(screen.getByTestId('account-crumb-3'));
    await waitFor(() => expect(window.location.search).toBe('?status=Active'));
  });

  it("shows each row's balance, available credit and outstanding as the server gives them", async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(agent()),
      '/api/Account/GetUserListing': () =>
        ok({ items: [row({ balance: -7_400, availableCredit: 92_600, outstanding: 12_345 })], total: 1, breadcrumb: [{ userId: 3, username: 'demoagent', level: 6 }] }),
    });
    window.history.replaceState(null, '', '/account/manage');
    render(<App />);
    const table = await screen.findByTestId('account-table');
    await waitFor(() => expect(screen.getByTestId('account-outstanding-4').textContent).toBe('123.45'));
    const headers = [...table.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Balance', 'Available Credit', 'Outstanding']));
    const cells = [...table.querySelectorAll('tr[data-row-key="4"] td')].map((td) => td.textContent);
    expect(cells).toEqual(expect.arrayContaining(['-74.00', '926.00', '123.45']));
  });

  it('flagging shows the downline warning first; cancelling sends nothing', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(agent()),
      '/api/Account/GetUserListing': () => ok({ items: [row()], total: 1, breadcrumb: [{ userId: 3, username: 'demoagent', level: 6 }] }),
      '/api/Account/GetUserDetailsById': () => ok(agentDetail({ userId: 4, username: 'demoplayer', level: 7, userRoleId: 5 })),
      '/api/Account/CreateOrUpdateUser': () => ok(agentDetail({ userId: 4, status: 'Suspended' })),
    });
    window.history.replaceState(null, '', '/account/manage');
    render(<App />);
    fireEvent.click(await screen.findByTestId('account-flag-4'));
    fireEvent.click(await screen.findByTestId('account-flag-4-Suspended'));
    expect((await screen.findByTestId('alert-message')).textContent).toBe('All downline accounts of this account will be flagged too. Continue?');
    fireEvent.click(screen.getByTestId('alert-cancel'));
    expect(calls.some((c) => c.path === '/api/Account/CreateOrUpdateUser')).toBe(false);

    fireEvent.click(screen.getByTestId('account-flag-4'));
    fireEvent.click(await screen.findByTestId('account-flag-4-Suspended'));
    await screen.findByTestId('alert-message');
    await act(async () => {
      fireEvent.click(screen.getByTestId('alert-ok'));
    });
    await waitFor(() => expect(bodyOf('/api/Account/CreateOrUpdateUser')).toHaveLength(1));
    expect(bodyOf('/api/Account/CreateOrUpdateUser')[0]).toMatchObject({ userId: 4, status: 'Suspended', fullName: 'Demo Agent' });
  });
});

describe('/account/detail', () => {
  it('an account outside the subtree shows no data and no alert', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(agent()),
      '/api/Account/GetUserDetailsById': () => fail(404, 'NO_RECORD_FOUND'),
    });
    window.history.replaceState(null, '', '/account/detail?userId=2');
    render(<App />);
    expect((await screen.findByTestId('account-detail-error')).textContent).toContain('No record found!');
    expect(screen.queryByTestId('account-form')).toBeNull();
    expect(screen.queryByTestId('alert-message')).toBeNull();
    expect(calls.some((c) => c.path === '/api/Account/GetUserDetailInit')).toBe(false);
  });

  const init = {
    upline: { userId: 3, username: 'demoagent', level: 6, userRoleId: 4, discount: 26.5, positionTaking: 28, maxCreditLimit: 4_900_000 },
    levels: [{ id: 7, name: 'Player' }],
    canCreateHouse: true,
    maxDiscount: 30,
    // The server's bounds decide, not the upline's raw figures above.
    bounds: { discount: { min: 0, max: 26.5 }, positionTaking: { min: 0, max: 28 } },
    packageChoices: [
      { packageType: 0, inherited: { packageId: 1, name: 'Standard', seedKey: 'standard' }, packages: [{ packageId: 21, name: 'Agent normal' }, { packageId: 22, name: 'Agent low' }] },
      { packageType: 2, inherited: { packageId: 2, name: 'GD Standard' }, packages: [] },
      { packageType: 3, inherited: null, packages: [] },
    ],
    currencies: ['MYR', 'SGD'],
    suggestedUsername: 'AG001',
  };

  it('creates with the upline bounds, the suggested username, and no call on a password mismatch', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(agent()),
      '/api/Account/GetUserDetailInit': () => ok(init),
      '/api/Account/CreateOrUpdateUser': () => fail(400, 'VALIDATION_FAILED', { phone: 'pattern', discount: 'max' }),
    });
    window.history.replaceState(null, '', '/account/detail');
    render(<App />);
    const form = await screen.findByTestId('account-form');
    await waitFor(() => expect((screen.getByTestId('account-field-username') as HTMLInputElement).value).toBe('AG001'));
    expect(form.textContent).toContain('max 26.50%');
    expect(form.textContent).toContain('max 28.00%');
    expect(form.textContent).toContain('max 49,000.00');
    // The clamp holds the credit limit within what the upline can grant.
    fireEvent.change(screen.getByTestId('account-field-creditLimit'), { target: { value: '99999' } });
    expect((screen.getByTestId('account-field-creditLimit') as HTMLInputElement).value).toBe('49000');

    // Packages per type: the creator's own to choose from, else what the new account inherits.
    expect(screen.getByTestId('account-section-package').textContent).toContain('Yours: Standard');
    expect(screen.getByTestId('account-section-package').textContent).toContain('You have no package of this type to give');
    const normal = screen.getByTestId('account-field-package-0');
    fireEvent.mouseDown(normal.querySelector('.ant-select-content, .ant-select-selector') ?? normal);
    fireEvent.click(await screen.findByTitle('Agent low'));

    fireEvent.change(screen.getByTestId('account-field-fullName'), { target: { value: 'New Player' } });
    fireEvent.change(screen.getByTestId('account-field-password'), { target: { value: 'Password-1' } });
    fireEvent.change(screen.getByTestId('account-field-confirmPassword'), { target: { value: 'Password-2' } });
    fireEvent.click(screen.getByTestId('account-save'));
    expect((await screen.findByTestId('alert-message')).textContent).toBe('Confirm password and password do not match.');
    expect(calls.some((c) => c.path === '/api/Account/CreateOrUpdateUser')).toBe(false);
    fireEvent.click(screen.getByTestId('alert-ok'));

    // The server's per-field refusals are shown on their fields.
    fireEvent.change(screen.getByTestId('account-field-confirmPassword'), { target: { value: 'Password-1' } });
    fireEvent.click(screen.getByTestId('account-save'));
    await waitFor(() => expect(bodyOf('/api/Account/CreateOrUpdateUser')).toHaveLength(1));
    expect(bodyOf('/api/Account/CreateOrUpdateUser')[0]).toMatchObject({ username: 'AG001', level: 7, creditLimit: 4_900_000, password: 'Password-1', packages: [{ packageType: 0, packageId: 22 }] });
    await waitFor(() => expect(form.textContent).toContain('Input value has exceeded the maximum amount.'));
    expect(form.textContent).toContain('Input value is invalid in format.');
  });

  it('edits with the credit limit read-only and flags only after the downline warning', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(agent()),
      '/api/Account/GetUserDetailsById': () => ok(agentDetail({ userId: 4, username: 'demoplayer', uplineId: 3, uplineUsername: 'demoagent', level: 7, userRoleId: 5, discount: 22 })),
      '/api/Account/GetUserDetailInit': () => ok({ ...init, bounds: { discount: { min: 20, max: 26.5 }, positionTaking: { min: 0, max: 28 } }, packageChoices: [] }),
      '/api/Account/CreateOrUpdateUser': () => ok(agentDetail({ userId: 4, uplineId: 3 })),
      '/api/Account/GetUserListing': () => ok({ items: [], total: 0, breadcrumb: [] }),
    });
    window.history.replaceState(null, '', '/account/detail?userId=4');
    render(<App />);
    await screen.findByTestId('account-form');
    await waitFor(() => expect((screen.getByTestId('account-field-username') as HTMLInputElement).value).toBe('demoplayer'));
    expect((screen.getByTestId('account-field-creditLimit') as HTMLInputElement).disabled).toBe(true);
    // The credit summary shows the subtree's outstanding beside balance and available credit.
    expect(screen.getByTestId('account-outstanding').textContent).toBe('250.00');
    const initQuery = new URL(calls.find((c) => c.path === '/api/Account/GetUserDetailInit')!.url).searchParams;
    expect(initQuery.get('uplineId')).toBe('3');
    // Editing asks for the bounds of this account: the minimum is what it already gave its own downline.
    expect(initQuery.get('userId')).toBe('4');
    await waitFor(() => expect(screen.getByTestId('account-hint-discount').textContent).toBe('min 20.00%, max 26.50%'));
    expect(screen.queryByTestId('account-field-package-0')).toBeNull();

    const status = screen.getByTestId('account-field-status');
    fireEvent.mouseDown(status.querySelector('.ant-select-content, .ant-select-selector') ?? status);
    fireEvent.click(await screen.findByTitle('Inactive'));
    fireEvent.click(screen.getByTestId('account-save'));
    expect((await screen.findByTestId('alert-message')).textContent).toContain('All downline accounts of this account will be flagged too.');
    expect(calls.some((c) => c.path === '/api/Account/CreateOrUpdateUser')).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByTestId('alert-ok'));
    });
    await waitFor(() => expect(bodyOf('/api/Account/CreateOrUpdateUser')).toHaveLength(1));
    const body = bodyOf('/api/Account/CreateOrUpdateUser')[0];
    expect(body).toMatchObject({ userId: 4, status: 'Inactive', maxFightLimit: 123_456 });
    expect(body).not.toHaveProperty('creditLimit');
  });
});

describe('/payment', () => {
  it('transfers once per submission and retries an uncertain failure with the same key', async () => {
    let attempt = 0;
    serve({
      '/api/Account/IsLoggedIn': () => ok(agent()),
      '/api/Account/GetDirectDownlines': () => ok([{ userId: 4, username: 'demoplayer', fullName: 'Demo Player', level: 7, status: 'Active' }]),
      '/api/Account/GetUserDetailsById': () => ok(agentDetail({ userId: 4, username: 'demoplayer', level: 7, creditLimit: 100000, balance: 0, availableCredit: 100000 })),
      '/api/Payment/GetPaymentType': () => ok([{ id: 1, name: 'Transfer Credit' }, { id: 2, name: 'Receive Credit' }]),
      '/api/Payment/GetPaymentHistory': () => ok({ items: [], total: 0 }),
      '/api/Payment/MakePayment': () => {
        attempt++;
        if (attempt === 1) return fail(503, 'INTERNAL_SERVER_ERROR');
        return ok({ id: 1, type: 1, amount: 1250, targetUserId: 4, targetUsername: 'demoplayer', initiateUserId: 3, initiateUsername: 'demoagent', initialAmount: 0, finalAmount: 1250, remark: null, at: '2026-01-01T00:00:00Z', transactionId: 9 });
      },
    });
    window.history.replaceState(null, '', '/payment?userId=4');
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('payment-balance').textContent).toBe('0.00'));
    fireEvent.change(screen.getByTestId('payment-amount'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByTestId('payment-submit'));
    expect((await screen.findByTestId('alert-message')).textContent).toContain('applied only once');
    fireEvent.click(screen.getByTestId('alert-ok'));
    fireEvent.click(screen.getByTestId('payment-submit'));
    expect(within(await screen.findByTestId('payment-result')).getByText(/12\.50/)).toBeTruthy();
    const bodies = bodyOf('/api/Payment/MakePayment');
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ targetUserId: 4, type: 1, amount: 1250 });
    expect(bodies[1].idempotencyKey).toBe(bodies[0].idempotencyKey);

    // The next payment is a new action with a new key.
    fireEvent.change(screen.getByTestId('payment-amount'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByTestId('payment-submit'));
    await waitFor(() => expect(bodyOf('/api/Payment/MakePayment')).toHaveLength(3));
    expect(bodyOf('/api/Payment/MakePayment')[2].idempotencyKey).not.toBe(bodies[0].idempotencyKey);
  });
});
