import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CommParty, InvoiceRow, PostingEatDetail } from '@app/contract';
import { App } from '../src/app/App';
import { i18n } from '../src/i18n';
import { fail, type Handler, makeUser, ok, stubServer } from './fixtures';

// The posting screens of issue 13 against a stubbed server: the eat detail's query (company, remote, page,
// sort, file), resolving an invoice in doubt by hand, and the communication status read every 10 s.

const { calls, serve, bodyOf } = stubServer();

const queriesOf = (path: string) => calls.filter((c) => c.path === path).map((c) => Object.fromEntries(c.url.searchParams));
// The posting screens need Map Report as their calls do (decision 0032 "Who may post").
const admin = () => makeUser({ accessString: 'Map Report:1,2,3,4' });
const company = () => makeUser({ userId: 2, username: 'democo', fullName: 'Demo Company', userRoleId: 3, accessString: 'Payment Report:1,2,3,4;Map Report:1,2,3,4' });
const init = { today: '2026-11-25', drawDates: [], lastSettledDate: null, pools: [{ poolId: 1, code: 'M', name: 'Magnum' }], betCodes: ['B', 'S'], downlines: [2, 9].map((userId) => ({ userId, username: `co${userId}`, fullName: `Co ${userId}`, roleId: 3 })) };
const remotes = [{ id: 7, name: 'Remote A', priority: 1, postEnabled: true, capPerNumber: null }];
const eat: PostingEatDetail = {
  rows: [
    { drawDate: '2026-11-25', poolId: 1, remoteAgentId: 7, remoteName: 'Remote A', number: '1234', betCode: 'B', amount: 900, winnings: 540_000, link: -539_325 },
    { drawDate: '2026-11-25', poolId: 1, remoteAgentId: 7, remoteName: 'Remote A', number: '5678', betCode: 'B', amount: 300, winnings: null, link: null },
  ],
  total: 2,
  totals: { amount: 1_200, winnings: 540_000, link: -539_325 },
};

