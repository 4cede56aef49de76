import { expect, test, type Page } from '@playwright/test';
import { accountMenu, ADMIN, agreeTermsIfShown, clickChoice, DEMO_PASSWORD, login, setLanguage, shot, goByMenu } from './support';

// The admin and risk screens (issue 4) on the demo hierarchy admin > democo > demoagent > demoplayer.
// Runs before betting.spec.ts on the same server, so what it changes for ordering is put back: the
// Magnum cutoff, democo's eat type (percentage again) and its red number. The package democo gives
// demoagent keeps the house commission; only a payout is lowered.

test.describe.configure({ mode: 'serial' });

const YEAR = new Date().getFullYear() + 2;

/** A screenshot from the top of the page (a full-page shot of a scrolled page draws the fixed header where the viewport was). */
async function shotTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

/**
 * Screenshots of the current screen in English and Chinese, back in English after. With `reopen` the
 * screen is a dialog: it is closed for the language switch and opened again by `reopen`.
 */
async function shotBoth(page: Page, name: string, reopen?: () => Promise<void>) {
  await shotTop(page, `${name}-en`);
  for (const lang of ['cn', 'en'] as const) {
    if (reopen) {
      await page.keyboard.press('Escape');
      await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
    }
    await setLanguage(page, lang);
    await expect(page.getByTestId(`language-${lang}`)).toBeChecked();
    if (reopen) await reopen();
    if (lang === 'cn') await shotTop(page, `${name}-cn`);
  }
}

/**
 * Picks an option of an antd Select (test id on the select) and checks it took: a click on an option
 * while its list is still sliding in can be lost, so the pick is tried again until the select shows it.
 */
