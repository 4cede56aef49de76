import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PackageDetail } from '@app/contract';
import { App } from '../src/app/App';
import { i18n } from '../src/i18n';
import { fail, makeUser, ok, stubServer } from './fixtures';

// The admin and risk screens against a stubbed server: what they send (cents) and where refusals land.

const { calls, serve, bodyOf } = stubServer();

const FULL = 'Downline:1,2,3,4;Fight Limit:1,2,3,4;Red Number:1,2,3,4;Package List:1,2,3,4';
const company = () => makeUser({ userId: 2, username: 'democo', fullName: 'Demo Company', userRoleId: 3, accessString: FULL });

const pools = [1, 2, 8].map((poolId) => ({
  poolId,
  letter: ['', 'M', 'P', '', '', '', '', '', 'H'][poolId],
  code: 'x',
  name: `Pool ${poolId}`,
  active: true,
  cutoffHour: 18,
  cutoffMinute: 45,
  nextDraw: null,
}));

const detail = (over: Partial<PackageDetail> = {}): PackageDetail => ({
  packageId: 5,
  packageType: 0,
  name: 'Co Standard',
  description: '',
  seedKey: null,
  groupName: '',
  paoEnabled: false,
  paoRate: 0,
  fakePao: false,
  fakePaoRate: 0,
  iboxRounding: 'exact',
  ownerUserId: 2,
  ownerUsername: 'democo',
  isSystem: false,
  isDefault: false,
  isRedPackage: false,
  recordStatus: 1,
  relation: 'own',
  assignedUsers: [{ userId: 3, username: 'demoagent' }],
  updatedAt: null,
  updatedBy: null,
  canEdit: true,
  rates: [
    {
      code: 'B',
      poolId: null,
      enabled: true,
      commissionPct: 26,
      payouts: { first: 250000, second: 100000 },
      base: { commissionPct: 26, payouts: { first: 250000, second: 100000 } },
      margin: { commissionPct: 0, payouts: { first: 0, second: 0 } },
    },
  ],
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

describe('/package/detail', () => {
  it('sends payouts in cents, shows the server bound on its grid cell (also a pool override without a row), and tracks the change', async () => {
    let saves = 0;
    serve({
      '/api/Account/IsLoggedIn': () => ok(company()),
      '/api/Configuration/GetPackageDetailById': () => ok(detail()),
      '/api/Configuration/CreateOrUpdatePackage': () =>
        ++saves === 1
          ? fail(400, 'PACKAGE_RATE_EXCEEDS_BASE', { 'rates.B.payouts.first': 'max', 'rates.B@4.payouts.second': 'max', name: 'maxLength' })
          : ok(detail()),
    });
    window.history.replaceState(null, '', '/package/detail?id=5');
    render(<App />);
    const first = await screen.findByTestId('rate-B-first');
    expect((first as HTMLInputElement).value).toBe('2500');
    expect(screen.getByTestId('rate-B-first-cell').textContent).toContain('base 2,500.00');
    fireEvent.change(first, { target: { value: '2600.1' } });
    expect(screen.getByTestId('rate-B-first-cell').textContent).toContain('margin -100.10');
    fireEvent.click(screen.getByTestId('package-save'));

    expect((await screen.findByTestId('alert-message')).textContent).toBe('A rate exceeds what this account itself receives from its upline.');
    expect(bodyOf('/api/Configuration/CreateOrUpdatePackage')[0]).toMatchObject({
      packageId: 5,
      packageType: 0,
      name: 'Co Standard',
      recordStatus: 1,
      rates: [{ code: 'B', poolId: null, enabled: true, commissionPct: 26, payouts: { first: 260010, second: 100000 } }],
    });
    fireEvent.click(screen.getByTestId('alert-ok'));
    expect(screen.getByTestId('rate-B-first-cell').textContent).toContain('Above your own rate.');
    // Singapore's override (no row of its own) lands on the general B rate.
    expect(screen.getByTestId('rate-B-second-cell').textContent).toContain('Above your own rate.');
    await waitFor(() => expect(screen.getByTestId('package-form').textContent).toContain('This field maximum length exceeded.'));
    expect(localStorage.getItem('changedPackage')).toBeNull();

    fireEvent.change(screen.getByTestId('rate-B-first'), { target: { value: '2400' } });
    expect(screen.getByTestId('rate-B-first-cell').textContent).not.toContain('Above your own rate.');
    fireEvent.change(screen.getByTestId('package-field-name'), { target: { value: 'Co Standard' } });
    fireEvent.click(screen.getByTestId('package-save'));
    await waitFor(() => expect(saves).toBe(2));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('changedPackage')!)).toEqual([{ id: 5, targetUserId: 3 }]));
    expect(localStorage.getItem('requiredRefresh')).toBe('true');
    expect(bodyOf('/api/Configuration/CreateOrUpdatePackage')[1].rates[0].payouts).toEqual({ first: 240000, second: 100000 });
  });

  it('red package settings: a new red package is saved, then marked with FixIsRedPackage', async () => {
    let red: PackageDetail | null = null;
    serve({
      '/api/Account/IsLoggedIn': () => ok(company()),
      '/api/Configuration/GetPackageDetail': (url) => ok(url.searchParams.get('isRedPackage') === 'true' ? red : detail({ packageId: 1, name: 'Standard', ownerUserId: null, relation: 'default', canEdit: false })),
      '/api/Configuration/GetPackages': () => ok([]),
      '/api/Configuration/CreateOrUpdatePackage': () => ok(detail({ packageId: 9, name: 'Red package', assignedUsers: [] })),
      '/api/Account/FixIsRedPackage': () => {
        red = detail({ packageId: 9, name: 'Red package', isRedPackage: true, assignedUsers: [] });
        return ok(red);
      },
    });
    window.history.replaceState(null, '', '/package/detail?userId=2&isRedPackage=true');
    render(<App />);
    fireEvent.click(await screen.findByTestId('red-package-create'));
    await waitFor(() => expect((screen.getByTestId('package-field-name') as HTMLInputElement).value).toBe('Red package'));
    fireEvent.click(screen.getByTestId('package-save'));
    await waitFor(() => expect(bodyOf('/api/Account/FixIsRedPackage')).toEqual([{ packageId: 9, isRedPackage: true }]));
    expect(bodyOf('/api/Configuration/CreateOrUpdatePackage')[0]).toMatchObject({ name: 'Red package', packageType: 0 });
    expect(await screen.findByTestId('red-package-unmark')).toBeTruthy();
  });
});

