import { expect, test, type Browser, type Page } from '@playwright/test';
import { afterCutoff, drawDay, WINNERS } from './drawDay';
import { ADMIN, api, loginAs, shot } from './support';

// A ticket shows what it won (issue 28 lines 2-5, 7, 8). The draw-day setup (drawDay.setup.ts) placed a
// winning and a losing ticket of demoplayer on a draw of today that has closed since; here an admin enters
// its result, a second admin releases it and the draw settles. Then: the history shows each ticket's
// outcome (won with its winnings, held; lost) and filters the winners, its number opens the ticket's
// detail, the settled ticket's Void is disabled and says why, the receipt prints at 58 mm, and the history
// and the statement fit 1366x768 and a phone in Chinese and Malay.

test.describe.configure({ mode: 'serial' });

type Row = { ticketId: number; ticketNo: string; drawDates: string[]; outcome: string; winnings: number; winningsHeld: number; voidRefusal: string | null };
type Page_ = { items: Row[]; total: number; totals: { count: number; winnings: number } };
const cents = (v: number) => (v / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Nothing on the page wider than the window, and no table scrolling sideways inside itself. */
async function expectFits(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    tables: Array.from(document.querySelectorAll('.ant-table-content, .ant-table-body')).map((e) => [e.scrollWidth, e.clientWidth]),
  }));
  expect(widths.page[0], `${what}: the page scrolls sideways`).toBeLessThanOrEqual(widths.page[1]);
  for (const [scroll, client] of widths.tables) expect(scroll, `${what}: a table scrolls sideways`).toBeLessThanOrEqual(client);
}

/** A logged-in page of its own (a browser context per account). */
async function session(browser: Browser, username: string, password?: string, opts: { lang?: string; viewport?: { width: number; height: number } } = {}) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: opts.viewport ?? { width: 1366, height: 768 }, reducedMotion: 'reduce' });
  if (opts.lang) await context.addInitScript((l) => localStorage.setItem('language', l), opts.lang);
  const page = await context.newPage();
  await loginAs(page, username, password);
  return page;
}

/** The outcome draw's result (first prize on the winning number, nothing on the losing one), entered and released by two admins. */
async function enterAndRelease(browser: Browser, day: { drawId: number; poolId: number }) {
  const admin = await session(browser, ADMIN.username, ADMIN.password);
  const fourD = {
    first: WINNERS.outcome,
    second: '5603',
    third: '5604',
    starter: Array.from({ length: 10 }, (_, i) => String(5610 + i)),
    consolation: Array.from({ length: 10 }, (_, i) => String(5630 + i)),
  };
  const numbers = { fourD, ...(day.poolId === 3 ? { fiveD: ['56021', '56022', '56023'], sixD: '560211' } : {}), ...(day.poolId === 8 ? { sixD: '560211' } : {}) };
  await api(admin.request, 'POST', '/api/Result/SavePoolResult', { drawId: day.drawId, numbers, version: 0 });
  await admin.context().close();
  const it = await session(browser, 'demoit');
  await api(it.request, 'POST', '/api/Configuration/SubmitReleaseResultStatus', { drawId: day.drawId, version: 1 });
  await it.context().close();
}

