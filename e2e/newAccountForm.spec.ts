import { expect, test } from '@playwright/test';
import { agreeTermsIfShown, DEMO_PASSWORD, goByMenu, login, logoutThroughConfirm, pickOption, setLanguage, shot } from './support';

// Issue 10 item 17: the new-account form offers the creator's own packages per package type and shows
// the bounds the server holds for discount and position taking (the upline's own settings).

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const rm = (v: Record<string, number>) => Object.fromEntries(Object.entries(v).map(([k, n]) => [k, n * 100]));

test('the company gives a new agent one of its packages, within its own discount', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page, 'democo', DEMO_PASSWORD);
  await agreeTermsIfShown(page);
  // A package of the company's own, within the seeded Standard it gets.
  const pkg = await page.request.post('/api/Configuration/CreateOrUpdatePackage', {
    headers: XHR,
    data: {
      packageType: 0,
      name: 'Demo agents',
      rates: [
        { code: 'B', commissionPct: 25, payouts: rm({ first: 1900, second: 1000, third: 490, starter: 180, consolation: 60 }) },
        { code: 'S', commissionPct: 25, payouts: rm({ first: 3000, second: 2000, third: 800 }) },
      ],
    },
  });
  expect(pkg.ok(), await pkg.text()).toBe(true);

  await goByMenu(page, ['menu-accounts'], /\/account\/manage/);
  await page.getByTestId('account-new').click();
  await expect(page).toHaveURL(/\/account\/detail$/);
  // democo's own discount is 28%: the bound shown is the server's, not "max 0.00%".
  await expect(page.getByTestId('account-hint-discount')).toHaveText('max 28.00%');
  await expect(page.getByTestId('account-section-package')).toContainText('Yours: Standard');
  await pickOption(page, 'account-field-package-0', 'Demo agents');
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const lang of ['en', 'cn', 'bm'] as const) {
    await setLanguage(page, lang);
    await shot(page, `account-create-packages-${lang}`);
  }
  await setLanguage(page, 'en');

  // Within the bound (28%): saved once, with the package chosen.
  let saves = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/Account/CreateOrUpdateUser')) saves++;
  });
  await pickOption(page, 'account-field-level', 'Agent');
  await page.getByTestId('account-field-username').fill('e2epkgagent');
  await page.getByTestId('account-field-fullName').fill('Package Agent');
  await page.getByTestId('account-field-password').fill('Agent-Pass-1');
  await page.getByTestId('account-field-confirmPassword').fill('Agent-Pass-1');
  await page.getByTestId('account-field-discount').fill('27.5');
  await page.getByTestId('account-save').click();
  await expect(page).toHaveURL(/\/account\/manage/);
  expect(saves).toBe(1);
  // The new agent gets the package chosen.
  const agent = page.getByTestId('account-table').locator('tr[data-row-key]', { hasText: 'e2epkgagent' }).first();
  const agentId = Number(await agent.getAttribute('data-row-key'));
  const pkgs = await page.request.get(`/api/Configuration/GetPackages?userId=${agentId}`, { headers: XHR });
  expect(await pkgs.text()).toContain('Demo agents');
  await logoutThroughConfirm(page);
});
