import crypto from 'node:crypto';
import { test } from '@playwright/test';
import { cutoffOf, saveDrawDay, WINNERS, type DayDraw } from './drawDay';
import { ADMIN, api, drawClosingSoon, loginAs, logoutThroughConfirm } from './support';

// Before every spec (the e2e project depends on this one): three draws of today closing in about two
// minutes, each with the player's bet, for the seamless, settlement, stakeholder and ticket outcome specs (see drawDay.ts).

test('three draws of today close in two minutes, and the player bets on each', async ({ page }) => {
  test.setTimeout(300_000);
  await loginAs(page, ADMIN.username, ADMIN.password);
  const seamless = await drawClosingSoon(page);
  const settlement = await drawClosingSoon(page, [seamless.poolId]);
  const stakeholder = await drawClosingSoon(page, [seamless.poolId, settlement.poolId]);
  // Not Da Ma Cai (2): the history and auto-ticket specs buy `D` on M and P and expect one date for both, so
  // P's draw of today must stay open while M's is (a draw day takes 7, 6, 5, then 2 unless told).
  const outcome = await drawClosingSoon(page, [seamless.poolId, settlement.poolId, stakeholder.poolId, 2]);
  await logoutThroughConfirm(page);

  // Stakeholder: the agent eats 1.00 a number of Big on its draw's pool (a fight limit), only while the
  // player bets: the shares are written at placement, and the demo's settings are put back at once.
  await loginAs(page, 'democo');
  const init = await api<{ downlines: { userId: number; username: string }[] }>(page.request, 'GET', '/api/Report/InitReport');
  const agentId = init.downlines.find((d) => d.username === 'demoagent')!.userId;
  type Eat = { eatType: 'percentage' | 'amount'; limitMethod: 1 | 2 | 3; eatSequence: '*/**' | '**/*'; limits: { poolId: number; betCode: string; amount: number }[] };
  const before = await api<Eat>(page.request, 'GET', `/api/Account/GetFightLimitRelatedData?userId=${agentId}`);
  const restore = { userId: agentId, eatType: before.eatType, limitMethod: before.limitMethod, eatSequence: before.eatSequence, limits: before.limits };
  const poolId = stakeholder.poolId;
  await api(page.request, 'POST', '/api/Account/UpdateUserEatLimit', {
    userId: agentId,
    eatType: 'amount',
    limitMethod: 1,
    limits: [...before.limits.filter((l) => l.poolId !== poolId || l.betCode !== 'B'), { poolId, betCode: 'B', amount: 100 }],
  });
  await logoutThroughConfirm(page);

  await loginAs(page, 'demoplayer');
  const place = async (draw: { poolId: number; drawId: number; drawDate: string }, lines: string): Promise<DayDraw> => {
    const cutoffAt = await cutoffOf(page, draw.poolId, draw.drawId);
    const placed = await api<{ ticketId: number }>(page.request, 'POST', '/api/Bet/PlaceExpressOrder', { text: `D\n#${draw.poolId}\n${lines}`, idempotencyKey: crypto.randomUUID() });
    return { ...draw, cutoffAt, ticketId: placed.ticketId };
  };
  // Seamless: RM1 Big on its winner. Settlement: RM1 Big on its winner and RM1 on a number that loses.
  // Stakeholder: RM2 on its winner (half eaten by the agent) and RM3 on a loser.
  const day = {
    seamless: await place(seamless, `${WINNERS.seamless}#1`),
    settlement: await place(settlement, `${WINNERS.settlement}#1\n0007#1`),
    stakeholder: await place(stakeholder, `${WINNERS.stakeholder}#2\n0099#3`),
    // Ticket outcome: a winning ticket and a losing one (ticketOutcome.spec.ts).
    outcome: { ...(await place(outcome, `${WINNERS.outcome}#1`)), loserTicketId: (await place(outcome, '0013#1')).ticketId },
  };
  await logoutThroughConfirm(page);

  await loginAs(page, 'democo');
  await api(page.request, 'POST', '/api/Account/UpdateUserEatLimit', restore);
  await logoutThroughConfirm(page);
  saveDrawDay(day);
});
