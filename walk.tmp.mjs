import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3999';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const user = process.argv[2] ?? 'demoagent';
const lang = process.argv[3] ?? 'bm';
const routes = (process.argv[4] ?? '/,/report/win-loss-report,/draw-payment,/report/sales-summary,/report/payout-report,/result').split(',');
await page.goto(base + '/login');
await page.locator('label', { has: page.getByTestId(`language-${lang}`) }).click().catch(() => {});
await page.getByTestId('login-username').fill(user);
await page.getByTestId('login-password').fill(user === 'admin' ? 'Admin12345' : 'Demo12345');
await page.getByTestId('login-submit').click();
await page.waitForTimeout(2500);
const agree = page.getByTestId('tnc-agree');
if (await agree.isVisible().catch(() => false)) { await agree.click(); await page.waitForTimeout(1500); }
for (const r of routes) {
  await page.goto(base + r);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const name = `${user}-${lang}-${r.replaceAll('/', '_') || 'home'}`;
  await page.screenshot({ path: `/tmp/walk/${name}.png` });
  console.log(name, page.url());
}
await browser.close();
