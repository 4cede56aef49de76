import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { ADMIN, agreeTermsIfShown, api, login, shotAll } from './support';

// The system setting autoReleaseConfirmedResult (decision 0023, "Automatic release"): two result sites
// (a local server standing for them) agree on a closed GD draw of four days ago, and Fetch now releases it
// as the system's, which the result screen says. The settings are put back for the specs after this one.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const GD = 8;
const day = new Date(Date.now() - 4 * 86_400_000);
const DATE = day.toISOString().slice(0, 10);
const YYYYMMDD = DATE.replaceAll('-', '');
// Each site is another installation's Result/GetPoolResult (GD's result has a 6D, which an operator's 4D
// page does not carry).
const gdPage = {
  data: [
    {
      poolId: GD,
      status: 'released',
      drawDate: DATE,
      numbers: {
        fourD: {
          first: '4821',
          second: '0932',
          third: '7710',
          starter: Array.from({ length: 10 }, (_, i) => String(1001 + i)),
          consolation: Array.from({ length: 10 }, (_, i) => String(2001 + i)),
        },
        fiveD: null,
        sixD: '482100',
      },
    },
  ],
};

let server: http.Server;
let base = '';
test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (!/^\/(a|b)\/\d{8}$/.test(req.url ?? '') || !req.url!.endsWith(YYYYMMDD)) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(gdPage));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

test('Fetch now releases a result two sites agree on as the system\'s, when the setting says so', async ({ page }) => {
  // The demo schedules this year's draws: GD draws daily.
  test.skip(day.getUTCFullYear() !== new Date().getUTCFullYear(), 'four days ago is last year: no demo draw');
  await login(page, ADMIN.username, ADMIN.password);
  await agreeTermsIfShown(page);
  const sites = ['a', 'b'].map((name) => ({ name: `site-${name}`, urlTemplate: `${base}/${name}/{yyyymmdd}`, format: 'backoffice', pools: [GD] }));
  const set = (settings: { key: string; value: string }[]) => api(page.request, 'POST', '/api/Configuration/UpdateSystemSetting', { settings });
  await set([
    { key: 'gdScrapeResultSite', value: JSON.stringify(sites) },
    { key: 'autoReleaseConfirmedResult', value: 'true' },
  ]);
  try {
    await page.goto(`/result?drawDate=${DATE}`);
    await expect(page.getByTestId(`result-card-${GD}`)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId(`result-status-${GD}`)).toHaveText('No result');
    await page.getByTestId('result-fetch-now').click();
    await expect(page.getByText('1 confirmed result(s) released by the fetch')).toBeVisible();
    await expect(page.getByTestId(`result-status-${GD}`)).toHaveText('Released');
    await expect(page.getByTestId(`result-meta-${GD}`)).toContainText('released by System');
    await shotAll(page, 'results-auto-released');
  } finally {
    await set([
      { key: 'gdScrapeResultSite', value: '' },
      { key: 'autoReleaseConfirmedResult', value: 'false' },
    ]);
  }
});
