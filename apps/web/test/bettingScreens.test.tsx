import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from '../src/app/App';
import { i18n } from '../src/i18n';
import { agentDetail, fail, type Handler, makeUser, ok, stubServer } from './fixtures';

// The betting screens and the ticket history against a stubbed server: the calls they make and what they show.

const { calls, serve, bodyOf } = stubServer();

const PLAYER_ACCESS = 'Bet:1,2,3,4;Bet History:1,2,3,4;Payment Report:1,2,3,4';
const player = () => makeUser({ userId: 4, username: 'demoplayer', fullName: 'Demo Player', userRoleId: 5, accessString: PLAYER_ACCESS });
const draw = (poolId: number, letter: string, drawDate = '2026-11-22', open = true) => ({
  drawId: poolId * 100,
  poolId,
  letter,
  poolName: letter,
  drawDate,
  isSpecial: false,
  recordStatus: 1,
  cutoffAt: `${drawDate}T10:45:00.000Z`,
  open,
});
const LETTERS = ['M', 'P', 'T', 'S', 'B', 'K', 'W', 'H'];
const base: Record<string, Handler> = {
  '/api/Account/IsLoggedIn': () => ok(player()),
  '/api/Account/GetBettingAgents': () => ok([{ userId: 4, username: 'demoplayer', fullName: 'Demo Player', userRoleId: 5 }]),
  '/api/Account/GetUserDetailsById': () =>
    ok(agentDetail({ userId: 4, username: 'demoplayer', userRoleId: 5, level: 7, creditLimit: 100000, balance: 0, availableCredit: 100000, eatSequence: '*/**' })),
  '/api/Pools/GetPoolsSelection': () =>
    ok(LETTERS.map((letter, i) => ({ poolId: i + 1, letter, code: letter, name: `Pool ${letter}`, active: i !== 6, cutoffHour: 18, cutoffMinute: 45, nextDraw: draw(i + 1, letter), digit: String(i + 1), packageType: i === 7 ? 2 : 0, resultForm: i === 2 ? '4D+5D+6D' : i === 7 ? '4D+6D' : '4D', drawDays: [0, 3, 6] }))),
  '/api/Pools/GetDrawClock': () =>
    ok({
      serverTime: '2026-11-22T03:00:00.000Z',
      businessDate: '2026-11-22',
      timeZone: 'Asia/Kuala_Lumpur',
      pools: LETTERS.map((letter, i) => ({
        poolId: i + 1,
        letter,
        name: `Pool ${letter}`,
        active: i !== 6,
        draws: ['2026-11-22', '2026-11-25'].map((d) => ({ ...draw(i + 1, letter, d), cutoffHour: 18, cutoffMinute: 45, ownCutoff: false, msLeft: 0 })),
      })),
    }),
  '/api/Pools/GetPoolScheduleByDay': (url) => {
    const from = url.searchParams.get('date') ?? '2026-11-22';
    const days = Number(url.searchParams.get('days') ?? 1);
    return ok(
      Array.from({ length: days }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10)).flatMap((date) => {
        // Sunday 22nd and Wednesday 25th: pools 1-3 and GD; other days GD only.
        const pools = date === '2026-11-22' || date === '2026-11-25' ? [1, 2, 3, 8] : [8];
        return pools.map((p) => draw(p, LETTERS[p - 1], date));
      }),
    );
  },
};
const placed = (over: Record<string, unknown> = {}) => ({
  ticketId: 7,
  ticketNo: 'T0000000007',
  xid: '6f1c2f0e-3b0a-4b7e-9d59-0d1c0c7f6a11',
  orderedAt: '2026-11-22T03:00:00.000Z',
  gross: 3400,
  commission: 884,
  net: 2516,
  lines: 34,
  unposted: 3400,
  receipt: 'T0000000007\n22/11 M\n*1234 B1\nR123 B1\nGT=34.00 NT=25.16',
  availableCredit: 97484,
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

async function openExpress() {
  window.history.replaceState(null, '', '/order/express-betting');
  render(<App />);
  await waitFor(() => expect(screen.getByTestId('bet-business-date').textContent).toBe('2026-11-22'));
  await waitFor(() => expect(screen.getByTestId('bet-available-credit').textContent).toContain('1,000.00'));
}

describe('/order/express-betting', () => {
  it('previews the text, places it once and shows the receipt and the new credit', async () => {
    let attempt = 0;
    serve({
      ...base,
      '/api/Bet/PlaceExpressOrder': () => {
        attempt++;
        return attempt === 1 ? fail(502, 'INTERNAL_SERVER_ERROR') : ok(placed(), 'SAVED');
      },
    });
    await openExpress();
    expect(screen.queryByTestId('bet-owner')).toBeNull();
    fireEvent.change(screen.getByTestId('express-text'), { target: { value: 'D\n#1\n*1234#1\nR123#1' } });
    await waitFor(() => expect(screen.getByTestId('express-total-gross').textContent).toBe('34.00'));
    expect(screen.getByTestId('express-total-numbers').textContent).toBe('34');
    expect(screen.getByTestId('express-line-3').textContent).toContain('Box');
    expect(screen.getByTestId('express-line-4').textContent).toContain('R123');

    // An uncertain failure: the same key is sent again on the retry.
    fireEvent.click(screen.getByTestId('express-place'));
    expect((await screen.findByTestId('bet-refusal')).textContent).toContain('placed only once');
    fireEvent.click(screen.getByTestId('express-place'));
    const receipt = await screen.findByTestId('bet-receipt');
    expect(receipt.textContent).toContain('GT=34.00');
    expect(screen.getByTestId('bet-result-available').textContent).toContain('974.84');
    const bodies = bodyOf('/api/Bet/PlaceExpressOrder');
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({ text: 'D\n#1\n*1234#1\nR123#1', idempotencyKey: bodies[0].idempotencyKey });
    expect(bodies[1].idempotencyKey).toBe(bodies[0].idempotencyKey);
    // The text is cleared for the next order.
    expect((screen.getByTestId('express-text') as HTMLTextAreaElement).value).toBe('');
  });

  it('refuses an empty text and a text with bad lines without a call', async () => {
    serve({ ...base, '/api/Bet/PlaceExpressOrder': () => ok(placed()) });
    await openExpress();
    fireEvent.click(screen.getByTestId('express-place'));
    expect((await screen.findByTestId('alert-message')).textContent).toBe('Empty receipt string is not allowed');
    fireEvent.click(screen.getByTestId('alert-ok'));

    fireEvent.change(screen.getByTestId('express-text'), { target: { value: 'D\n#1\n1234#1\n1234#2' } });
    await waitFor(() => expect(screen.getByTestId('express-line-error-4').textContent).toBe('Duplicated Number'));
    fireEvent.click(screen.getByTestId('express-place'));
    expect((await screen.findByTestId('alert-message')).textContent).toBe('Line 4: Duplicated Number');
    expect(bodyOf('/api/Bet/PlaceExpressOrder')).toHaveLength(0);
  });

  it('shows the server refusal of each line next to that line, translated', async () => {
    serve({ ...base, '/api/Bet/PlaceExpressOrder': () => fail(422, 'NO_DRAW', { 'line.3': 'NO_DRAW' }) });
    await i18n.changeLanguage('cn');
    await openExpress();
    fireEvent.change(screen.getByTestId('express-text'), { target: { value: '30/11\n#1\n1234#1' } });
    await waitFor(() => expect(screen.getByTestId('express-total-gross').textContent).toBe('1.00'));
    fireEvent.click(screen.getByTestId('express-place'));
    expect((await screen.findByTestId('express-line-error-3')).textContent).toBe('该日期此彩池没有开彩。');
    expect(screen.getByTestId('bet-refusal').textContent).toContain('没有下注');
    // No global alert: the screen shows the refusal itself.
    expect(screen.queryByTestId('alert-message')).toBeNull();
    // Editing the text drops the server's verdict.
    fireEvent.change(screen.getByTestId('express-text'), { target: { value: '25/11\n#1\n1234#1' } });
    await waitFor(() => expect(screen.queryByTestId('express-line-error-3')).toBeNull());
  });

  it('shows the available credit of an insufficient-credit refusal', async () => {
    serve({ ...base, '/api/Bet/PlaceExpressOrder': () => fail(422, 'INSUFFICIENT_CREDIT', { available: 12345 }) });
    await openExpress();
    fireEvent.change(screen.getByTestId('express-text'), { target: { value: 'D\n#1\n1234#1000' } });
    await waitFor(() => expect(screen.getByTestId('express-total-gross').textContent).toBe('1,000.00'));
    fireEvent.click(screen.getByTestId('express-place'));
    expect((await screen.findByTestId('bet-refusal')).textContent).toBe('Insufficient credit. (Available credit: 123.45)');
  });

  it('an upline picks the account it orders for and sends it as targetUserId', async () => {
    serve({
      ...base,
      '/api/Account/IsLoggedIn': () => ok(makeUser({ userId: 3, username: 'demoagent', userRoleId: 4, accessString: 'Bet:1,2,3,4;Downline:1,2,3,4' })),
      '/api/Account/GetBettingAgents': () =>
        ok([
          { userId: 3, username: 'demoagent', fullName: 'Demo Agent', userRoleId: 4 },
          { userId: 4, username: 'demoplayer', fullName: 'Demo Player', userRoleId: 5 },
        ]),
      '/api/Bet/PlaceExpressOrder': () => ok(placed()),
    });
    window.history.replaceState(null, '', '/order/express-betting');
    render(<App />);
    const picker = await screen.findByTestId('bet-owner');
    fireEvent.mouseDown(picker.querySelector('.ant-select-selector') ?? picker);
    fireEvent.click(await screen.findByTitle('demoplayer (Demo Player)'));
    fireEvent.change(screen.getByTestId('express-text'), { target: { value: 'D\n#1\n1234#1' } });
    await waitFor(() => expect(screen.getByTestId('express-total-gross').textContent).toBe('1.00'));
    fireEvent.click(screen.getByTestId('express-place'));
    await screen.findByTestId('bet-receipt');
    expect(bodyOf('/api/Bet/PlaceExpressOrder')[0].targetUserId).toBe(4);
    expect(calls.some((c) => c.path === '/api/Account/GetUserDetailsById' && c.url.searchParams.get('userId') === '4')).toBe(true);
  });
});

describe('/betting/web-order', () => {
  it('checks pools client-side first, then sends the rows in cents', async () => {
    serve({ ...base, '/api/Bet/PlaceWebOrder': () => ok(placed({ gross: 250 })) });
    window.history.replaceState(null, '', '/betting/web-order');
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('bet-business-date').textContent).toBe('2026-11-22'));
    fireEvent.change(screen.getByTestId('web-order-number-1'), { target: { value: '1234' } });
    fireEvent.change(screen.getByTestId('web-order-amount-1-B'), { target: { value: '1.5' } });
    fireEvent.change(screen.getByTestId('web-order-amount-1-S'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('web-order-place'));
    // Said beside Place and on the row, never in a dialog to dismiss.
    expect((await screen.findByTestId('web-order-problem')).textContent).toBe('Row 1: Please select at least one pool');
    expect(screen.queryByTestId('alert-message')).toBeNull();
    expect(screen.getByTestId('web-order-error-1').textContent).toContain('Please select at least one pool');
    expect(bodyOf('/api/Bet/PlaceWebOrder')).toHaveLength(0);

    // The inactive pool cannot be chosen.
    expect(screen.getByTestId('web-order-pool-1-7').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByTestId('web-order-pool-1-2'));
    fireEvent.click(screen.getByTestId('web-order-pool-1-1'));
    await waitFor(() => expect(screen.getByTestId('web-order-total').textContent).toBe('5.00'));
    expect(screen.getByTestId('web-order-row-total-1').textContent).toBe('5.00');
    fireEvent.click(screen.getByTestId('web-order-place'));
    await screen.findByTestId('bet-receipt');
    const [body] = bodyOf('/api/Bet/PlaceWebOrder');
    expect(body.sourceType).toBe(1);
    expect(body.rows).toEqual([{ number: '1234', betType: 1, amounts: { B: 150, S: 100 }, pools: [1, 2], draw: { kind: 'next', count: 1 } }]);
    expect(typeof body.idempotencyKey).toBe('string');
  });

  it('reads its calendar in one call (not one per day) and dates the next draw in the row', async () => {
    serve(base);
    window.history.replaceState(null, '', '/betting/web-order');
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('bet-business-date').textContent).toBe('2026-11-22'));
    fireEvent.click(screen.getByTestId('web-order-pool-1-1'));
    await waitFor(() => expect(screen.getByTestId('web-order-draw-date-1').textContent).toBe('22/11 Sun'));
    const calendar = calls.filter((c) => /GetPoolScheduleByDay|GetDrawClock|GetPoolsSelection/.test(c.path)).map((c) => `${c.path}${c.url.search}`);
    expect(calendar.filter((c) => c.includes('GetPoolScheduleByDay'))).toEqual(['/api/Pools/GetPoolScheduleByDay?days=14']);
    expect(new Set(calendar).size).toBeLessThanOrEqual(3);
  });

  it('marks the row the server names (line.N among the rows sent)', async () => {
    serve({ ...base, '/api/Bet/PlaceWebOrder': () => fail(422, 'DRAW_CLOSED', { 'line.2': 'DRAW_CLOSED' }) });
    window.history.replaceState(null, '', '/betting/web-order');
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('bet-business-date').textContent).toBe('2026-11-22'));
    for (const [n, number] of [
      [1, '1234'],
      [3, '5678'],
    ] as const) {
      fireEvent.change(screen.getByTestId(`web-order-number-${n}`), { target: { value: number } });
      fireEvent.change(screen.getByTestId(`web-order-amount-${n}-B`), { target: { value: '1' } });
      fireEvent.click(screen.getByTestId(`web-order-pool-${n}-1`));
    }
    fireEvent.click(screen.getByTestId('web-order-place'));
    expect((await screen.findByTestId('web-order-error-3')).textContent).toContain('Sales for this draw are closed.');
    expect(screen.queryByTestId('web-order-error-1')).toBeNull();
    expect(bodyOf('/api/Bet/PlaceWebOrder')[0].rows.map((r: { number: string }) => r.number)).toEqual(['1234', '5678']);
  });
});