async function choose(page: Page, testId: string, label: string, shown = label) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(async () => {
    if (!(await open.first().isVisible())) await page.getByTestId(testId).click({ timeout: 2_000 });
    await open.locator(`.ant-select-item-option[title="${label}"]`).first().click({ timeout: 2_000 });
    await expect(page.getByTestId(testId)).toContainText(shown, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Waits until dialogs have finished opening (a select clicked while its dialog zooms in can miss). */
async function dialogSettled(page: Page) {
  await expect(page.locator('.ant-modal[class*="ant-zoom-"]')).toHaveCount(0);
}

/** The first day of YEAR that falls on a weekday (0 Sunday). */
function firstWeekday(weekday: number, from = 1): string {
  for (let d = from; d < from + 7; d++) {
    const date = new Date(Date.UTC(YEAR, 0, d));
    if (date.getUTCDay() === weekday) return date.toISOString().slice(0, 10);
  }
  throw new Error('unreachable');
}

async function loginDemoCo(page: Page) {
  await login(page, 'democo', DEMO_PASSWORD);
  await agreeTermsIfShown(page);
}

test('the super admin schedules a year, cancels and adds draws, and sets a cutoff', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await goByMenu(page, ['menu-admin', 'menu-drawDate'], /\/admin-setting\/pool-schedule$/);
  await expect(page.getByTestId('pool-schedule-today')).toBeVisible();
  await expect(page.getByTestId('pool-schedule-calendar')).toBeVisible();
  await shotBoth(page, 'pool-schedule');

  // Schedule YEAR: Magnum also on Tuesdays, Sabah on no day (skipped), the rest as they usually draw.
  await page.getByTestId('schedule-year-open').click();
  await expect(page.getByTestId('schedule-year-form')).toBeVisible();
  await dialogSettled(page);
  await choose(page, 'schedule-year-year', String(YEAR));
  await page.getByTestId('schedule-year-1-2').check();
  await page.getByTestId('schedule-year-5-none').click();
  await expect(page.getByTestId('schedule-year-5-3')).not.toBeChecked();
  await expect(page.getByTestId('schedule-year-gd-note')).toContainText('dailyPool');
  await shotTop(page, 'pool-schedule-year-form-en');
  await page.getByTestId('schedule-year-save').click();
  // The call answers in a fraction of a second; re-drawing the year's calendar after it has held the main
  // thread for seconds on a loaded 2-core machine (seen in CI at load 11): allow it, the page's speed is
  // an open item of its own.
  await expect(page.getByTestId('schedule-year-form')).toBeHidden({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`year=${YEAR}`));
  const tuesday = firstWeekday(2);
  const wednesday = firstWeekday(3);
  await expect(page.getByTestId(`pool-schedule-day-${tuesday}`)).toContainText('M');
  await expect(page.getByTestId(`pool-schedule-day-${wednesday}`)).toContainText('MPTSKW');
  // No Sabah (B) draw.
  await expect(page.getByTestId(`pool-schedule-day-${wednesday}`)).not.toContainText('B');
  await expect(page.getByTestId('pool-schedule-count-5')).toHaveText('(0)');

  // Cancel Magnum's Wednesday draw after the confirm, then enable it again.
  await page.getByTestId(`pool-schedule-day-${wednesday}`).click();
  const magnum = page.getByTestId('day-draws').locator('tr[data-testid^="draw-row-"]', { hasText: 'Magnum 4D' });
  const drawId = (await magnum.getAttribute('data-testid'))!.replace('draw-row-', '');
  await expect(page.getByTestId(`draw-status-${drawId}`)).toHaveText('Open');
  await shotBoth(page, 'pool-schedule-day', () => page.getByTestId(`pool-schedule-day-${wednesday}`).click());
  // The cancel shows its effect (the draw, its tickets and stake, no more sales) and needs the secondary
  // password: a wrong one is said beside the field and changes nothing (issue 29 line 6).
  await page.getByTestId(`draw-cancel-${drawId}`).click();
  const guard = page.getByTestId('guard-dialog');
  await expect(page.locator('.ant-modal-title', { hasText: `Cancel the Magnum 4D draw of ${wednesday}?` })).toBeVisible();
  await expect(guard.getByTestId('guard-summary')).toContainText('This change affects 1 open draw(s): 0 ticket(s) of 0 account(s), stake 0.00.');
  await expect(guard.getByTestId(`guard-closes-${drawId}`)).toHaveText('Cancelled: no more sales');
  await expect(guard.getByTestId('guard-server-time')).toContainText('Server time:');
  await page.getByTestId('guard-password').fill('not-the-password');
  await page.getByTestId('guard-confirm').click();
  await expect(guard).toContainText('The secondary password is incorrect.');
  await expect(page.getByTestId(`draw-status-${drawId}`)).toHaveText('Open');
  await page.getByTestId('guard-password').fill(ADMIN.password);
  await page.getByTestId('guard-confirm').click();
  await expect(guard).toBeHidden();
  await expect(page.getByTestId(`draw-status-${drawId}`)).toHaveText('Cancelled');
  await expect(page.getByTestId(`draw-${drawId}`)).toHaveAttribute('data-status', '0');
  await page.getByTestId(`draw-enable-${drawId}`).click();
  await page.getByTestId('guard-password').fill(ADMIN.password);
  await page.getByTestId('guard-confirm').click();
  await expect(page.getByTestId(`draw-status-${drawId}`)).toHaveText('Open');
  await page.getByTestId('day-draws-close').click();

  // A special Magnum draw on the first Thursday.
  const thursday = firstWeekday(4);
  await expect(page.getByTestId(`pool-schedule-day-${thursday}`)).not.toContainText('M');
  await page.getByTestId('special-draw-open').click();
  await dialogSettled(page);
  await choose(page, 'special-draw-pool', 'M · Magnum 4D');
  await page.getByTestId('special-draw-date').fill(thursday);
  await page.getByTestId('special-draw-date').press('Enter');
  await expect(page.getByTestId('special-draw-special')).toBeChecked();
  await shotTop(page, 'pool-schedule-special-en');
  await page.getByTestId('special-draw-save').click();
  await expect(page.getByTestId(`pool-schedule-day-${thursday}`)).toContainText('M');
  // The same draw again: refused by the server with its message.
  await page.getByTestId('special-draw-open').click();
  await dialogSettled(page);
  await choose(page, 'special-draw-pool', 'M · Magnum 4D');
  await page.getByTestId('special-draw-date').fill(thursday);
  await page.getByTestId('special-draw-date').press('Enter');
  await page.getByTestId('special-draw-save').click();
  await expect(page.getByTestId('alert-message')).toHaveText('There is already a draw for this pool on that date.');
  await page.getByTestId('alert-ok').click();
  await page.getByTestId('special-draw-cancel').click();

  // Cutoff: Magnum to 19:00, then back to what it was (the ordering specs run on the same server).
  await goByMenu(page, ['menu-admin', 'menu-cutoffTime'], /\/adminSetting\/cutoff-time$/);
  const before = (await page.getByTestId('cutoff-current-1').textContent())!;
  await expect(page.getByTestId('cutoff-save-1')).toBeDisabled();
  await page.getByTestId('cutoff-hour-1').fill('19');
  await page.getByTestId('cutoff-minute-1').fill('0');
  await shotBoth(page, 'cutoff-time');
  // Save first shows what moves: every open Magnum draw, its tickets and stake, and the new close time
  // against the server clock; then the secondary password. Looked at in the three languages.
  for (const lang of ['cn', 'bm', 'en'] as const) {
    await setLanguage(page, lang);
    await page.getByTestId('cutoff-save-1').click();
    await expect(page.getByTestId('guard-summary')).toBeVisible();
    if (lang !== 'en') {
      await shot(page, `cutoff-guard-${lang}`);
      await page.getByTestId('guard-cancel').click();
      await expect(page.getByTestId('guard-dialog')).toBeHidden();
    }
  }
  await expect(page.locator('.ant-modal-title', { hasText: 'Change the cutoff of Magnum 4D to 19:00?' })).toBeVisible();
  await expect(page.getByTestId('guard-summary')).toContainText(/This change affects \d+ open draw\(s\)/);
  await expect(page.getByTestId('guard-draws').locator('[data-testid^="guard-closes-"]').first()).toContainText(/closes in|Already passed/);
  await shot(page, 'cutoff-guard-en');
  await page.getByTestId('guard-password').fill(ADMIN.password);
  await page.getByTestId('guard-confirm').click();
  await expect(page.getByTestId('cutoff-current-1')).toHaveText('19:00');
  await page.reload();
  await expect(page.getByTestId('cutoff-current-1')).toHaveText('19:00');
  const [h, m] = before.split(':');
  await page.getByTestId('cutoff-hour-1').fill(String(Number(h)));
  await page.getByTestId('cutoff-minute-1').fill(String(Number(m)));
  await page.getByTestId('cutoff-save-1').click();
  await page.getByTestId('guard-password').fill(ADMIN.password);
  await page.getByTestId('guard-confirm').click();
  await expect(page.getByTestId('cutoff-current-1')).toHaveText(before);

  // Master templates: the seeded company template, its items by category; a bad date is refused here.
  await goByMenu(page, ['menu-admin', 'menu-masterPackages'], /\/admin-setting\/manage-master-template$/);
  await page.getByTestId('templates-table').getByText('Company master template').click();
  await expect(page.getByTestId('template-name')).toHaveValue('Company master template');
  await expect(page.getByTestId('template-tab-all')).toContainText('49');
  await page.getByTestId('template-tab-2').click();
  await expect(page.getByTestId('template-items').locator('input[value="Singapore B first"]')).toHaveCount(1);
  await shotBoth(page, 'master-template');
  await page.getByTestId('template-tab-6').click();
  await page.getByTestId('template-add-item').click();
  const added = page.getByTestId('template-items').locator('tr.ant-table-row').last();
  const kindSelect = await added.locator('[data-testid^="template-kind-"]').getAttribute('data-testid');
  await choose(page, kindSelect!, 'Date');
  await page.getByTestId('template-save').click();
  await expect(page.getByTestId('alert-message')).toHaveText('Some fields are invalid.');
  await page.getByTestId('alert-ok').click();
  await expect(added).toContainText('This field is required.');
  await added.locator('[data-testid^="template-remove-"]').click();
  await expect(page.getByTestId('template-tab-all')).toContainText('49');
});

test('the super admin opens Add Pool; a name, letter and digit already taken are refused, each named', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await goByMenu(page, ['menu-admin', 'menu-drawDate'], /\/admin-setting\/pool-schedule$/);
  await page.getByTestId('new-pool-open').click();
  const modal = page.locator('.ant-modal', { has: page.getByTestId('new-pool-name') });
  await expect(page.getByTestId('new-pool-name')).toBeVisible();
  // Nothing is added (the other specs share this server's pools): Magnum's name, letter and digit.
  await page.getByTestId('new-pool-name').fill('Magnum 4D');
  await page.getByTestId('new-pool-code').fill('Magnum2');
  await page.getByTestId('new-pool-letter').fill('M');
  await page.getByTestId('new-pool-digit').fill('1');
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(modal.locator('.ant-form-item-explain-error', { hasText: 'Another pool already uses this.' })).toHaveCount(3);
  await shot(page, 'new-pool-refused-en');
  await modal.locator('.ant-modal-footer .ant-btn').first().click();
  await expect(page.getByTestId('new-pool-name')).toBeHidden();
  // The dialog in Chinese (the language switch sits under the dialog's mask, so switch first).
  await setLanguage(page, 'cn');
  await page.getByTestId('new-pool-open').click();
  await expect(page.getByTestId('new-pool-name')).toBeVisible();
  await shot(page, 'new-pool-cn');
  await modal.locator('.ant-modal-footer .ant-btn').first().click();
  await expect(page.getByTestId('new-pool-name')).toBeHidden();
  await setLanguage(page, 'en');
});

test('democo edits a package within its bounds and assigns it to demoagent', async ({ page }) => {
  test.setTimeout(300_000);
  await loginDemoCo(page);
  // Companies have no Package List menu item (SPEC 2): red package settings link to the list.
  await accountMenu(page, 'account-red-package', () => expect(page).toHaveURL(/\/package\/detail\?userId=\d+&isRedPackage=true$/, { timeout: 5_000 }));
  await expect(page.getByTestId('red-package-none')).toContainText('You have no Normal red package yet.');
  await shotBoth(page, 'red-package');
  await page.getByTestId('package-back').click();
  await expect(page).toHaveURL(/\/package\/manage$/);
  await expect(page.getByTestId('package-table')).toContainText('Standard');
  await shotBoth(page, 'package-manage');

  // A new package starts from what democo gets (the system Standard): base and margin under each rate.
  await page.getByTestId('package-new').click();
  await expect(page).toHaveURL(/\/package\/detail\?packageType=0$/);
  await page.getByTestId('package-field-name').fill('E2E Co Standard');
  await expect(page.getByTestId('rate-B-first')).toHaveValue('2500');
  await expect(page.getByTestId('rate-B-first-cell')).toContainText('base 2,500.00');
  // Above the bound: the server names rates.B.payouts.first and the cell shows it.
  await page.getByTestId('rate-B-first').fill('2600');
  await expect(page.getByTestId('rate-B-first-cell')).toContainText('margin -100.00');
  await page.getByTestId('package-save').click();
  await expect(page.getByTestId('alert-message')).toHaveText('A rate exceeds what this account itself receives from its upline.');
  await page.getByTestId('alert-ok').click();
  await expect(page.getByTestId('rate-B-first-cell')).toContainText('Above your own rate.');
  await expect(page).toHaveURL(/packageType=0$/);
  await shotBoth(page, 'package-detail');
  // Within the bound: saved, and the screen shows the stored package.
  await page.getByTestId('rate-B-first').fill('2400');
  await expect(page.getByTestId('rate-B-first-cell')).not.toContainText('Above your own rate.');
  await page.getByTestId('package-save').click();
  await expect(page).toHaveURL(/\/package\/detail\?id=\d+$/);
  const packageId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByTestId('package-info')).toContainText('democo');
  await expect(page.getByTestId('rate-B-first')).toHaveValue('2400');
  await expect(page.getByTestId('rate-B-first-cell')).toContainText('margin 100.00');

  // Assign it to the direct downline demoagent: tracked as a changed package for that account.
  await page.getByTestId('package-back').click();
  await expect(page.getByTestId('package-table')).toContainText('E2E Co Standard');
  const agentRow = page.getByTestId('package-assign-table').locator('tr[data-row-key]', { hasText: 'demoagent' });
  const agentId = Number(await agentRow.getAttribute('data-row-key'));
  await expect(page.getByTestId(`package-current-${agentId}`)).toContainText('Inherits Standard');
  await choose(page, `package-assign-${agentId}`, 'E2E Co Standard');
  await page.getByTestId(`package-assign-save-${agentId}`).click();
  await expect(page.getByTestId(`package-current-${agentId}`)).toHaveText('E2E Co Standard');
  await expect(page.getByTestId(`package-assigned-${packageId}`)).toContainText('demoagent');
  const tracked = await page.evaluate(() => [localStorage.getItem('changedPackage'), localStorage.getItem('requiredRefresh')]);
  expect(JSON.parse(tracked[0]!)).toContainEqual({ id: packageId, targetUserId: agentId });
  expect(tracked[1]).toBe('true');
  await shotTop(page, 'package-assigned-en');

  // What demoagent now gets, read again because its package changed (its entries are then cleared).
  await page.getByTestId(`package-view-rates-${agentId}`).click();
  await expect(page.getByTestId('package-field-name')).toHaveValue('E2E Co Standard');
  expect(await page.evaluate((id) => JSON.parse(localStorage.getItem('changedPackage') ?? '[]').some((e: { targetUserId: number }) => e.targetUserId === id), agentId)).toBe(
    false,
  );
});

