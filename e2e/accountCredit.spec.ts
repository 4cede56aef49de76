import { expect, test } from '@playwright/test';
import { agreeTermsIfShown, api, DEMO_PASSWORD, goByMenu, login, logoutThroughConfirm, setLanguage, shot } from './support';

test.describe.configure({ mode: 'serial' });

test("an agent's Home names its level as Accounts does, in every language", async ({ page }) => {
  await login(page, 'demoagent', DEMO_PASSWORD);
  await agreeTermsIfShown(page);
  await expect(page.getByTestId('dashboard-role')).toHaveText('Agent');
  // Today's sales are the sales summary's totals for today (the same server function), shown in cents as money.
  const today = await api<{ businessDate: string; draws: { poolId: number; open: boolean }[] }>(page.request, 'GET', '/api/Dashboard/GetDashboard');
  const sum = await api<{ totals: { tickets: number; turnover: number; net: number } }>(
    page.request,
    'GET',
    `/api/Report/GetSumSalesSummary?fromDate=${today.businessDate}&toDate=${today.businessDate}`,
  );
  await expect(page.getByTestId('dashboard-sales-tickets')).toHaveText(String(sum.totals.tickets));
  await expect(page.getByTestId('dashboard-sales-turnover')).toHaveText(`MYR ${money(sum.totals.turnover)}`);
  await expect(page.getByTestId('dashboard-sales-net')).toHaveText(`MYR ${money(sum.totals.net)}`);
  await expect(page.getByTestId('dashboard-today-draws')).toContainText(today.businessDate);
  // An open draw's time left ticks down in the browser between reads of the server.
  const open = today.draws.find((d) => d.open);
  if (open) {
    const left = page.getByTestId(`dashboard-draw-${open.poolId}-left`);
    const first = await left.textContent();
    await expect(left).not.toHaveText(first ?? '', { timeout: 3_000 });
  }
  await expect(page.getByTestId('dashboard-latest-results')).toBeVisible();
  await shot(page, 'dashboard-agent-en');
  await setLanguage(page, 'cn');
  await expect(page.getByTestId('dashboard-role')).toHaveText('代理');
  await shot(page, 'dashboard-agent-cn');
  await setLanguage(page, 'bm');
  await expect(page.getByTestId('dashboard-role')).toHaveText('Ejen');
  await shot(page, 'dashboard-agent-bm');
  await setLanguage(page, 'en');
  await logoutThroughConfirm(page);
});

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** "MYR 1,234.50" as cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);
const money = (cents: number) => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('an open ticket shows as outstanding on the accounts list, the account detail and Home, up the chain', async ({ page }) => {
  test.setTimeout(300_000);
  // The player may hold open tickets already (the draw-day setup's): the new one adds to what is shown.
  const outstanding = async () => {
    await expect(page.getByTestId('dashboard-outstanding')).toHaveText(/\d\.\d\d$/);
    return cents((await page.getByTestId('dashboard-outstanding').textContent()) ?? '');
  };
  await login(page, 'demoagent', DEMO_PASSWORD);
  await agreeTermsIfShown(page);
  const agentBefore = await outstanding();
  await logoutThroughConfirm(page);

  await login(page, 'demoplayer', DEMO_PASSWORD);
  await agreeTermsIfShown(page);
  const playerBefore = await outstanding();
  // Placed through the API with the player's session, so the figure is what placement really charged.
  const res = await page.request.post('/api/Bet/PlaceExpressOrder', { headers: XHR, data: { text: 'D\n#1\n4321#10', idempotencyKey: `e2e-outstanding-${Date.now()}` } });
  expect(res.ok()).toBe(true);
  const { net } = (await res.json()).data as { net: number };
  expect(net).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByTestId('dashboard-outstanding')).toHaveText(`MYR ${money(playerBefore + net)}`);
  await logoutThroughConfirm(page);

  await login(page, 'demoagent', DEMO_PASSWORD);
  await agreeTermsIfShown(page);
  await expect(page.getByTestId('dashboard-outstanding')).toHaveText(`MYR ${money(agentBefore + net)}`);
  await shot(page, 'dashboard-agent-outstanding-en');
  await goByMenu(page, ['menu-accounts'], /\/account\/manage/);
  const table = page.getByTestId('account-table');
  const playerId = Number(await table.locator('tr[data-row-key]', { hasText: 'demoplayer' }).first().getAttribute('data-row-key'));
  await expect(page.getByTestId(`account-outstanding-${playerId}`)).toHaveText(money(playerBefore + net));
  for (const lang of ['en', 'cn', 'bm'] as const) {
    await setLanguage(page, lang);
    await expect(page.getByTestId(`account-outstanding-${playerId}`)).toHaveText(money(playerBefore + net));
    await shot(page, `accounts-outstanding-${lang}`);
  }
  await setLanguage(page, 'en');
  await page.goto(`/account/detail?userId=${playerId}`);
  await expect(page.getByTestId('account-outstanding')).toHaveText(money(playerBefore + net));
  await shot(page, 'account-detail-outstanding-en');
  await logoutThroughConfirm(page);
});