beforeEach(async () => {
  calls.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/posting/posting-agent-eat-detail', () => {
  const EAT = '/api/Report/GetPostingAgentEatDetails';

  it('the super admin reads a company (the first by default), by remote, sorted and paged by the server, with totals and the file of the same filter', async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(admin()),
      '/api/Report/InitReport': () => ok(init),
      '/api/Posting/GetRemoteAgents': () => ok(remotes),
      [EAT]: (url) => (url.searchParams.get('format') === 'csv' ? new Response('a,b\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }) : ok(eat)),
    });
    window.history.replaceState(null, '', '/posting/posting-agent-eat-detail?fromDate=2026-11-25&toDate=2026-11-25');
    render(<App />);
    const table = await screen.findByTestId('eat-detail-table');
    await waitFor(() => expect(within(table).getByText('5678')).toBeTruthy());
    expect(queriesOf(EAT)[0]).toMatchObject({ fromDate: '2026-11-25', toDate: '2026-11-25', companyId: '2', remoteAgentId: '-1', sortBy: 'drawDate', sortOrder: 'asc', page: '1', poolId: '-1', betCode: '-1' });
    // Settled: the remote's payout and the company's link (negative: the remote owes it); not yet: said so.
    expect(within(table).getAllByText('Not settled')).toHaveLength(2);
    expect(screen.getByTestId('eat-total-taken').textContent).toBe('12.00');
    expect(screen.getByTestId('eat-total-link').textContent).toBe('-5,393.25');

    // Sorting on "Taken" asks the server.
    fireEvent.click(within(table).getAllByRole('columnheader').find((h) => h.textContent === 'Taken')!);
    await waitFor(() => expect(queriesOf(EAT).at(-1)).toMatchObject({ sortBy: 'amount', sortOrder: 'asc', companyId: '2' }));

    // Another company; then one remote only: both stay in the address with the sort.
    fireEvent.mouseDown(within(screen.getByTestId('eat-company')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('co9'));
    await waitFor(() => expect(queriesOf(EAT).at(-1)).toMatchObject({ companyId: '9', sortBy: 'amount' }));
    fireEvent.mouseDown(within(screen.getByTestId('eat-remote')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Remote A'));
    await waitFor(() => expect(queriesOf(EAT).at(-1)).toMatchObject({ companyId: '9', remoteAgentId: '7', sortBy: 'amount', page: '1' }));
    expect(new URLSearchParams(window.location.search).get('remoteAgentId')).toBe('7');

    // The file holds the same filter.
    // happy-dom has no object URLs; the download itself is the browser's (e2e).
    const spies = [vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x'), vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})];
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByTestId('report-csv'));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(queriesOf(EAT).find((q) => q.format === 'csv')).toMatchObject({ companyId: '9', remoteAgentId: '7', sortBy: 'amount', lang: 'en', page: '1' });
    for (const spy of [...spies, clicked]) spy.mockRestore();
  });

  it('a company reads its own book: no company is sent or offered; totals of nothing settled say so', async () => {
    const unsettled = { rows: [{ ...eat.rows[1], number: '1234' }], total: 1, totals: { amount: 300, winnings: 0, link: 0 } };
    serve({
      '/api/Account/IsLoggedIn': () => ok(company()),
      '/api/Report/InitReport': () => ok({ ...init, downlines: [] }),
      '/api/Posting/GetRemoteAgents': () => ok(remotes),
      [EAT]: () => ok(unsettled),
    });
    window.history.replaceState(null, '', '/posting/posting-agent-eat-detail?fromDate=2026-11-25&toDate=2026-11-25');
    render(<App />);
    await screen.findByText('1234');
    expect(queriesOf(EAT)[0].companyId).toBeUndefined();
    expect(screen.queryByTestId('eat-company')).toBeNull();
    expect(screen.getByTestId('eat-total-link').textContent).toBe('Not settled');
    expect(screen.getByTestId('eat-total-taken').textContent).toBe('3.00');
  });
});

describe('/posting/InvoiceList: an invoice in doubt resolved by hand', () => {
  const invoice = (over: Partial<InvoiceRow>): InvoiceRow => ({
    invoiceId: 31,
    companyId: 2,
    batchId: 4,
    remoteAgentId: 7,
    remoteName: 'Remote A',
    drawId: 11,
    poolId: 1,
    drawDate: '2026-11-25',
    status: 'in-doubt',
    manual: false,
    total: 900,
    remoteTicketNo: null,
    message: 'timeout',
    attempts: 2,
    createdAt: '2026-11-25T10:00:00Z',
    payoutRemote: null,
    payoutExpected: null,
    flagged: false,
    ...over,
  });
  const table = (user: ReturnType<typeof makeUser>, resolve: Handler) =>
    serve({
      '/api/Account/IsLoggedIn': () => ok(user),
      '/api/Report/InitReport': () => ok(init),
      '/api/Pools/GetPoolScheduleByDay': () => ok([]),
      '/api/Posting/GetPostingPayments': () => ok({ rows: [], settling: false }),
      '/api/Posting/GetRemoteInvoiceList': () => ok({ rows: [invoice({}), invoice({ invoiceId: 32, status: 'accepted', remoteTicketNo: 'T1' })], total: 2 }),
      '/api/Posting/ResolveInvoice': resolve,
    });

  it('the super admin says what the remote holds, after a confirm; a refusal is shown translated', async () => {
    let answers = 0;
    table(admin(), () => (++answers === 1 ? fail(422, 'POSTING_DRAW_SETTLED') : ok(invoice({ status: 'refused' }))));
    window.history.replaceState(null, '', '/posting/InvoiceList?drawDate=2026-11-25&userId=2');
    render(<App />);
    fireEvent.click(await screen.findByTestId('invoice-resolve-31'));
    // Only the invoice in doubt can be resolved.
    expect(screen.queryByTestId('invoice-resolve-32')).toBeNull();

    // Accepted needs the remote's ticket number: nothing is sent without it.
    fireEvent.click(screen.getByTestId('resolve-save'));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('resolve-ticket'), { target: { value: ' T777 ' } });
    fireEvent.click(screen.getByTestId('resolve-save'));
    expect((await screen.findByTestId('alert-message')).textContent).toBe('Mark invoice 31 as accepted by Remote A with ticket T777? Its 9.00 counts as laid off.');
    expect(bodyOf('/api/Posting/ResolveInvoice')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('alert-ok'));
    await waitFor(() => expect(bodyOf('/api/Posting/ResolveInvoice')).toEqual([{ invoiceId: 31, accepted: true, remoteTicketNo: 'T777' }]));
    await waitFor(() => expect(screen.getByTestId('alert-message').textContent).toBe('This draw has been settled: its lay-offs can no longer be changed.'));
    fireEvent.click(screen.getByTestId('alert-ok'));

    // Not accepted: no ticket number; the list is read again.
    const reads = calls.filter((c) => c.path === '/api/Posting/GetRemoteInvoiceList').length;
    fireEvent.click(screen.getByTestId('resolve-refused'));
    await waitFor(() => expect(screen.queryByTestId('resolve-ticket')).toBeNull());
    fireEvent.click(screen.getByTestId('resolve-save'));
    expect((await screen.findByTestId('alert-message')).textContent).toBe('Mark invoice 31 as not accepted by Remote A? Its 9.00 returns to undistributed.');
    fireEvent.click(screen.getByTestId('alert-ok'));
    await waitFor(() => expect(bodyOf('/api/Posting/ResolveInvoice')[1]).toEqual({ invoiceId: 31, accepted: false }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/Posting/GetRemoteInvoiceList').length).toBeGreaterThan(reads));
    await waitFor(() => expect(screen.queryByTestId('resolve-save')).toBeNull());
  });

  it('a company sees its invoices in doubt but cannot resolve them (the super admin\'s only)', async () => {
    table(company(), () => fail(403, 'PERMISSION_DENIED'));
    window.history.replaceState(null, '', '/posting/InvoiceList?drawDate=2026-11-25');
    render(<App />);
    expect((await screen.findByTestId('invoice-status-31')).textContent).toBe('In doubt');
    expect(screen.queryByTestId('invoice-resolve-31')).toBeNull();
  });
});

describe('communication status', () => {
  const parties: CommParty[] = [
    { kind: 'remote-agent', id: 7, name: 'Remote A', postEnabled: true, deleted: false, lastAnsweredAt: '2026-11-25T10:00:00Z', lastError: null, waiting: 0, waitingAmount: 0, queuedAmount: 12_300, queuedDraws: 2 },
    { kind: 'remote-agent', id: 8, name: 'Remote B', postEnabled: false, deleted: false, lastAnsweredAt: null, lastError: 'INSUFFICIENT_CREDIT', waiting: 2, waitingAmount: 1_500, queuedAmount: 0, queuedDraws: 0 },
    { kind: 'remote-agent', id: 9, name: 'Remote C', postEnabled: true, deleted: true, lastAnsweredAt: null, lastError: null, waiting: 1, waitingAmount: 900, queuedAmount: 0, queuedDraws: 0 },
    { kind: 'result-site', id: 1, name: 'check4d', lastAnsweredAt: null, lastError: null, waiting: 3 },
    { kind: 'seamless-callback', id: 40, name: 'apiclient', lastAnsweredAt: null, lastError: 'HTTP 500', waiting: 1 },
    { kind: 'sms-gateway', id: 1, name: 'sms.example', lastAnsweredAt: null, lastError: null, waiting: 4 },
  ];

  it('on the remote bet agents page: every party, its state, its last error translated and what waits; read again every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({
      '/api/Account/IsLoggedIn': () => ok(admin()),
      '/api/Configuration/GetRemoteBetAgents': () => ok([]),
      '/api/Configuration/GetCommStatus': () => ok(parties),
    });
    window.history.replaceState(null, '', '/admin-setting/remote-bet-agent');
    render(<App />);
    const card = await screen.findByTestId('comm-status');
    await waitFor(() => expect(within(card).getByText('Remote B')).toBeTruthy());
    expect(screen.getByTestId('comm-state-remote-agent-7').textContent).toBe('Answering');
    expect(screen.getByTestId('comm-state-remote-agent-8').textContent).toBe('Error');
    expect(screen.getByTestId('comm-state-result-site-1').textContent).toBe('Not called yet');
    expect(within(card).getByText('Insufficient credit.')).toBeTruthy();
    expect(within(card).getByText('Posting off')).toBeTruthy();
    // A deleted remote stays while a lot in doubt waits for it (to be resolved by hand).
    expect(within(card).getByText('Deleted')).toBeTruthy();
    expect(screen.getByTestId('comm-waiting-remote-agent-9').textContent).toBe('1 placements in doubt (9.00)');
    expect(screen.getByTestId('comm-waiting-remote-agent-7').textContent).toBe('Nothing');
    expect(screen.getByTestId('comm-queued-7').textContent).toBe('Next distribution offers it 123.00 (2 draws)');
    expect(screen.queryByTestId('comm-queued-8')).toBeNull();
    expect(screen.getByTestId('comm-waiting-remote-agent-8').textContent).toBe('2 placements in doubt (15.00)');
    expect(screen.getByTestId('comm-waiting-result-site-1').textContent).toBe('3 closed draws without a released result');
    expect(screen.getByTestId('comm-waiting-seamless-callback-40').textContent).toBe('1 results not acknowledged');
    expect(screen.getByTestId('comm-waiting-sms-gateway-1').textContent).toBe('4 messages in the outbox');
    const reads = () => calls.filter((c) => c.path === '/api/Configuration/GetCommStatus').length;
    const first = reads();
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(reads()).toBe(first);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(reads()).toBe(first + 1));
  });
});

