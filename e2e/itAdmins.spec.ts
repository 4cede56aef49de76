import { expect, test, type Page } from '@playwright/test';
import { ADMIN, agreeTermsIfShown, login, logoutThroughConfirm, setLanguage, shot } from './support';

// Issue 30 line 1: the super admin adds an IT admin in Accounts > IT Admins, lists it, suspends it (its
// login is then refused), activates it and resets its password, on the agents' 1366 x 768 laptop, where
// the screen fits without scrolling sideways. The new IT admin then logs in with the password reset.

test.describe.configure({ mode: 'serial' });

const IT = { username: 'e2eitadmin', fullName: 'E2E IT Admin', password: 'ItAdmin-pass-1', reset: 'ItAdmin-pass-2' };

async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client);
}

async function openTab(page: Page) {
  await page.goto('/account/manage?tab=itAdmins');
  await expect(page.getByTestId('it-admins')).toBeVisible();
}

test('the super admin adds, lists, suspends, activates and resets an IT admin at 1366 x 768', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openTab(page);
  // The demo's IT admin is listed already.
  await expect(page.getByTestId('it-admin-table')).toContainText('demoit');
  await noSidewaysScroll(page);

  await page.getByTestId('it-admin-add').click();
  await page.getByTestId('it-admin-field-username').fill(IT.username);
  await page.getByTestId('it-admin-field-fullName').fill(IT.fullName);
  await page.getByTestId('it-admin-field-password').fill(IT.password);
  await page.getByTestId('it-admin-field-confirmPassword').fill(IT.password);
  await shot(page, 'it-admin-add-1366-en');
  await page.getByTestId('it-admin-save').click();
  await expect(page.getByTestId('it-admin-table')).toContainText(IT.fullName);
  await expect(page.getByTestId(`it-admin-status-${IT.username}`)).toHaveAttribute('data-status', 'Active');
  await noSidewaysScroll(page);
  for (const lang of ['cn', 'bm', 'en'] as const) {
    await setLanguage(page, lang);
    await noSidewaysScroll(page);
    await shot(page, `it-admins-1366-${lang}`);
  }

  await page.getByTestId(`it-admin-suspend-${IT.username}`).click();
  await expect(page.getByTestId(`it-admin-status-${IT.username}`)).toHaveAttribute('data-status', 'Suspended');
  await page.getByTestId(`it-admin-activate-${IT.username}`).click();
  await expect(page.getByTestId(`it-admin-status-${IT.username}`)).toHaveAttribute('data-status', 'Active');

  await page.getByTestId(`it-admin-reset-${IT.username}`).click();
  await page.getByTestId('it-admin-field-password').fill(IT.reset);
  await page.getByTestId('it-admin-field-confirmPassword').fill(IT.reset);
  await shot(page, 'it-admin-reset-1366-en');
  await page.getByTestId('it-admin-reset-save').click();
  await expect(page.getByTestId('it-admin-reset-form')).toBeHidden();
  await logoutThroughConfirm(page);

  // The old password no longer logs in; the reset one does, and the IT admin lands on its own screens.
  await login(page, IT.username, IT.password);
  await expect(page.getByTestId('login-error')).toBeVisible();
  await login(page, IT.username, IT.reset);
  await agreeTermsIfShown(page);
});

test('the suspended IT admin cannot log in', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openTab(page);
  await page.getByTestId(`it-admin-suspend-${IT.username}`).click();
  await expect(page.getByTestId(`it-admin-status-${IT.username}`)).toHaveAttribute('data-status', 'Suspended');
  await logoutThroughConfirm(page);
  await login(page, IT.username, IT.reset);
  await expect(page.getByTestId('login-error')).toContainText(/not active/);
});
