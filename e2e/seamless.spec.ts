import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { ADMIN, answerConfirm, api, DEMO_PASSWORD, loginAs, logoutThroughConfirm, shot, drawClosingSoon, shotAll } from './support';

// Seamless API accounts and prize claims (issue 11 items 12 and 7, decision 0025): the company gives the
// demo player's API account a settlement callback URL; the player's winning ticket is settled, POSTed to a
// receiver here (which refuses the first try) until acknowledged; its agent sees the delivery state and
// the held prize on the ticket, pays the prize and sends the settlement again, each after a confirm.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const WINNER = '7391';
let poolId = 0;
let drawDate = '';
let cutoffAt = '';
let ticketId = 0;

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

test('the player bets on a draw closing in two minutes; it is settled and its ticket sent until acknowledged', async ({ page }) => {
  await loginAs(page, ADMIN.username, ADMIN.password);
  ({ poolId, drawDate } = await drawClosingSoon(page));
  await logoutThroughConfirm(page);

  await loginAs(page, 'demoplayer');
  const clock2 = await api<{ pools: { draws: { cutoffAt: string }[] }[] }>(page.request, 'GET', `/api/Pools/GetDrawClock?poolIds=${poolId}`);
  cutoffAt = clock2.pools[0].draws[0].cutoffAt;
  const placed = await api<{ ticketId: number }>(page.request, 'POST', '/api/Bet/PlaceExpressOrder', { text: `D\n#${poolId}\n${WINNER}#1`, idempotencyKey: crypto.randomUUID() });
  ticketId = placed.ticketId;
  await logoutThroughConfirm(page);

  await expect.poll(async () => Date.now() >= Date.parse(cutoffAt) + 2_000, { timeout: 200_000, intervals: [5_000] }).toBe(true);
  await loginAs(page, ADMIN.username, ADMIN.password);
  const draws = await api<{ drawId: number; poolId: number }[]>(page.request, 'GET', `/api/Pools/GetPoolScheduleByDay?date=${drawDate}`);
  const drawId = draws.find((d) => d.poolId === poolId)!.drawId;
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
  await loginAs(page, 'demoagent');
  await page.goto(`/order/ticket-history`);
  await page.getByTestId(`ticket-expand-${ticketId}`).click();
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
  await page.getByTestId(`ticket-expand-${ticketId}`).click();
  await expect(page.getByTestId(`ticket-delivery-state-${ticketId}`).first()).toHaveText('Delivered');
  await page.getByTestId(`ticket-settlement-${ticketId}`).scrollIntoViewIfNeeded();
  await shotAll(page, 'seamless-ticket-claimed');
  await logoutThroughConfirm(page);
});