describe('/betting/web-order2', () => {
  it('uses one pools and draw selection for every row (sourceType 2) and asks for a pool first', async () => {
    serve({ ...base, '/api/Bet/PlaceWebOrder': () => ok(placed()) });
    window.history.replaceState(null, '', '/betting/web-order2');
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('bet-business-date').textContent).toBe('2026-11-22'));
    fireEvent.change(screen.getByTestId('web-order2-number-1'), { target: { value: '1234' } });
    fireEvent.change(screen.getByTestId('web-order2-amount-1-B'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('web-order2-number-2'), { target: { value: '123' } });
    fireEvent.change(screen.getByTestId('web-order2-amount-2-A'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('web-order2-place'));
    expect((await screen.findByTestId('web-order2-problem')).textContent).toBe('Please select at least one pool');
    expect(screen.getByTestId('web-order2-shared-error').textContent).toBe('Please select at least one pool');
    fireEvent.click(screen.getByTestId('web-order2-pool-3'));
    fireEvent.click(screen.getByTestId('web-order2-place'));
    await screen.findByTestId('bet-receipt');
    const [body] = bodyOf('/api/Bet/PlaceWebOrder');
    expect(body.sourceType).toBe(2);
    expect(body.rows).toEqual([
      { number: '1234', betType: 1, amounts: { B: 100 }, pools: [3], draw: { kind: 'next', count: 1 } },
      { number: '123', betType: 1, amounts: { A: 200 }, pools: [3], draw: { kind: 'next', count: 1 } },
    ]);
  });
});

