import { expect, test, type Page } from '@playwright/test';
import { afterCutoff, drawDay, WINNERS } from './drawDay';
import { ADMIN, api, goByMenu, loginAs, logoutThroughConfirm, shotAll } from './support';

// The stakeholder and occupied reports after a settled draw (issue 12 items 4 and 5, decision 0028): the
// player has bet on a draw of today that closed since (the draw-day setup, drawDay.ts), the draw is given a result, released by a
// second admin and settles; the agent reads who took what of its lines, top to bottom, and its own position.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const WINNER = WINNERS.stakeholder;
const FIRST_READ = { timeout: 30_000 };
let drawId = 0;
let drawDate = '';
test.beforeAll(() => void ({ drawId, drawDate } = drawDay().stakeholder));

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/,/g, '')) * 100);
const money = async (page: Page, testId: string) => cents(await page.getByTestId(testId).textContent());

test('the player\'s draw (drawDay.setup: the agent ate part of it) gets a result, is released and settles', async ({ page }) => {
  await afterCutoff(drawDay().stakeholder);
  await loginAs(page, ADMIN.username, ADMIN.password);
  const numbers = {
    fourD: {
      first: WINNER,
      second: '5377',
      third: '6377',
      starter: Array.from({ length: 10 }, (_, i) => String(3100 + i)),
      consolation: Array.from({ length: 10 }, (_, i) => String(4100 + i)),
    },
  };
  await api(page.request, 'POST', '/api/Result/SavePoolResult', { drawId, numbers, version: 0 });
  await logoutThroughConfirm(page);
  await loginAs(page, 'demoit');
  await api(page.request, 'POST', '/api/Configuration/SubmitReleaseResultStatus', { drawId, version: 1 });
  // Settlement runs after the release: the date's reports are open again once it is done.
  await expect
    .poll(async () => (await api<{ blocked: boolean }>(page.request, 'GET', `/api/Result/GetReportAccessValue?drawDate=${drawDate}`)).blocked, { timeout: 120_000, intervals: [2_000] })
    .toBe(false);
  await logoutThroughConfirm(page);
});

test('the agent reads each level of its lines from the stakeholder report, and its own position', async ({ page }) => {
  await loginAs(page, 'demoagent');
  await goByMenu(page, ['menu-reports', 'menu-stakeholder'], /\/report\/stakeholder-report/);
  await page.goto(`/report/stakeholder-report?fromDate=${drawDate}&toDate=${drawDate}`);
  const levels = page.getByTestId('stakeholder-levels');
  await expect(levels.getByTestId('stakeholder-level-account-7')).toBeVisible(FIRST_READ);
  // Every part of the chain together took the whole turnover, and won what the others lost.
  const turnover = await page.getByTestId('stakeholder-turnover').textContent();
  expect(await money(page, 'stakeholder-total-eaten')).toBe(cents(turnover!.replace(/^.*\s/, '')));
  expect(await money(page, 'stakeholder-total-result')).toBe(0);
  // The company (the agent's upline) and the unposted part sit above the agent.
  await expect(levels.getByTestId('stakeholder-level-upline-1')).toBeVisible();
  await expect(levels.getByTestId('stakeholder-level-unposted-0')).toBeVisible();
  // The agent's own row holds what its win/loss report says it made.
  const wl = await api<{ totals: { result: number; eaten: number } }>(page.request, 'GET', `/api/Report/GetWinLossReport?fromDate=${drawDate}&toDate=${drawDate}`);
  const own = page.getByTestId('stakeholder-table').locator('tr', { hasText: 'demoagent (' });
  await expect(own).toContainText((wl.totals.result / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  const player = page.getByTestId('stakeholder-table').locator('tr', { hasText: 'demoplayer' });
  // The player won first prize: its result is positive, the agent's and the company's negative.
  await expect(player).toContainText(/[\d,]+\.\d\d/);
  await shotAll(page, 'stakeholder-report');

  // The occupied tab of win/loss 2: the agent's own position per pool and code, as win/loss has it.
  await goByMenu(page, ['menu-reports', 'menu-winLoss2'], /\/report\/win-loss-2-report/);
  await page.goto(`/report/win-loss-2-report?fromDate=${drawDate}&toDate=${drawDate}&tab=occupied`);
  await expect(page.getByTestId('occupied-table').locator('tr', { hasText: 'B' }).first()).toBeVisible(FIRST_READ);
  expect(await money(page, 'occupied-total-eaten')).toBe(wl.totals.eaten);
  // It ate 1.00 of each of the two numbers of the draw (this spec's; an earlier spec's draw of the date adds none).
  expect(wl.totals.eaten).toBe(200);
  await expect(page.getByTestId('eat-data-table').locator('tr', { hasText: drawDate }).first()).toBeVisible();
  await expect(page.getByTestId('occupied-processing')).toHaveCount(0);
  await shotAll(page, 'occupied-report');

  // A date blocked by hand: SPEC 8's occupied message instead of half the figures.
  await logoutThroughConfirm(page);
  await loginAs(page, ADMIN.username, ADMIN.password);
  await api(page.request, 'POST', '/api/Result/BlockReport', { drawDate, blocked: true });
  await logoutThroughConfirm(page);
  await loginAs(page, 'demoagent');
  await page.goto(`/report/win-loss-2-report?fromDate=${drawDate}&toDate=${drawDate}&tab=occupied`);
  await expect(page.getByTestId('occupied-processing')).toContainText('Occupied report is processing', FIRST_READ);
  await shotAll(page, 'occupied-report-blocked');
  await logoutThroughConfirm(page);
  await loginAs(page, ADMIN.username, ADMIN.password);
  await api(page.request, 'POST', '/api/Result/BlockReport', { drawDate, blocked: false });
  await logoutThroughConfirm(page);
});
