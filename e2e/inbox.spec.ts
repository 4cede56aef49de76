import { expect, test, type Page } from '@playwright/test';
import { api, goByMenu, loginAs, shotAll } from './support';

// The inbox (decision 0029): an agent places a refused and an accepted express text, and reads both in
// Reports -> Inbox: the refusal with its reason and line, the accepted text with its ticket.

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

async function openExpress(page: Page) {
  await goByMenu(page, ['menu-bet', 'menu-expressBetting'], /\/order\/express-betting$/);
  await expect(page.getByTestId('bet-business-date')).toHaveText(/^\d{4}-\d{2}-\d{2}$/, { timeout: 30_000 });
  await expect(page.getByTestId('bet-available-credit')).toContainText(/\d/, { timeout: 30_000 });
}

test('an agent sees its refused and accepted express texts in the inbox', async ({ page }) => {
  await loginAs(page, 'demoagent');
  await openExpress(page);
  const today = (await page.getByTestId('bet-business-date').textContent()) ?? '';
  // A number of this run's own, so the search finds these two texts only.
  const number = String(1000 + Math.floor(Math.random() * 9000));

  // Refused: a date with no Magnum draw (the server's calendar decides; the browser reads the text fine).
  let noDraw = '';
  for (let i = 1; i <= 7 && !noDraw; i++) {
    const date = addDays(today, i);
    const draws = await api<{ poolId: number }[]>(page.request, 'GET', `/api/Pools/GetPoolScheduleByDay?date=${date}`);
    if (!draws.some((d) => d.poolId === 1)) noDraw = date;
  }
  expect(noDraw).not.toBe('');
  const refusedText = `${ddmm(noDraw)}\n#1\n${number}#1`;
  await page.getByTestId('express-text').fill(refusedText);
  await page.getByTestId('express-place').click();
  await expect(page.getByTestId('express-line-error-3')).toHaveText('There is no draw for this pool on that date.', { timeout: 30_000 });
  await expect(page.getByTestId('bet-refusal')).toBeVisible();

  // Accepted: the next draw.
  await page.getByTestId('express-text').fill(`D\n#1\n${number}#1`);
  await page.getByTestId('express-place').click();
  await expect(page.getByTestId('bet-result-ticket')).toHaveText(/^T\d+$/, { timeout: 30_000 });
  const ticketNo = (await page.getByTestId('bet-result-ticket').textContent()) ?? '';

  await goByMenu(page, ['menu-reports', 'menu-inbox'], /\/inbox/);
  const table = page.getByTestId('inbox-table');
  await expect(table.locator('tr[data-row-key]').first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('inbox-number').locator('input').fill(number);
  await page.getByTestId('inbox-number').locator('input').press('Enter');
  await expect(page).toHaveURL(new RegExp(`number=${number}`));
  const rows = table.locator('tr[data-row-key]');
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  // Newest first: the accepted text with its ticket, then the refused one with its reason and line.
  await expect(rows.nth(0)).toContainText(ticketNo);
  await expect(rows.nth(0)).toContainText('Accepted');
  await expect(rows.nth(0)).toContainText('Express');
  await expect(rows.nth(1)).toContainText('Refused');
  await expect(rows.nth(1)).toContainText('There is no draw for this pool on that date.');
  await expect(rows.nth(1)).toContainText(`Line 3: ${number}#1`);
  await expect(page.getByTestId('inbox-counts')).toHaveText('Accepted 1, refused 1');
  await shotAll(page, 'inbox-texts');

  // Refused only.
  await page.getByTestId('inbox-status').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Refused"]').click();
  await expect(rows).toHaveCount(1, { timeout: 30_000 });

  // The SMS tab: the receipts sent per account and day.
  await page.getByTestId('inbox-tab-sms').click();
  await expect(page.getByTestId('sms-table')).toBeVisible({ timeout: 30_000 });
  await shotAll(page, 'inbox-sms');
});