const ticket = (over: Record<string, unknown> = {}) => ({
  ticketId: 7,
  ticketNo: 'T0000000007',
  xid: '6f1c2f0e-3b0a-4b7e-9d59-0d1c0c7f6a11',
  orderedAt: '2026-11-22T03:00:00.000Z',
  userId: 4,
  username: 'demoplayer',
  placedBy: 'demoplayer',
  sourceType: 3,
  gross: 3400,
  commission: 884,
  net: 2516,
  status: 1,
  voidedAt: null,
  voidedBy: null,
  receipt: 'T0000000007\nGT=34.00 NT=25.16',
  open: true,
  drawDates: ['2026-11-22', '2026-11-25'],
  poolIds: [1, 3],
  settled: false,
  outcome: over.status === 0 ? 'void' : 'pending',
  winnings: 0,
  winningsHeld: 0,
  // What the server answers per row (orders/ticketRules): a closed ticket cannot be voided by its player.
  voidRefusal: over.open === false ? 'DRAW_CLOSED' : over.status === 0 ? 'TICKET_ALREADY_VOID' : null,
  resendRefusal: over.status === 0 ? 'TICKET_ALREADY_VOID' : null,
  masterResendRefusal: over.status === 0 ? 'TICKET_ALREADY_VOID' : null,
  ...over,
});