describe('remote agents and batches: what automatic posting added', () => {
  const remote = {
    id: 7,
    name: 'Remote A',
    baseUrl: 'http://remote.example',
    clientOpcode: 'op',
    hasSecret: true,
    codeOrder: 'B',
    priority: 1,
    postEnabled: true,
    capPerNumber: null,
    timeoutMs: 10_000,
    cutoffMinutes: 10,
    rates: [{ betCode: 'B' as const, commissionBp: 2500, first: 250000, second: 100000, third: 50000, starter: 18000, consolation: 6000 }],
    lastAnsweredAt: null,
    lastError: null,
  };

  it("the remote's own cutoff is shown and sent in minutes; emptied, it is sent as not known", async () => {
    serve({
      '/api/Account/IsLoggedIn': () => ok(admin()),
      '/api/Configuration/GetRemoteBetAgents': () => ok([remote, { ...remote, id: 8, name: 'Remote B', cutoffMinutes: null }]),
      '/api/Configuration/GetCommStatus': () => ok([]),
      '/api/Configuration/ManageRemoteBetAgent': () => ok(remote, 'SAVED'),
    });
    window.history.replaceState(null, '', '/admin-setting/remote-bet-agent');
    render(<App />);
    expect((await screen.findByTestId('remote-cutoff-7')).textContent).toBe('10 min after ours');
    expect(screen.getByTestId('remote-cutoff-8').textContent).toBe('Not known');
    fireEvent.click(within(screen.getByTestId('remote-agents-table')).getAllByText('Edit')[0]);
    const minutes = (await screen.findByTestId('remote-cutoff-minutes')) as HTMLInputElement;
    await waitFor(() => expect(minutes.value).toBe('10'));
    fireEvent.change(minutes, { target: { value: '25' } });
    fireEvent.click(screen.getByText('OK'));
    await waitFor(() => expect(bodyOf('/api/Configuration/ManageRemoteBetAgent')).toHaveLength(1));
    expect(bodyOf('/api/Configuration/ManageRemoteBetAgent')[0]).toMatchObject({ id: 7, cutoffMinutes: 25 });
    // The secret left empty is kept (not sent).
    expect(bodyOf('/api/Configuration/ManageRemoteBetAgent')[0]).not.toHaveProperty('clientSecret');

    fireEvent.click(within(screen.getByTestId('remote-agents-table')).getAllByText('Edit')[0]);
    const again = (await screen.findByTestId('remote-cutoff-minutes')) as HTMLInputElement;
    await waitFor(() => expect(again.value).toBe('10'));
    fireEvent.change(again, { target: { value: '' } });
    fireEvent.click(screen.getByText('OK'));
    await waitFor(() => expect(bodyOf('/api/Configuration/ManageRemoteBetAgent')).toHaveLength(2));
    expect(bodyOf('/api/Configuration/ManageRemoteBetAgent')[1]).toMatchObject({ id: 7, cutoffMinutes: null });
  });

  it('a batch the automatic posting made is marked so on the distribution summary', async () => {
    const batch = (batchId: number, auto: boolean) => ({ batchId, companyId: 2, drawId: 11, poolId: 1, drawDate: '2026-11-25', postedAt: '2026-11-25T10:00:00Z', auto, amount: 900, distributed: 0, inDoubt: 0, undistributed: 900, invoices: 0 });
    serve({
      '/api/Account/IsLoggedIn': () => ok(company()),
      '/api/Pools/GetPoolScheduleByDay': () => ok([]),
      '/api/Posting/GetDistributionSummary': () => ok({ rows: [batch(4, true), batch(5, false)] }),
    });
    window.history.replaceState(null, '', '/posting/Distribution?drawDate=2026-11-25');
    render(<App />);
    expect((await screen.findByTestId('batch-auto-4')).textContent).toBe('Automatic');
    expect(screen.queryByTestId('batch-auto-5')).toBeNull();
  });
});