test('democo sets its own fight limit in the popup and in the shell', async ({ page }) => {
  test.setTimeout(300_000);
  await loginDemoCo(page);
  const pages = page.context().pages().length;
  await accountMenu(page, 'account-fight-limit', () => expect.poll(() => page.context().pages().length, { timeout: 5_000 }).toBeGreaterThan(pages));
  const popup = page.context().pages().at(-1)!;
  await expect(popup).toHaveURL(/\/manage-fight-limit\?userId=\d+&userName=democo&popup=1$/);
  await expect(popup.getByTestId('fight-limit-username')).toHaveText('democo');
  // No app shell in the popup.
  await expect(popup.getByTestId('header')).toHaveCount(0);
  await expect(popup.getByTestId('menu')).toHaveCount(0);
  await expect(popup.getByTestId('fight-limit-percentage-hint')).toBeVisible();
  await expect(popup.getByTestId('fight-limit-1-B')).toBeDisabled();

  await clickChoice(popup, 'fight-eatType-amount');
  await clickChoice(popup, 'fight-limitMethod-2');
  await popup.getByTestId('fight-limit-1-B').fill('500');
  await popup.getByTestId('fight-limit-8-S').fill('120.50');
  await popup.getByTestId('fight-limit-save').click();
  await expect(popup.locator('.ant-message')).toContainText('Saved successfully.');
  await popup.reload();
  await expect(popup.getByTestId('fight-eatType-amount')).toBeChecked();
  await expect(popup.getByTestId('fight-limitMethod-2')).toBeChecked();
  await expect(popup.getByTestId('fight-limit-1-B')).toHaveValue('500');
  await expect(popup.getByTestId('fight-limit-8-S')).toHaveValue('120.5');
  await shotTop(popup, 'fight-limit-popup-en');
  await popup.evaluate(() => localStorage.setItem('language', 'cn'));
  await popup.reload();
  await expect(popup.getByTestId('fight-limit')).toContainText('吃字类型');
  await shotTop(popup, 'fight-limit-popup-cn');
  await popup.evaluate(() => localStorage.setItem('language', 'en'));
  await popup.close();

  // The same screen with the shell; back to percentage so the ordering specs see the demo settings.
  await page.goto('/manage-fight-limit');
  await expect(page.getByTestId('header')).toBeVisible();
  await expect(page.getByTestId('fight-limit-1-B')).toHaveValue('500');
  await shotBoth(page, 'fight-limit');
  await clickChoice(page, 'fight-eatType-percentage');
  await page.getByTestId('fight-limit-save').click();
  await expect(page.locator('.ant-message')).toContainText('Saved successfully.');
});

