import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { agreeTermsIfShown, DEMO_PASSWORD, goByMenu, login, logoutThroughConfirm, pickOption, setLanguage, shot } from './support';

// Credit limit changes beside transfers (issue 10 item 13) and the screens a player gets instead of an
// agent's (item 21): its statement at Payment, its rates at Package List. On the demo hierarchy.

test.describe.configure({ mode: 'serial' });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** Screenshots of the current screen in English, Chinese and Malay, back in English after. */
async function shotAll(page: Page, name: string) {
  for (const lang of ['en', 'cn', 'bm'] as const) {
    await setLanguage(page, lang);
    await expect(page.getByTestId(`language-${lang}`)).toBeChecked();
    await shot(page, `${name}-${lang}`);
  }
  await setLanguage(page, 'en');
}

async function loginAs(page: Page, username: string) {
  await login(page, username, DEMO_PASSWORD);
  await agreeTermsIfShown(page);
}

test('an agent sets a player credit limit and sees the change beside the transfers, in the history and the credit log', async ({ page }) => {
  test.setTimeout(300_000);
  await loginAs(page, 'demoagent');
  await goByMenu(page, ['menu-payment'], /\/payment$/);
  await pickOption(page, 'payment-account', 'demoplayer (Demo Player)');
  await expect(page.getByTestId('payment-credit-limit')).toHaveText(/\d/);
  const before = (await page.getByTestId('payment-credit-limit').textContent())!;

  await page.getByTestId('payment-limit-amount').fill('777');
  await page.getByTestId('payment-limit-save').click();
  await expect(page.getByTestId('payment-credit-limit')).toHaveText('777.00');
  await page.getByTestId('payment-amount').fill('25');
  await page.getByTestId('payment-submit').click();
  await expect(page.getByTestId('payment-result')).toContainText('25.00');

  const history = page.getByTestId('payment-history-table');
  const limitRow = history.locator('tr', { hasText: 'Credit limit changed' }).first();
  await expect(limitRow).toContainText(`${before} → 777.00`);
  await expect(limitRow).toContainText('demoagent');
  await expect(history.locator('tr', { hasText: 'Transfer Credit' }).first()).toContainText('25.00');
  await shotAll(page, 'payment-history-limit');

  await page.getByTestId('payment-credit-log').click();
  await expect(page).toHaveURL(/\/report\/player-transaction\?userId=\d+$/);
  const log = page.getByTestId('credit-log-table');
  await expect(log.locator('tr', { hasText: 'Credit limit changed' }).first()).toContainText('777.00');
  await expect(log.locator('tr', { hasText: 'Transfer Credit' }).first()).toContainText('+25.00');
  await shotAll(page, 'credit-log-limit');
  await logoutThroughConfirm(page);
});

test('a player reads its own statement at Payment, with no transfer form, and its rates at Package List', async ({ page }) => {
  test.setTimeout(300_000);
  await loginAs(page, 'demoplayer');
  const placed = await page.request.post('/api/Bet/PlaceExpressOrder', {
    headers: XHR,
    data: { text: 'D\n#123\n1234#1#1', idempotencyKey: crypto.randomUUID() },
  });
  expect(placed.ok()).toBe(true);

  await expect(page.getByTestId('menu-payment')).toHaveText('My Statement');
  await goByMenu(page, ['menu-payment'], /\/payment$/);
  await expect(page).toHaveTitle(/^My Statement \| /);
  await expect(page.getByTestId('statement')).toBeVisible();
  await expect(page.getByTestId('payment-form')).toHaveCount(0);
  await expect(page.getByTestId('payment-account')).toHaveCount(0);
  await expect(page.getByTestId('statement-credit-limit')).toHaveText('777.00');
  const log = page.getByTestId('statement-credit-log');
  await expect(log.locator('tr', { hasText: 'Credit limit changed' }).first()).toContainText('777.00');
  await expect(log.locator('tr', { hasText: 'Bet stake' }).first()).toBeVisible();
  await expect(log.locator('tr', { hasText: 'Transfer Credit' }).first()).toContainText('+25.00');
  await shotAll(page, 'statement-credit');

  await page.getByTestId('statement-tab-tickets').click();
  await expect(page.getByTestId('statement-tickets').locator('tbody tr.ant-table-row')).not.toHaveCount(0);
  await shotAll(page, 'statement-tickets');
  await setLanguage(page, 'cn');
  await expect(page).toHaveTitle(/^我的账单 \| /);
  await expect(page.getByTestId('menu-payment')).toHaveText('我的账单');
  await setLanguage(page, 'en');

  // Its own usline from the statement (issue 29 line 3): what it owes its upline, or is owed, per draw date.
  await page.getByTestId('statement-usline').click();
  await expect(page).toHaveURL(/\/self-usline$/);
  await expect(page.getByTestId('usline-table')).toBeVisible();
  await expect(page.getByTestId('usline-upline')).toContainText('demoagent');
  await shotAll(page, 'statement-usline');
  await page.goBack();

  await goByMenu(page, ['menu-packageList'], /\/package\/manage$/);
  await expect(page.getByTestId('package-intro')).toHaveText(/your bets are paid by/);
  await expect(page.getByTestId('package-table')).not.toContainText('Assigned to');
  await shotAll(page, 'package-list-player');
  await logoutThroughConfirm(page);
});

test('an agent still reads package wording for its downline', async ({ page }) => {
  await loginAs(page, 'demoagent');
  await goByMenu(page, ['menu-packageList'], /\/package\/manage$/);
  await expect(page.getByTestId('package-intro')).toHaveText(/you give your downline/);
  await expect(page.getByTestId('package-table')).toContainText('Assigned to');
  await logoutThroughConfirm(page);
});