describe('/manage-fight-limit', () => {
  const data = { userId: 2, username: 'democo', eatType: 'percentage', limitMethod: 1, eatSequence: '*/**', positionTaking: 0, maxFightLimit: 100000, limits: [{ poolId: 1, betCode: 'B', amount: 50050 }], betCodes: ['B', 'S'] };

  it('opened as the popup it has no shell; sends cents and shows the bound on the cell', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(company()),
      '/api/Account/GetFightLimitRelatedData': () => ok(data),
      '/api/Pools/GetPoolsSelection': () => ok(pools),
      '/api/Account/UpdateUserEatLimit': () => fail(400, 'VALIDATION_FAILED', { 'limits.1.amount': 'max' }),
    });
    window.history.replaceState(null, '', '/manage-fight-limit?userId=2&userName=democo&popup=1');
    render(<App />);
    const cell = await screen.findByTestId('fight-limit-1-B');
    await waitFor(() => expect((cell as HTMLInputElement).value).toBe('500.5'));
    expect(screen.queryByTestId('header')).toBeNull();
    expect(screen.queryByTestId('menu')).toBeNull();
    expect(screen.getByTestId('fight-limit-max').textContent).toBe('1,000.00');
    // Percentage: the grid is read-only until the eat type is Amount.
    expect((cell as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('fight-eatType-amount'));
    await waitFor(() => expect((cell as HTMLInputElement).disabled).toBe(false));

    // Above maxFightLimit: refused before any call.
    fireEvent.change(screen.getByTestId('fight-limit-2-S'), { target: { value: '1000.01' } });
    fireEvent.click(screen.getByTestId('fight-limit-save'));
    expect((await screen.findByTestId('alert-message')).textContent).toBe('A limit exceeds the maximum fight limit of 1,000.00.');
    expect(calls.some((c) => c.path === '/api/Account/UpdateUserEatLimit')).toBe(false);
    fireEvent.click(screen.getByTestId('alert-ok'));

    fireEvent.change(screen.getByTestId('fight-limit-2-S'), { target: { value: '0.29' } });
    fireEvent.click(screen.getByTestId('fight-limit-save'));
    await waitFor(() => expect(bodyOf('/api/Account/UpdateUserEatLimit')).toHaveLength(1));
    expect(bodyOf('/api/Account/UpdateUserEatLimit')[0]).toEqual({
      userId: 2,
      eatType: 'amount',
      limitMethod: 1,
      eatSequence: '*/**',
      limits: [
        { poolId: 1, betCode: 'B', amount: 50050 },
        { poolId: 2, betCode: 'S', amount: 29 },
      ],
    });
    fireEvent.click(await screen.findByTestId('alert-ok'));
    // limits.1 is the second row sent: pool 2, S.
    const cellBox = screen.getByTestId('fight-limit-2-S').closest('td')!;
    expect(within(cellBox).getByText('Input value has exceeded the maximum amount.')).toBeTruthy();
  });

  it('with the shell from the app', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(company()),
      '/api/Account/GetFightLimitRelatedData': () => ok(data),
      '/api/Account/GetDirectDownlines': () => ok([{ userId: 3, username: 'demoagent', fullName: 'Demo Agent', level: 6, status: 'Active' }]),
      '/api/Pools/GetPoolsSelection': () => ok(pools),
    });
    window.history.replaceState(null, '', '/manage-fight-limit');
    render(<App />);
    await screen.findByTestId('fight-limit-1-B');
    expect(screen.getByTestId('header')).toBeTruthy();
    expect(screen.getByTestId('fight-limit-account').textContent).toContain('democo (myself)');
  });
});

