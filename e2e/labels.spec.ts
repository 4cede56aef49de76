import { expect, test } from '@playwright/test';
import { ADMIN, agreeTermsIfShown, DEMO_PASSWORD, goByMenu, login, setLanguage, shot } from './support';

// Small things a user saw wrong (issue 10, item 22): the terms page's tab title, the express screen's
// name in the menu and on the page, and the fight-limit popup at its own size (SPEC 9: 1000x800).

test('the terms page is titled as the terms in the browser tab', async ({ page }) => {
  await login(page, 'demoagent', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/(terms-and-conditions|dashboard)$/);
  // Sent there by the login itself (the first login of the run), then opened directly and reloaded.
  if (page.url().endsWith('/terms-and-conditions')) await expect(page).toHaveTitle('Terms and Conditions | 4D Back Office');
  await page.goto('/terms-and-conditions');
  await expect(page.getByTestId('terms')).toBeVisible();
  await expect(page).toHaveTitle('Terms and Conditions | 4D Back Office');
  await page.reload();
  await expect(page.getByTestId('terms')).toBeVisible();
  await expect(page).toHaveTitle('Terms and Conditions | 4D Back Office');
});

test('the menu names the express screen as the screen names itself, in every language', async ({ page }) => {
  await login(page, 'demoagent', DEMO_PASSWORD);
  await agreeTermsIfShown(page);
  await goByMenu(page, ['menu-bet', 'menu-expressBetting'], /\/order\/express-betting$/);
  for (const [lang, name] of [
    ['en', 'Express Order'],
    ['cn', '快速下注'],
    ['bm', 'Pesanan Ekspres'],
  ] as const) {
    await setLanguage(page, lang);
    await expect(page.getByTestId('menu-expressBetting')).toHaveText(name);
    await expect(page.getByTestId('content').locator('h3').first()).toHaveText(name);
    await expect(page).toHaveTitle(new RegExp(`^${name} \\| `));
  }
  await setLanguage(page, 'en');
});

test('the fight-limit popup shows every bet-code column at 1000x800', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await login(page, 'democo', DEMO_PASSWORD);
  await agreeTermsIfShown(page);
  for (const lang of ['en', 'cn', 'bm'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.goto('/manage-fight-limit?popup=1');
    const grid = page.getByTestId('fight-limit-grid');
    await expect(grid).toBeVisible();
    // The last column of the last pool (the widest row) lies inside the window, without scrolling sideways.
    const inputs = grid.locator('tbody tr').last().locator('input');
    const last = inputs.last();
    await expect(last).toBeVisible();
    const box = await last.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1000);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1000);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `fight-limit-popup-1000-${lang}`);
  }
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});

// Seeded names in the reader's language (issue 10, item 20): the system package and the tab title's suffix.
test('seeded names and the tab title follow the language', async ({ page }) => {
  // The super admin's package list holds the system packages whatever other specs assigned to the demo.
  await login(page, ADMIN.username, ADMIN.password);
  await agreeTermsIfShown(page);
  await page.goto('/package/manage');
  for (const [lang, standard, title] of [
    ['en', 'Standard', /^Packages \| 4D Back Office$/],
    ['cn', '标准', /\| 4D 后台管理$/],
    ['bm', 'Piawai', /\| 4D Pejabat Belakang$/],
  ] as const) {
    await setLanguage(page, lang);
    await expect(page.getByTestId('package-table')).toContainText(standard);
    await expect(page).toHaveTitle(title);
    await shot(page, `package-list-seeded-${lang}`);
  }
  await setLanguage(page, 'en');
});