test('democo creates a 24P red number, sees its permutations, and unblocks the number queue', async ({ page }) => {
  test.setTimeout(300_000);
  await loginDemoCo(page);
  // Admin is the super admin's menu (SPEC 2): a company opens red numbers from its fight limit screen.
  await expect(page.getByTestId('menu-admin')).toHaveCount(0);
  await page.goto('/manage-fight-limit');
  await page.getByTestId('fight-limit-red-numbers').click();
  await expect(page).toHaveURL(/\/admin-setting\/rednumber$/);
  await expect(page.getByTestId('red-number-fight-limit')).toBeVisible();
  await expect(page.getByTestId('red-number-table')).toContainText('No red numbers.');

  await page.getByTestId('red-number-new').click();
  await dialogSettled(page);
  await page.getByTestId('red-number-number').fill('1234');
  // The type follows the number's permutation group.
  await expect(page.getByTestId('red-number-type')).toContainText('24P');
  await expect(page.getByTestId('red-number-preview')).toContainText('Covers 24 numbers');
  await expect(page.getByTestId('red-number-preview-list').locator('.ant-tag')).toHaveCount(24);
  await expect(page.getByTestId('red-number-preview-list')).toContainText('4321');
  await page.getByTestId('red-number-limit').fill('50');
  await shotTop(page, 'red-number-form-en');
  // 12P does not fit 1234: refused in place.
  await choose(page, 'red-number-type', '12P (12 numbers)');
  await expect(page.getByTestId('red-number-form')).toContainText('1234 has 24 permutations: 12P does not fit it.');
  await choose(page, 'red-number-type', '24P (24 numbers)');
  await page.getByTestId('red-number-save').click();
  const row = page.getByTestId('red-number-table').locator('tr[data-row-key]', { hasText: '1234' });
  await expect(row).toContainText('24P');
  await expect(row).toContainText('50.00');
  const id = await row.getAttribute('data-row-key');
  await row.locator('.ant-table-row-expand-icon').click();
  await expect(page.getByTestId(`red-number-covered-${id}`).locator('.ant-tag')).toHaveCount(24);
  await expect(page.getByTestId(`red-number-covered-${id}`)).toContainText('3412');
  await shotBoth(page, 'red-number');

  // The number queue: empty on a fresh server; Unblock needs a selection, Unblock All a confirm.
  await page.getByTestId('red-number-tab-queue').click();
  await expect(page).toHaveURL(/tab=queue/);
  await expect(page.getByTestId('number-queue-empty')).toBeVisible();
  await expect(page.getByTestId('number-queue-unblock')).toBeDisabled();
  await shotBoth(page, 'number-queue');
  await page.getByTestId('number-queue-unblock-all').click();
  await expect(page.getByTestId('alert-message')).toHaveText('Unblock all numbers in the queue?');
  await page.getByTestId('alert-ok').click();
  await expect(page.locator('.ant-message')).toContainText('Numbers unblocked: 0');

  // Delete after the confirm (SPEC 8): cancelling keeps it, OK removes it.
  await page.getByTestId('red-number-tab-list').click();
  await page.getByTestId(`red-number-delete-${id}`).click();
  await expect(page.getByTestId('alert-message')).toHaveText('Delete the red number 1234 (24P)?');
  await page.getByTestId('alert-cancel').click();
  await expect(page.getByTestId('red-number-table')).toContainText('1234');
  await page.getByTestId(`red-number-delete-${id}`).click();
  await page.getByTestId('alert-ok').click();
  await expect(page.getByTestId('red-number-table')).toContainText('No red numbers.');
});
