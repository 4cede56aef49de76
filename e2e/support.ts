import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { username: 'admin', password: 'Admin12345' };
export const DEMO_PASSWORD = 'Demo12345';

export async function login(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function setLanguage(page: Page, lang: 'en' | 'cn' | 'bm') {
  // The radio input is drawn unseen over its button: click the label that holds it, as a person does.
  await page.locator('label', { has: page.getByTestId(`language-${lang}`) }).click();
}

/** Saves a screenshot under test-results/e2e/screens for a person to look at; none with E2E_SCREENSHOTS=0 (CI). */
export async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join('test-results', 'e2e', 'screens', `${name}.png`), fullPage: true });
}

/** Clicks a checkbox or radio whose test id sits on antd's hidden input. */
export async function clickChoice(page: Page, testId: string) {
  await page.locator('label', { has: page.getByTestId(testId) }).click();
}

export async function logoutThroughConfirm(page: Page) {
  // Seen in CI under load: a click during the menu's or the dialog's opening animation was lost, leaving
  // the menu or the dialog open. A user would click again, and so does this.
  await expect(async () => {
    if (!(await page.getByTestId('alert-message').isVisible())) {
      if (!(await page.getByTestId('logout').isVisible())) await page.getByTestId('account-dropdown').click({ timeout: 2_000 });
      await page.getByTestId('logout').click({ timeout: 2_000 });
    }
    await expect(page.getByTestId('alert-message')).toContainText(/Are you sure you want to logout|确定|pasti/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(async () => {
    if (await page.getByTestId('alert-ok').isVisible()) await page.getByTestId('alert-ok').click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/login$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Picks an item of the account menu (top right), again until `done` holds: a click on an item while the
 * menu still slides open can be lost under load (seen in CI: the fight-limit popup never opened and the
 * spec waited out its timeout). Picking an item twice only opens the same screen again.
 */
export async function accountMenu(page: Page, item: string, done: () => Promise<unknown>) {
  await pickMenuItem(page, 'account-dropdown', item, done);
}

/** Opens a drop-down menu (`opener`) and picks `item`, again until `done` holds (see accountMenu). */
export async function pickMenuItem(page: Page, opener: string, item: string, done: () => Promise<unknown>) {
  await expect(async () => {
    try {
      if (!(await page.getByTestId(item).isVisible())) await page.getByTestId(opener).click({ timeout: 2_000 });
      await page.getByTestId(item).click({ timeout: 2_000 });
    } catch {
      // A click the menu's animation took, or one that the screen it opened covers: `done` tells which.
    }
    await done();
  }).toPass({ timeout: 30_000 });
}

/**
 * Fills and submits the secondary-password prompt, clicking Submit again until the prompt closes: a click
 * during the dialog's opening animation can be lost under load (seen in CI: the prompt stayed open, filled,
 * its Submit never pressed). A click while the check is in flight meets a loading button and does nothing.
 */
export async function submitSecondaryPassword(page: Page, password: string) {
  const input = page.getByTestId('secondary-password-input');
  await expect(input).toBeVisible();
  await input.fill(password);
  await expect(async () => {
    if ((await input.isVisible()) && (await input.inputValue()) === '') await input.fill(password, { timeout: 2_000 });
    const submit = page.getByTestId('secondary-password-submit');
    if (await submit.isVisible()) await submit.click({ timeout: 2_000 });
    await expect(input).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Answers the open confirm dialog with OK (or Cancel), clicking again until it is gone: a click during the
 * dialog's opening animation can be lost under load, and a user would click again.
 */
export async function answerConfirm(page: Page, button: 'alert-ok' | 'alert-cancel' = 'alert-ok') {
  await expect(page.getByTestId('alert-message')).toBeVisible();
  await expect(async () => {
    if (await page.getByTestId(button).isVisible()) await page.getByTestId(button).click({ timeout: 2_000 });
    await expect(page.getByTestId('alert-message')).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** After login: agrees to the terms if they are shown (without "do not show again"), then waits for the dashboard. */
export async function agreeTermsIfShown(page: Page) {
  await expect(page).toHaveURL(/\/(terms-and-conditions|dashboard)$/);
  // Clicked again until the dashboard shows: a click while the terms still lay out can be lost under load.
  await expect(async () => {
    const agree = page.getByTestId('tnc-agree');
    if (page.url().endsWith('/terms-and-conditions') && (await agree.isVisible())) await agree.click({ timeout: 2_000 }).catch(() => undefined);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** Picks an option of an antd Select (the test id is on the select) by its visible label. */
export async function pickOption(page: Page, testId: string, label: string) {
  // Seen in CI under load: a click on an option while the list still opened was lost, leaving the old
  // value. A user would pick again, and so does this, until the select shows the option.
  const select = page.getByTestId(testId);
  const option = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`).first();
  await expect(async () => {
    if (!(await option.isVisible())) await select.click({ timeout: 2_000 });
    await option.click({ timeout: 2_000 });
    await expect(select).toContainText(label, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** The row key (account id) of the table row that shows `text`. */
export async function rowKey(page: Page, tableTestId: string, text: string): Promise<number> {
  const row = page.getByTestId(tableTestId).locator('tr[data-row-key]', { hasText: text }).first();
  await expect(row).toBeVisible();
  return Number(await row.getAttribute('data-row-key'));
}

/**
 * Opens a screen from the side menu: the submenus in `path` (opened only if the item is hidden), then the
 * item, until the URL matches. Seen in CI under load: a click during a submenu's opening animation was
 * lost; a user would click again, and so does this.
 */
export async function goByMenu(page: Page, path: string[], url: RegExp) {
  const item = page.getByTestId(path[path.length - 1]);
  await expect(async () => {
    if (!(await item.isVisible())) for (const id of path.slice(0, -1)) await page.getByTestId(id).click({ timeout: 2_000 });
    await item.click({ timeout: 2_000 });
    await expect(page).toHaveURL(url, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** Logs in and agrees to the terms if they are shown. */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD) {
  await login(page, username, password);
  await agreeTermsIfShown(page);
}

/** A screenshot of the page in each language, ending in English. */
export async function shotAll(page: Page, name: string) {
  for (const lang of ['en', 'cn', 'bm'] as const) {
    await setLanguage(page, lang);
    await shot(page, `${name}-${lang}`);
  }
  await setLanguage(page, 'en');
}

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A call of the API with the page's session; it must succeed. Its data. */
export async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = method === 'GET' ? await request.get(url, { headers: XHR }) : await request.post(url, { headers: XHR, data });
  const body = await res.json();
  expect(res.ok(), JSON.stringify(body)).toBe(true);
  return body.data as T;
}

/**
 * As the super admin (logged in on `page`): a draw of today that closes about `minutes` (two) minutes from now
 * (server time, to the minute). A pool without a draw today gets a special one; on a day every pool draws (the
 * demo's Wednesday, Saturday and Sunday), a draw of today still open has its own cutoff moved instead,
 * never one an earlier spec closed already, nor one of the pools `taken` (draws opened by the same caller a
 * moment before, still open). Specs that settle a draw of their own share the day this way (drawDay.ts).
 */
export async function drawClosingSoon(page: Page, taken: number[] = [], minutes = 2): Promise<{ drawId: number; poolId: number; drawDate: string }> {
  const clock = await api<{ serverTime: string; businessDate: string; timeZone: string; pools: { poolId: number; draws: { drawId: number; drawDate: string }[] }[] }>(
    page.request,
    'GET',
    '/api/Pools/GetDrawClock?poolIds=1,2,3,5,6,7',
  );
  const drawDate = clock.businessDate;
  const today = await api<{ drawId: number; poolId: number }[]>(page.request, 'GET', `/api/Pools/GetPoolScheduleByDay?date=${drawDate}`);
  const at = new Date(Date.parse(clock.serverTime) + minutes * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: clock.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at).map((p) => [p.type, p.value]),
  );
  const cutoff = { cutoffHour: Number(parts.hour), cutoffMinute: Number(parts.minute) };
  const free = [5, 6, 7, 2, 3, 1].find((p) => !taken.includes(p) && !today.some((d) => d.poolId === p));
  if (free) {
    const draw = await api<{ drawId: number }>(page.request, 'POST', '/api/Pools/SubmitNewDraw', { poolId: free, drawDate, isSpecial: true, ...cutoff });
    return { drawId: draw.drawId, poolId: free, drawDate };
  }
  // The next open draw of each pool: one of today is still open.
  const open = [7, 6, 5, 2, 3, 1]
    .filter((p) => !taken.includes(p))
    .map((p) => clock.pools.find((c) => c.poolId === p)?.draws[0])
    .find((d): d is { drawId: number; drawDate: string } => !!d && d.drawDate === drawDate);
  if (!open) throw new Error(`no draw of ${drawDate} is still open`);
  const poolId = today.find((d) => d.drawId === open.drawId)!.poolId;
  await api(page.request, 'POST', '/api/Pools/SubmitEditedDraw', { drawId: open.drawId, ...cutoff, secondaryPassword: ADMIN.password });
  return { drawId: open.drawId, poolId, drawDate };
}
