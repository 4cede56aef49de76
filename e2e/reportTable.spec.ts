import { expect, test, type Page } from '@playwright/test';
import { clickChoice, loginAs, shot } from './support';

// The shared report table (issue 29 lines 4 and 5): the ticket history sorted on the server by a figure
// and by a date, a column hidden and still hidden after a reload (per user, per table), a date preset on
// Win/Loss, and Win/Loss printed as a document (its header, no controls).
test.describe.configure({ mode: 'serial' });

const cents = (s: string) => Math.round(Number(s.replace(/,/g, '')) * 100);
const grossColumn = async (page: Page) =>
  (await page.getByTestId('ticket-table').locator('tr.ant-table-row').evaluateAll((rows) => rows.map((r) => r.querySelector('.history-figure')?.textContent ?? ''))).map(cents);
// A ticket's first draw date (what the server sorts by); the cell also lists later dates and the pools.
const drawColumn = async (page: Page) =>
  (await page.getByTestId('ticket-table').locator('[data-testid^="ticket-draws-"]').allTextContents()).map((t) => t.match(/\d{4}-\d{2}-\d{2}/)?.[0] ?? '');
const header = (page: Page, name: string) => page.getByTestId('ticket-table').locator('th', { hasText: name });

test('the ticket history sorts on the server by a figure and by a date, and remembers a hidden column', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, 'demoagent');
  await page.goto('/order/ticket-history');
  await expect(page.getByTestId('ticket-table').locator('tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });

  await header(page, 'Gross').click();
  await expect.poll(async () => {
    const g = await grossColumn(page);
    return g.length > 1 && g.every((v, i) => i === 0 || g[i - 1] <= v);
  }).toBe(true);
  await header(page, 'Gross').click();
  await expect.poll(async () => {
    const g = await grossColumn(page);
    return g.length > 1 && g.every((v, i) => i === 0 || g[i - 1] >= v);
  }).toBe(true);
  await header(page, 'Draw date').click();
  await expect.poll(async () => {
    const d = await drawColumn(page);
    return d.length > 1 && d.every((v, i) => i === 0 || d[i - 1] <= v);
  }).toBe(true);

  // Commission hidden: its header and its total are gone, and stay gone after a reload.
  await expect(page.getByTestId('ticket-totals-commission')).toBeVisible();
  await page.getByTestId('columns-button-ticketHistory').click();
  await clickChoice(page, 'column-toggle-commission');
  await expect(page.getByTestId('ticket-totals-commission')).toHaveCount(0);
  await expect(page.getByTestId('ticket-totals-net')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('ticket-table').locator('tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('ticket-totals-commission')).toHaveCount(0);
  await expect(header(page, 'Commission')).toHaveCount(0);
  await shot(page, 'reportTable-history-hidden');
  await page.getByTestId('columns-button-ticketHistory').click();
  await page.getByTestId('columns-reset').click();
  await expect(page.getByTestId('ticket-totals-commission')).toBeVisible();
});

test('Win/Loss takes a date preset, and prints as a document', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, 'democo');
  await page.goto('/report/win-loss-report');
  await expect(page.getByTestId('win-loss-table')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('report-range').first().click();
  await page.getByTestId('preset-yesterday').click();
  await expect(page).toHaveURL(/fromDate=\d{4}-\d{2}-\d{2}&toDate=\d{4}-\d{2}-\d{2}/);
  const url = new URL(page.url());
  expect(url.searchParams.get('fromDate')).toBe(url.searchParams.get('toDate'));
  await expect(page.getByTestId('report-range').first()).toHaveValue(url.searchParams.get('fromDate')!);
  await page.getByTestId('report-range').first().click();
  await page.getByTestId('preset-thisMonth').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('fromDate')).toMatch(/-01$/);
  await page.keyboard.press('Escape');

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-header')).toBeVisible();
  await expect(page.getByTestId('print-by')).toHaveText(/democo/);
  await expect(page.getByTestId('print-period')).toContainText(new URL(page.url()).searchParams.get('toDate')!);
  await expect(page.getByTestId('report-range').first()).toBeHidden();
  for (const control of ['report-print', 'report-csv', 'report-usline', 'columns-button-winLoss-full']) await expect(page.getByTestId(control)).toBeHidden();
  await expect(page.locator('.ant-table-column-sorter').first()).toBeHidden();
  await expect(page.locator('.app-sider, .ant-layout-sider').first()).toBeHidden();
  await shot(page, 'reportTable-winloss-print');
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('print-header')).toBeHidden();
});