describe('/order/ticket-history', () => {
  it('voids after a confirm, refuses an empty selection without a call, and reads the list again', async () => {
    let voided = false;
    serve({
      ...base,
      '/api/Report/GetTicket': () =>
        ok({ items: [ticket(voided ? { status: 0, voidedAt: '2026-11-22T03:05:00.000Z', voidedBy: 'demoplayer' } : {}), ticket({ ticketId: 6, ticketNo: 'T0000000006', open: false })], total: 2 }),
      '/api/Bet/GetBetReceipt': () => ok({ ticketId: 7, ticketNo: 'T0000000007', xid: 'x', receipt: 'T0000000007\nGT=34.00 NT=25.16', inboxString: 'D\n#1\n*1234#1' }),
      '/api/Bet/VoidTicket': () => {
        voided = true;
        return ok([{ ticketId: 7, ticketNo: 'T0000000007', refunded: 2516 }], 'SAVED');
      },
      '/api/Bet/BulkVoidTicket': () => ok([]),
    });
    window.history.replaceState(null, '', '/order/ticket-history');
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('ticket-no-7')).toBeTruthy());
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/Report/GetTicket')!.url.searchParams)).toEqual({ status: '-1', page: '1', pageSize: '20' });
    // A closed ticket cannot be voided or selected.
    expect((screen.getByTestId('ticket-void-6') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('ticket-select-6') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('ticket-void-selected'));
    expect((await screen.findByTestId('alert-message')).textContent).toBe('Please select at least one ticket to void');
    fireEvent.click(screen.getByTestId('alert-ok'));
    expect(bodyOf('/api/Bet/BulkVoidTicket')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('ticket-expand-7'));
    expect((await screen.findByTestId('ticket-inbox-7')).textContent).toBe('D\n#1\n*1234#1');
    expect(screen.getByTestId('ticket-receipt-7').textContent).toContain('GT=34.00');

    fireEvent.click(screen.getByTestId('ticket-void-7'));
    expect((await screen.findByTestId('alert-message')).textContent).toContain('void ticket T0000000007');
    // Cancel first: nothing is sent.
    fireEvent.click(screen.getByTestId('alert-cancel'));
    expect(bodyOf('/api/Bet/VoidTicket')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('ticket-void-7'));
    await screen.findByTestId('alert-message');
    const reads = (path: string) => calls.filter((c) => c.path === path).length;
    const before = { balance: reads('/api/Account/GetUserDetailsById'), list: reads('/api/Report/GetTicket') };
    await act(async () => fireEvent.click(screen.getByTestId('alert-ok')));
    await waitFor(() => expect(bodyOf('/api/Bet/VoidTicket')).toEqual([{ ticketId: 7 }]));
    await waitFor(() => expect(screen.getByTestId('ticket-status-7').getAttribute('data-status')).toBe('void'));
    // The list and the balance are read again after the void.
    expect(reads('/api/Report/GetTicket')).toBeGreaterThan(before.list);
    await waitFor(() => expect(reads('/api/Account/GetUserDetailsById')).toBeGreaterThan(before.balance));
    expect((screen.getByTestId('ticket-void-7') as HTMLButtonElement).disabled).toBe(true);
  });

  it('voids the selected tickets in bulk', async () => {
    serve({
      ...base,
      '/api/Report/GetTicket': () => ok({ items: [ticket(), ticket({ ticketId: 8, ticketNo: 'T0000000008' })], total: 2 }),
      '/api/Bet/BulkVoidTicket': () => ok([{ ticketId: 7, ticketNo: 'T0000000007', refunded: 2516 }, { ticketId: 8, ticketNo: 'T0000000008', refunded: 2516 }], 'SAVED'),
    });
    window.history.replaceState(null, '', '/order/ticket-history');
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('ticket-no-8')).toBeTruthy());
    fireEvent.click(screen.getByTestId('ticket-select-7'));
    fireEvent.click(screen.getByTestId('ticket-select-8'));
    fireEvent.click(screen.getByTestId('ticket-void-selected'));
    expect((await screen.findByTestId('alert-message')).textContent).toContain('2 selected tickets');
    await act(async () => fireEvent.click(screen.getByTestId('alert-ok')));
    await waitFor(() => expect(bodyOf('/api/Bet/BulkVoidTicket')).toEqual([{ ticketIds: [7, 8] }]));
  });
});