describe('/admin-setting/rednumber', () => {
  const red = { id: 4, number: '1234', type: 5, groupKey: '1234', poolId: null, limitAmount: 5000, permutations: ['1234', '1243'], createdAt: '2026-11-22T00:00:00.000Z' };
  const types = [
    { id: 1, name: 'Normal', permutations: 1 },
    { id: 5, name: '24P', permutations: 24 },
  ];

  it('deletes only after the confirm; Unblock All asks first too', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(company()),
      '/api/Configuration/GetPermutationType': () => ok(types),
      '/api/Configuration/GetRedNumber': () => ok([red]),
      '/api/Pools/GetPoolsSelection': () => ok(pools),
      '/api/Configuration/DeleteRedNumber': () => ok(null, 'SAVED'),
      '/api/Configuration/GetNumberQueues': () => ok([]),
      '/api/Configuration/DeleteNumberQueue': () => ok({ unblocked: 0 }, 'SAVED'),
    });
    window.history.replaceState(null, '', '/admin-setting/rednumber');
    render(<App />);
    fireEvent.click(await screen.findByTestId('red-number-delete-4'));
    expect((await screen.findByTestId('alert-message')).textContent).toBe('Delete the red number 1234 (24P)?');
    fireEvent.click(screen.getByTestId('alert-cancel'));
    expect(calls.some((c) => c.path === '/api/Configuration/DeleteRedNumber')).toBe(false);
    fireEvent.click(screen.getByTestId('red-number-delete-4'));
    await screen.findByTestId('alert-message');
    await act(async () => {
      fireEvent.click(screen.getByTestId('alert-ok'));
    });
    await waitFor(() => expect(bodyOf('/api/Configuration/DeleteRedNumber')).toEqual([{ id: 4 }]));

    fireEvent.click(screen.getByTestId('red-number-tab-queue'));
    await screen.findByTestId('number-queue-empty');
    fireEvent.click(screen.getByTestId('number-queue-unblock-all'));
    expect((await screen.findByTestId('alert-message')).textContent).toBe('Unblock all numbers in the queue?');
    expect(calls.some((c) => c.path === '/api/Configuration/DeleteNumberQueue')).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByTestId('alert-ok'));
    });
    await waitFor(() => expect(bodyOf('/api/Configuration/DeleteNumberQueue')).toEqual([{ all: true }]));
  });
});