test('after the draw settles the history shows what each ticket won, filters the winners and totals their winnings', async ({ page, browser }) => {
  const day = drawDay().outcome;
  await afterCutoff(day);
  // Once only (a retried test finds the result released already).
  const player = await session(browser, 'demoplayer');
  const state = (await api<Page_>(player.request, 'GET', `/api/Report/GetTicket?pageSize=100&drawDate=${day.drawDate}&poolId=${day.poolId}`)).items.find((r) => r.ticketId === day.ticketId);
  await player.context().close();
  if (state?.outcome === 'pending') await enterAndRelease(browser, day);

  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, 'demoplayer');
  const row = async (ticketId: number) => (await api<Page_>(page.request, 'GET', `/api/Report/GetTicket?pageSize=100&drawDate=${day.drawDate}&poolId=${day.poolId}`)).items.find((r) => r.ticketId === ticketId)!;
  await expect.poll(async () => (await row(day.ticketId)).outcome, { timeout: 60_000 }).toBe('won');
  const winner = await row(day.ticketId);
  expect(winner.winnings).toBeGreaterThan(0);
  expect((await row(day.loserTicketId)).outcome).toBe('lost');

  // The draw's tickets (later specs' tickets may have pushed them off the first page).
  const onDraw = `drawDate=${day.drawDate}&poolId=${day.poolId}`;
  await page.goto(`/order/ticket-history?${onDraw}`);
  // Not "Active": won, with the amount settlement booked, held until the company releases the credit; the other lost.
  // The first read of a screen waits longer: a loaded 2-core machine has taken over 10 s.
  await expect(page.getByTestId(`ticket-status-${day.ticketId}`)).toHaveAttribute('data-status', 'won', { timeout: 60_000 });
  await expect(page.getByTestId(`ticket-winnings-${day.ticketId}`)).toHaveText(cents(winner.winnings));
  await expect(page.getByTestId(`ticket-held-${day.ticketId}`)).toHaveAttribute('data-held', winner.winningsHeld > 0 ? 'held' : 'released');
  await expect(page.getByTestId(`ticket-status-${day.loserTicketId}`)).toHaveAttribute('data-status', 'lost');

  // "Winning tickets": only the won ones, and the totals row totals their winnings.
  const won = (await api<Page_>(page.request, 'GET', `/api/Report/GetTicket?pageSize=100&outcome=won&${onDraw}`)).items;
  expect(won.map((r) => r.ticketId)).toEqual([day.ticketId]);
  await page.getByTestId('ticket-status-filter').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Winning tickets' }).click();
  const rows = page.getByTestId('ticket-table').locator('tr[data-row-key]');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId(`ticket-status-${day.loserTicketId}`)).toHaveCount(0);
  for (const key of await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')))) {
    await expect(page.getByTestId(`ticket-status-${key}`)).toHaveAttribute('data-status', 'won');
  }
  await expect(page.getByTestId('ticket-totals-winnings')).toContainText(cents(won.reduce((s, r) => s + r.winnings, 0)));

  // A settled ticket offers no Void: the button is disabled and its tooltip says why (the server's reason).
  await expect(page.getByTestId(`ticket-void-${day.ticketId}`)).toBeDisabled();
  await expect(page.getByTestId(`void-why-${day.ticketId}`).locator('[data-refusal]')).toHaveAttribute('data-refusal', 'DRAW_HAS_RESULT');
  await page.getByTestId(`void-why-${day.ticketId}`).hover();
  await expect(page.locator('.ant-tooltip:not(.ant-tooltip-hidden)')).toContainText('The result of this draw is in');
  await shot(page, 'ticket-outcome-history-en');
});

test('a ticket number opens its detail: lines with the prize they struck, draws with their results', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, 'demoplayer');
  const day = drawDay().outcome;
  const ticket = (await api<Page_>(page.request, 'GET', `/api/Report/GetTicket?pageSize=100&outcome=won&drawDate=${day.drawDate}`)).items.find((r) => r.ticketId === day.ticketId)!;
  await page.goto(`/order/ticket-history?drawDate=${day.drawDate}&poolId=${day.poolId}`);
  await page.getByTestId(`ticket-no-${ticket.ticketId}`).click({ timeout: 60_000 });
  await expect(page).toHaveURL(new RegExp(`/ticket-detail\\?ticketId=${ticket.ticketId}$`));
  await expect(page.getByTestId('ticket-detail-title')).toContainText(ticket.ticketNo, { timeout: 60_000 });
  await expect(page.getByTestId('ticket-detail-winnings')).toHaveText(cents(ticket.winnings));
  // Each struck line names its prize slot; their winnings add up to the ticket's.
  const prizes = page.getByTestId('ticket-detail-lines').locator('[data-testid^="ticket-line-prize-"]');
  await expect(prizes.first()).toBeVisible();
  const lineWinnings = await page.getByTestId('ticket-detail-lines').locator('[data-testid^="ticket-line-winnings-"] strong').allTextContents();
  expect(lineWinnings.reduce((s, v) => s + Math.round(Number(v.replace(/,/g, '')) * 100), 0)).toBe(ticket.winnings);
  await expect(page.getByTestId('ticket-detail-draws').locator('[data-settled="true"]').first()).toBeVisible();
  await expectFits(page, 'ticket detail');
  await shot(page, 'ticket-detail-en');

  // Another branch's ticket reads as a missing one.
  const other = await page.request.get('/api/Bet/GetTicketDetail?ticketId=987654321', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(other.status()).toBe(404);
});