describe('/order/ticket-history: searching, totals, files and printing (issue 10, item 16)', () => {
  const totals = { count: 41, gross: 123456, commission: 3210, net: 120246 };
  const query = () => Object.fromEntries(calls.filter((c) => c.path === '/api/Report/GetTicket').at(-1)!.url.searchParams);

  it('searches by bet number (2 to 6 digits only), shows draw dates and pools, and the server\'s totals of the whole set', async () => {
    serve({ ...base, '/api/Report/GetTicket': () => ok({ items: [ticket()], total: 41, totals }) });
    window.history.replaceState(null, '', '/order/ticket-history');
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('ticket-no-7')).toBeTruthy());
    expect(screen.getByTestId('ticket-draws-7').textContent).toBe('2026-11-22, 2026-11-25');
    expect(screen.getByTestId('ticket-pools-7').textContent).toBe('MT');
    // The totals are the server's (41 tickets), not the sum of the page's one row.
    expect(screen.getByTestId('ticket-totals').textContent).toContain('41');
    expect(screen.getByTestId('ticket-totals-gross').textContent).toBe('1,234.56');
    expect(screen.getByTestId('ticket-totals-commission').textContent).toBe('32.10');
    expect(screen.getByTestId('ticket-totals-net').textContent).toBe('1,202.46');

    const input = screen.getByTestId('ticket-number').querySelector('input')!;
    const reads = () => calls.filter((c) => c.path === '/api/Report/GetTicket').length;
    const before = reads();
    fireEvent.change(input, { target: { value: '8' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    // The field takes one Enter per key press: it waits for the key to come up.
    fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(screen.getByTestId('ticket-number').closest('.ant-input-search')!.innerHTML).toContain('status-error');
    expect(reads()).toBe(before);
    // The field is drawn again with its error state: read it anew.
    const again = () => screen.getByTestId('ticket-number').querySelector('input')!;
    fireEvent.change(again(), { target: { value: '88a88' } });
    expect(again().value).toBe('8888');
    fireEvent.keyDown(again(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(query()).toEqual({ status: '-1', number: '8888', page: '1', pageSize: '20' }));
  });

  it('exports exactly the filtered tickets as CSV and Excel, headed in the reader\'s language', async () => {
    serve({
      ...base,
      '/api/Report/GetTicket': (url) =>
        url.searchParams.get('format')
          ? new Response('x', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="tickets-2026-11-22.csv"' } })
          : ok({ items: [ticket()], total: 1, totals }),
    });
    // jsdom has no object URLs; the download itself is the browser's (e2e).
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    window.history.replaceState(null, '', '/order/ticket-history');
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('ticket-no-7')).toBeTruthy());
    const input = screen.getByTestId('ticket-number').querySelector('input')!;
    fireEvent.change(input, { target: { value: '8888' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(query().number).toBe('8888'));
    fireEvent.click(screen.getByTestId('ticket-export-csv'));
    await waitFor(() => expect(query().format).toBe('csv'));
    expect(query()).toEqual({ status: '-1', number: '8888', format: 'csv', lang: 'en' });
    await waitFor(() => expect((screen.getByTestId('ticket-export-xlsx') as HTMLButtonElement).disabled).toBe(false));
    await act(async () => {
      await i18n.changeLanguage('cn');
    });
    fireEvent.click(screen.getByTestId('ticket-export-xlsx'));
    await waitFor(() => expect(query().format).toBe('xlsx'));
    expect(query()).toEqual({ status: '-1', number: '8888', format: 'xlsx', lang: 'cn' });
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(2));
    for (const spy of [created, revoked, clicked]) spy.mockRestore();
  });

  it('prints a receipt through its own print layout, gone once printing is over', async () => {
    serve({
      ...base,
      '/api/Report/GetTicket': () => ok({ items: [ticket()], total: 1, totals }),
      '/api/Bet/GetBetReceipt': () => ok({ ticketId: 7, ticketNo: 'T0000000007', xid: 'x', receipt: 'T0000000007\n22/11 MT\n1234 B1\nGT=34.00 NT=25.16', inboxString: null }),
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    window.history.replaceState(null, '', '/order/ticket-history');
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('ticket-no-7')).toBeTruthy());
    fireEvent.click(screen.getByTestId('ticket-expand-7'));
    fireEvent.click(await screen.findByTestId('ticket-receipt-print-7'));
    // The paper width is asked first (58 or 80 mm, remembered), then the receipt prints.
    fireEvent.click(await screen.findByTestId('receipt-print-go'));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const sheet = screen.getByTestId('receipt-print');
    expect(sheet.parentElement).toBe(document.body);
    expect(document.body.classList.contains('printing-receipt')).toBe(true);
    expect(screen.getByTestId('receipt-print-ticket').textContent).toBe('T0000000007');
    expect(screen.getByTestId('receipt-print-text').textContent).toContain('1234 B1');
    expect(sheet.textContent).toContain('25.16');
    await act(async () => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(screen.queryByTestId('receipt-print')).toBeNull();
    expect(document.body.classList.contains('printing-receipt')).toBe(false);
  });
});

const autoView = (over: Record<string, unknown> = {}) => ({
  autoTicketId: 3,
  userId: 4,
  username: 'demoplayer',
  createdBy: 'demoplayer',
  text: 'D\n#1\n1234#1',
  pools: [1],
  startDate: '2026-11-22',
  endDate: null,
  drawCount: 3,
  pageInfo: null,
  customerPhone: null,
  status: 'active',
  createdAt: '2026-11-22T03:00:00.000Z',
  voidedAt: null,
  voidedBy: null,
  runCount: 1,
  placedCount: 1,
  runs: [{ drawDate: '2026-11-22', status: 'placed', ticketId: 9, ticketNo: 'T0000000009', message: 'SAVED', at: '2026-11-22T03:00:00.000Z' }],
  ...over,
});

describe('/order/auto-ticket', () => {
  it('refuses more than one date before any call, then saves with a key and lists the runs', async () => {
    let saved = false;
    serve({
      ...base,
      '/api/Report/GetAutoTicket': () => ok({ items: saved ? [autoView()] : [], total: saved ? 1 : 0 }),
      '/api/Bet/SaveAutoTicket': () => {
        saved = true;
        return ok(autoView(), 'SAVED');
      },
      '/api/Report/VoidAutoTicket': () => ok(autoView({ status: 'void' }), 'SAVED'),
    });
    window.history.replaceState(null, '', '/order/auto-ticket');
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('bet-business-date').textContent).toBe('2026-11-22'));
    fireEvent.change(screen.getByTestId('auto-text'), { target: { value: 'D2\n#1\n1234#1' } });
    expect((await screen.findByTestId('auto-line-error-3')).textContent).toBe('Line 3: Auto Ticket cannot more than one selected date');
    fireEvent.click(screen.getByTestId('auto-save'));
    expect((await screen.findByTestId('alert-message')).textContent).toBe('Line 3: Auto Ticket cannot more than one selected date');
    fireEvent.click(screen.getByTestId('alert-ok'));
    expect(bodyOf('/api/Bet/SaveAutoTicket')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('auto-text'), { target: { value: 'D\n#1\n1234#1' } });
    fireEvent.change(screen.getByTestId('auto-count'), { target: { value: '3' } });
    await waitFor(() => expect(screen.getByTestId('auto-total-gross').textContent).toBe('1.00'));
    fireEvent.click(screen.getByTestId('auto-save'));
    expect((await screen.findByTestId('auto-result')).textContent).toContain('T0000000009');
    const [body] = bodyOf('/api/Bet/SaveAutoTicket');
    expect(body).toEqual({ text: 'D\n#1\n1234#1', drawCount: 3, idempotencyKey: body.idempotencyKey });
    await waitFor(() => expect(screen.getByTestId('auto-status-3').getAttribute('data-status')).toBe('active'));
    expect(screen.getByTestId('auto-runs-count-3').textContent).toBe('1 of 1 placed');

    fireEvent.click(screen.getByTestId('auto-stop-3'));
    expect((await screen.findByTestId('alert-message')).textContent).toContain('stop auto ticket #3');
    await act(async () => fireEvent.click(screen.getByTestId('alert-ok')));
    await waitFor(() => expect(bodyOf('/api/Report/VoidAutoTicket')).toEqual([{ autoTicketId: 3 }]));
  });
});

describe('receipts from the ticket history', () => {
  it('resends a receipt after a confirm; the super admin corrects one by its XID', async () => {
    serve({
      ...base,
      '/api/Account/IsLoggedIn': () =>
        ok(makeUser({ userId: 1, username: 'admin', userRoleId: 1, accessString: 'Bet History:1,2,3,4;Resend Order:1,2,3,4;Master Resend Order:1,2,3,4' })),
      '/api/Account/GetBettingAgents': () => ok([]),
      '/api/Report/GetTicket': () => ok({ items: [ticket()], total: 1 }),
      '/api/Bet/GetBetReceipt': () => ok({ ticketId: 7, ticketNo: 'T0000000007', xid: 'x', receipt: 'T0000000007', inboxString: null }),
      '/api/Report/SendSmsReceipt': () =>
        ok({ outboxId: 1, ticketId: 7, ticketNo: 'T0000000007', phone: '0123456789', status: 0, resendCount: 1, resendLimit: 3, master: false }, 'SAVED'),
      '/api/Setting/GetReceiptStringByTicketXId': () =>
        ok({ ticketId: 7, ticketNo: 'T0000000007', xid: ticket().xid, username: 'demoplayer', receipt: 'T0000000007\nold', status: 1, editable: true }),
      '/api/Setting/UpdateTicketReceiptString': () =>
        ok({ ticketId: 7, ticketNo: 'T0000000007', xid: ticket().xid, username: 'demoplayer', receipt: 'T0000000007\nnew', status: 1, editable: true }, 'SAVED'),
    });
    window.history.replaceState(null, '', '/order/ticket-history');
    render(<App />);
    fireEvent.click(await screen.findByTestId('ticket-resend-7'));
    expect((await screen.findByTestId('alert-message')).textContent).toContain('resend the receipt of ticket T0000000007');
    await act(async () => fireEvent.click(screen.getByTestId('alert-ok')));
    await waitFor(() => expect(bodyOf('/api/Report/SendSmsReceipt')).toEqual([{ ticketId: 7 }]));
    expect(screen.getByTestId('ticket-master-resend-7')).toBeTruthy();

    fireEvent.click(screen.getByTestId('ticket-expand-7'));
    fireEvent.click(await screen.findByTestId('ticket-correct-7'));
    const area = (await screen.findByTestId('receipt-correction-text')) as HTMLTextAreaElement;
    await waitFor(() => expect(area.value).toBe('T0000000007\nold'));
    fireEvent.change(area, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('receipt-correction-save'));
    expect((await screen.findByTestId('alert-message')).textContent).toBe('Empty receipt string is not allowed');
    fireEvent.click(screen.getByTestId('alert-ok'));
    fireEvent.change(area, { target: { value: 'T0000000007\nnew' } });
    fireEvent.click(screen.getByTestId('receipt-correction-save'));
    await waitFor(() => expect(bodyOf('/api/Setting/UpdateTicketReceiptString')).toEqual([{ xid: ticket().xid, receiptString: 'T0000000007\nnew' }]));
  });

  it('a player without the resend rights sees no resend or correction', async () => {
    serve({ ...base, '/api/Report/GetTicket': () => ok({ items: [ticket()], total: 1 }), '/api/Bet/GetBetReceipt': () => ok({ ticketId: 7, ticketNo: 'T', xid: 'x', receipt: 'r', inboxString: null }) });
    window.history.replaceState(null, '', '/order/ticket-history');
    render(<App />);
    await screen.findByTestId('ticket-void-7');
    expect(screen.queryByTestId('ticket-resend-7')).toBeNull();
    expect(screen.queryByTestId('ticket-master-resend-7')).toBeNull();
    fireEvent.click(screen.getByTestId('ticket-expand-7'));
    await screen.findByTestId('ticket-inbox-7');
    expect(screen.queryByTestId('ticket-correct-7')).toBeNull();
    expect(screen.queryByTestId('ticket-resend-limits')).toBeNull();
  });
});

describe('/manage-resend-order-limit and /number-meaning', () => {
  it('sets a downline resend limit and returns it to the default', async () => {
    serve({
      ...base,
      '/api/Account/IsLoggedIn': () => ok(makeUser({ userId: 3, username: 'demoagent', userRoleId: 4, accessString: 'Resend Order:1,2,3,4' })),
      '/api/Configuration/GetResendOrderLimit': () =>
        ok({ defaultLimit: 3, total: 1, items: [{ userId: 4, username: 'demoplayer', fullName: 'Demo Player', userRoleId: 5, limit: 5, effectiveLimit: 5, updatedAt: null, updatedBy: null }] }),
      '/api/Configuration/UpdateResendOrderLimit': () => ok({ userId: 4, limit: 7, effectiveLimit: 7 }, 'SAVED'),
    });
    window.history.replaceState(null, '', '/manage-resend-order-limit');
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('resend-limit-effective-4').textContent).toBe('5'));
    expect(screen.getByTestId('resend-limit-default').textContent).toContain('3');
    fireEvent.change(screen.getByTestId('resend-limit-input-4'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('resend-limit-save-4'));
    await waitFor(() => expect(bodyOf('/api/Configuration/UpdateResendOrderLimit')).toEqual([{ userId: 4, limit: 7 }]));
    await waitFor(() => expect((screen.getByTestId('resend-limit-default-4') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('resend-limit-default-4'));
    await waitFor(() => expect(bodyOf('/api/Configuration/UpdateResendOrderLimit')[1]).toEqual({ userId: 4, limit: null }));
  });

  it('looks a number up in the dictionary', async () => {
    serve({
      ...base,
      '/api/Configuration/GetTipSourceByKeyword': (url) =>
        ok({ total: 1, source: 'own', items: [{ number: url.searchParams.get('keyword'), en: 'prosperity four times', zh: '发发发发', category: 'luck', match: 'exact' }] }),
    });
    window.history.replaceState(null, '', '/number-meaning');
    render(<App />);
    const input = (await screen.findByTestId('dict-search')).querySelector('input')!;
    fireEvent.change(input, { target: { value: ' 8888 ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect((await screen.findByTestId('dict-number-8888')).textContent).toBe('8888');
    expect(screen.getByTestId('dict-table').textContent).toContain('发发发发');
    expect(screen.getByTestId('dict-table').textContent).toContain('Luck');
    expect(calls.find((c) => c.path === '/api/Configuration/GetTipSourceByKeyword')!.url.searchParams.get('keyword')).toBe('8888');
  });
});
