import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { accountMenu, agreeTermsIfShown, DEMO_PASSWORD, goByMenu, login, setLanguage, shot } from './support';

// Ticket history (issue 10, item 16) on the demo hierarchy with the real clock: "where is my bet on
// 8888?", the totals of the whole filtered set, CSV and Excel files of exactly that set, a printed
// receipt; and the keyboard: Ctrl+Enter places an express order, Enter adds a web-order row, Escape
// closes dialogs.

test.describe.configure({ mode: 'serial' });

async function loginPlayer(page: Page) {
  await login(page, 'demoplayer', DEMO_PASSWORD);
  await agreeTermsIfShown(page);
}

/** Places an express order with Ctrl+Enter in the text; returns its ticket number. */
async function placeByKeyboard(page: Page, text: string): Promise<string> {
  await goByMenu(page, ['menu-bet', 'menu-expressBetting'], /\/order\/express-betting$/);
  await expect(page.getByTestId('bet-available-credit')).toContainText(/\d/);
  await page.getByTestId('express-text').fill(text);
  await page.getByTestId('express-text').press('Control+Enter');
  await expect(page.getByTestId('bet-result-ticket')).toHaveText(/^T\d+$/);
  return (await page.getByTestId('bet-result-ticket').textContent()) ?? '';
}

async function searchNumber(page: Page, n: string) {
  const input = page.getByTestId('ticket-number').locator('input');
  await input.fill(n);
  await input.press('Enter');
}

const ticketNos = async (page: Page) => (await page.getByTestId('ticket-table').locator('[data-testid^="ticket-no-"]').allTextContents()).sort();

test('Ctrl+Enter places, Enter adds a row, Escape closes dialogs', async ({ page }) => {
  test.setTimeout(300_000);
  await loginPlayer(page);
  const ticket = await placeByKeyboard(page, 'D\n#1\n8888#1');
  await expect(page.getByTestId('bet-receipt')).toContainText('8888');

  await goByMenu(page, ['menu-bet', 'menu-webOrder'], /\/betting\/web-order$/);
  const rows = page.getByTestId('web-order-grid').locator('tbody tr.ant-table-row');
  await expect(page.getByTestId('web-order-number-1')).toBeVisible();
  const before = await rows.count();
  await page.getByTestId('web-order-number-1').fill('5678');
  await page.getByTestId('web-order-number-1').press('Enter');
  await expect(rows).toHaveCount(before + 1);
  // The new row takes the cursor.
  await expect(page.getByTestId(`web-order-number-${before + 1}`)).toBeFocused();

  // A confirm (void) and a form dialog (change password) both close on Escape.
  await goByMenu(page, ['menu-history', 'menu-ticketHistory'], /\/order\/ticket-history$/);
  await searchNumber(page, '8888');
  const row = page.getByTestId('ticket-table').locator('tr[data-row-key]', { hasText: ticket });
  await row.locator('[data-testid^="ticket-void-"]').click();
  await expect(page.getByTestId('alert-message')).toContainText(ticket);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('alert-message')).toBeHidden();
  await accountMenu(page, 'account-change-password', () => expect(page.getByTestId('change-password-form')).toBeVisible({ timeout: 5_000 }));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('change-password-form')).toBeHidden();
});

test('finds the bets on 8888 with their draws and totals, exports them as CSV and Excel, prints a receipt', async ({ page }) => {
  test.setTimeout(300_000);
  await loginPlayer(page);
  const on8888 = await placeByKeyboard(page, 'D\n#12\n8888#2\n1357#1');
  const elsewhere = await placeByKeyboard(page, 'D\n#1\n2468#1');
  await goByMenu(page, ['menu-history', 'menu-ticketHistory'], /\/order\/ticket-history$/);
  await expect(page.getByTestId('ticket-table')).toContainText(elsewhere);

  await searchNumber(page, '8888');
  await expect(page.getByTestId('ticket-table')).not.toContainText(elsewhere);
  await expect(page.getByTestId('ticket-table')).toContainText(on8888);
  const shown = await ticketNos(page);
  const id = (await page.getByTestId('ticket-table').locator('tr[data-row-key]', { hasText: on8888 }).getAttribute('data-row-key')) ?? '';
  await expect(page.getByTestId(`ticket-pools-${id}`)).toHaveText('MP');
  await expect(page.getByTestId(`ticket-draws-${id}`)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByTestId('ticket-totals')).toContainText(String(shown.length));
  for (const lang of ['en', 'cn', 'bm'] as const) {
    await setLanguage(page, lang);
    await shot(page, `ticket-history-8888-${lang}`);
  }
  await setLanguage(page, 'en');

  // CSV in English: exactly the rows shown, then the totals.
  const csvDownload = page.waitForEvent('download');
  await page.getByTestId('ticket-export-csv').click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^tickets-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs.readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Ticket No.,Ordered at,Account,Placed by,Source,Draw date,Pool,Gross,Commission,Net,Status,Voided by,Voided at,Outcome,Winnings');
  expect(lines.slice(1, -1).map((l) => l.split(',')[0]).sort()).toEqual(shown);
  expect(lines.at(-1)).toMatch(/^Total \(\d+\),/);

  // Excel in Chinese.
  await setLanguage(page, 'cn');
  const xlsxDownload = page.waitForEvent('download');
  await page.getByTestId('ticket-export-xlsx').click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await xlsx.path());
  const sheet = book.worksheets[0];
  expect(sheet.getRow(1).getCell(1).value).toBe('彩票号码');
  expect(sheet.rowCount).toBe(1 + shown.length + 1);
  await setLanguage(page, 'en');

  // The printed receipt: its own layout, nothing of the app around it.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByTestId(`ticket-expand-${id}`).click();
  for (const lang of ['en', 'cn', 'bm'] as const) {
    await setLanguage(page, lang);
    await page.getByTestId(`ticket-receipt-print-${id}`).click();
    // The paper width is asked first (58 or 80 mm, issue 28 line 7).
    await page.getByTestId('receipt-print-go').click();
    await expect(page.getByTestId('receipt-print-ticket')).toHaveText(on8888);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('receipt-print')).toBeVisible();
    await expect(page.getByTestId('header')).toBeHidden();
    await expect(page.getByTestId('receipt-print-text')).toContainText('8888');
    await page.screenshot({ path: `test-results/e2e/screens/receipt-print-${lang}.png` });
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(page.getByTestId('receipt-print')).toHaveCount(0);
  }
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(3);
  await setLanguage(page, 'en');
});
