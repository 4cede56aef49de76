import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { afterCutoff, drawDay, WINNERS } from './drawDay';
import { ADMIN, answerConfirm, api, DEMO_PASSWORD, loginAs, logoutThroughConfirm, shot, shotAll } from './support';

// Seamless API accounts and prize claims (issue 11 items 12 and 7, decision 0025): the company gives the
// demo player's API account a settlement callback URL; the player's winning ticket is settled, POSTed to a
// receiver here (which refuses the first try) until acknowledged; its agent sees the delivery state and
// the held prize on the ticket, pays the prize and sends the settlement again, each after a confirm.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const WINNER = WINNERS.seamless;

const received: { body: string; signature: string | undefined }[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    received.push({ body, signature: req.headers['x-seamless-signature'] as string | undefined });
    res.statusCode = received.length === 1 ? 503 : 200;
    res.end();
  });
});

/** The ticket among the agent's (the setup placed it before every other spec's tickets): by its number. */
async function findTicket(page: Page, ticketId: number) {
  const input = page.getByTestId('ticket-number').locator('input');
  await input.fill(WINNER);
  await input.press('Enter');
  await page.getByTestId(`ticket-expand-${ticketId}`).click();
}

test.beforeAll(async () => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve)));
test.afterAll(async () => new Promise<void>((resolve) => receiver.close(() => resolve())));


test('the company makes the demo player a seamless API account with a settlement callback URL', async ({ page }) => {
  await loginAs(page, 'democo');
  const player = await api<{ userId: number }>(page.request, 'GET', '/api/Account/GetUserDetailByUsername?username=demoplayer');
  await api(page.request, 'POST', `/api/Configuration/VerifySecondaryPassword?secondaryPassword=${DEMO_PASSWORD}`);
  const code = await api<{ clientOpcode: string; clientSecret: string }>(page.request, 'POST', '/api/Account/GenerateApiCode', {});
  await api(page.request, 'POST', '/api/Account/CreateOrUpdateApiAccount', { userId: player.userId, ...code });
  await page.goto(`/account/create-api-account?userId=${player.userId}`);
  const url = page.getByTestId('api-account-callback').locator('input');
  await expect(url).toBeVisible({ timeout: 30_000 });
  await url.fill('ftp://wrong.example.com');
  await page.getByTestId('api-account-callback-save').click();
  await expect(page.getByTestId('api-account-callback')).toContainText('Enter an http(s) address.');
  await url.fill(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/settle`);
  await page.getByTestId('api-account-callback-save').click();
  await expect(page.locator('.ant-message')).toContainText('Saved');
  await shotAll(page, 'seamless-callback-url');
  await logoutThroughConfirm(page);
});

test('the player\'s ticket on a draw closed since (drawDay.setup) is settled and sent until acknowledged', async ({ page }) => {
  const { drawId, ticketId } = drawDay().seamless;
  await afterCutoff(drawDay().seamless);
  await loginAs(page, ADMIN.username, ADMIN.password);
  const s = (n: number) => Array.from({ length: 10 }, (_v, i) => String(n + i));
  await api(page.request, 'POST', '/api/Result/SavePoolResult', {
    drawId,
    numbers: { fourD: { first: WINNER, second: '5391', third: '6391', starter: s(3100), consolation: s(4100) } },
    version: 0,
  });
  await logoutThroughConfirm(page);
  await loginAs(page, 'demoit');
  await api(page.request, 'POST', '/api/Configuration/SubmitReleaseResultStatus', { drawId, version: 1 });
  // The job sends due callbacks every 15 s; the first try is refused, the next after a 30 s backoff succeeds.
  await expect.poll(() => received.length, { timeout: 150_000, intervals: [5_000] }).toBeGreaterThanOrEqual(2);
  expect(JSON.parse(received[1].body)).toMatchObject({ ticketId, round: 1, resend: 0 });
  expect(received[1].signature).toMatch(/^sha256=[0-9a-f]{64}$/);
  await logoutThroughConfirm(page);
});

test('the agent sees the delivery and the held prize on the ticket, pays the prize and sends the settlement again', async ({ page }) => {
  const { ticketId } = drawDay().seamless;
  await loginAs(page, 'demoagent');
  await page.goto(`/order/ticket-history`);
  await findTicket(page, ticketId);
  const box = page.getByTestId(`ticket-settlement-${ticketId}`);
  await expect(page.getByTestId(`ticket-delivery-state-${ticketId}`).first()).toHaveText('Delivered');
  await expect(page.getByTestId(`ticket-prize-state-${ticketId}`)).toHaveText('Held');
  await box.scrollIntoViewIfNeeded();
  await shotAll(page, 'seamless-ticket-held');

  await page.getByTestId(`ticket-claim-${ticketId}`).click();
  await expect(page.getByTestId('alert-message')).toContainText('Pay the held prize of');
  await shot(page, 'seamless-claim-confirm-en');
  await answerConfirm(page);
  await expect(page.getByTestId(`ticket-prize-state-${ticketId}`)).toHaveText('Paid (claim)');
  await expect(page.getByTestId(`ticket-claim-${ticketId}`)).toHaveCount(0);

  await page.getByTestId(`ticket-seamless-resend-${ticketId}`).click();
  await expect(page.getByTestId('alert-message')).toContainText('to the client\'s system again?');
  await answerConfirm(page);
  await expect(page.getByTestId(`ticket-delivery-state-${ticketId}`)).toHaveCount(2);
  await expect.poll(() => received.length, { timeout: 60_000, intervals: [3_000] }).toBeGreaterThanOrEqual(3);
  expect(JSON.parse(received[2].body)).toMatchObject({ ticketId, resend: 1 });
  await page.reload();
  await findTicket(page, ticketId);
  await expect(page.getByTestId(`ticket-delivery-state-${ticketId}`).first()).toHaveText('Delivered');
  await page.getByTestId(`ticket-settlement-${ticketId}`).scrollIntoViewIfNeeded();
  await shotAll(page, 'seamless-ticket-claimed');
  await logoutThroughConfirm(page);
});