test('an agent opens a ticket from the payout report and a strike\'s winning tickets from the winning report', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, 'demoagent');
  const day = drawDay().outcome;
  // The payout report of the settled draw's date lists its strike; the ticket number opens the ticket.
  await page.goto(`/report/payout-report?${new URLSearchParams({ fromDate: day.drawDate, toDate: day.drawDate })}`);
  const link = page.locator(`[data-ticket-link="${day.ticketId}"]`).first();
  await expect(link).toBeVisible({ timeout: 60_000 });
  const id = day.ticketId;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/ticket-detail\\?ticketId=${id}$`));
  await expect(page.getByTestId('ticket-detail-page')).toBeVisible();

  await page.goto('/report/winning-report');
  const bettors = page.locator('[data-testid^="winning-tickets-"]').first();
  await expect(bettors).toBeVisible({ timeout: 60_000 });
  await bettors.click();
  await expect(page).toHaveURL(/\/order\/ticket-history\?.*outcome=won/);
  const rows = page.getByTestId('ticket-table').locator('tr[data-row-key]');
  await expect(rows.first()).toBeVisible();
  for (const key of await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')))) {
    await expect(page.getByTestId(`ticket-status-${key}`)).toHaveAttribute('data-status', 'won');
  }
});

test('the receipt prints at 58 mm: nothing wider than the paper; the width is remembered', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, 'demoplayer');
  const day = drawDay().outcome;
  const ticket = (await api<Page_>(page.request, 'GET', `/api/Report/GetTicket?pageSize=100&outcome=won&drawDate=${day.drawDate}`)).items.find((r) => r.ticketId === day.ticketId)!;
  await page.goto(`/ticket-detail?ticketId=${ticket.ticketId}`);
  await page.evaluate(() => {
    window.print = () => {
      (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
    };
  });
  await page.getByTestId(`ticket-receipt-print-${ticket.ticketId}`).click({ timeout: 60_000 });
  await page.getByTestId('receipt-print-width').getByText('58 mm').click();
  await page.getByTestId('receipt-print-go').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('receipt-print');
  await expect(sheet).toBeVisible();
  await expect(page.getByTestId('receipt-print-ticket')).toHaveText(ticket.ticketNo);
  await expect(page.getByTestId('receipt-print-outcome')).toContainText(cents(ticket.winnings));
  const fit = await sheet.evaluate((s) => {
    const box = s.getBoundingClientRect();
    const wider = Array.from(s.querySelectorAll('*')).filter((e) => {
      const r = e.getBoundingClientRect();
      return r.right > box.right + 0.5 || r.left < box.left - 0.5 || e.scrollWidth > e.clientWidth + 1;
    });
    return { width: box.width, wider: wider.map((e) => e.outerHTML.slice(0, 80)) };
  });
  // 58 mm at 96 px to the inch.
  expect(Math.round(fit.width)).toBe(Math.round((58 * 96) / 25.4));
  expect(fit.wider).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/screens/receipt-58mm.png' });
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(sheet).toHaveCount(0);
  // The next print offers 58 mm again (this login's choice, kept in the browser).
  await page.getByTestId(`ticket-receipt-print-${ticket.ticketId}`).click();
  await expect(page.getByTestId('receipt-print-width').locator('.ant-radio-button-wrapper-checked')).toHaveText('58 mm');
});

for (const lang of ['cn', 'bm'] as const) {
  test(`the history fits 1366x768 and the history and statement fit a phone, in ${lang}`, async ({ browser }) => {
    // A fresh browser per account, in the language, as a user on that screen would be.
    const open = (username: string, viewport: { width: number; height: number }) => session(browser, username, undefined, { lang, viewport });
    let page = await open('demoagent', { width: 1366, height: 768 });
    await page.goto('/order/ticket-history');
    await expect(page.getByTestId('ticket-table').locator('tr[data-row-key]').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('ticket-totals')).toBeVisible();
    await expectFits(page, `history 1366 ${lang}`);
    // Every header and the totals inside the table's box: no column off its right edge.
    const edge = await page.getByTestId('ticket-table').evaluate((t) => {
      const right = t.getBoundingClientRect().right;
      return Array.from(t.querySelectorAll('th, [data-testid="ticket-totals"] td')).map((c) => c.getBoundingClientRect().right - right).filter((d) => d > 0.5);
    });
    expect(edge).toEqual([]);
    await shot(page, `ticket-outcome-history-1366-${lang}`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/order/ticket-history');
    await expect(page.getByTestId('ticket-cards').locator('[data-testid^="ticket-card-"]').first()).toBeVisible({ timeout: 60_000 });
    await expectFits(page, `history phone ${lang}`);
    await shot(page, `ticket-outcome-history-phone-${lang}`);
    await page.context().close();

    page = await open('demoplayer', { width: 390, height: 844 });
    await page.goto('/payment');
    await expect(page.getByTestId('statement-summary')).toBeVisible({ timeout: 60_000 });
    await expectFits(page, `statement phone ${lang}`);
    await page.getByTestId('statement-tab-tickets').click();
    await expect(page.getByTestId('statement-tickets').locator('[data-testid^="ticket-card-"]').first()).toBeVisible({ timeout: 60_000 });
    // Each ticket's outcome, and the winnings of its tickets (the settled draw's winner among them).
    await expect(page.getByTestId('statement-tickets').locator('[data-status]').first()).toBeVisible();
    await expect(page.getByTestId('statement-tickets').getByTestId('ticket-totals-winnings')).not.toHaveText('0.00');
    await expectFits(page, `statement tickets phone ${lang}`);
    await shot(page, `ticket-outcome-statement-phone-${lang}`);
    await page.context().close();
  });
}
