import {
  claimPrizesBody,
  claimPrizesResult,
  envelope,
  resettleSeamlessBody,
  resettleSeamlessResult,
  settlementCallbackBody,
  settlementCallbackQuery,
  settlementCallbackView,
} from '@app/contract';
import { RoleId } from '@app/domain';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import { sendStored } from '../payments/routes';
import { claimPrizes } from '../prizes/claims';
import * as svc from './service';

/** Who manages API accounts (accounts/routes: GetApiAccount, CreateOrUpdateApiAccount) manages their callback. */
const platformAndCompanies = [RoleId.SuperAdmin, RoleId.ITAdmin, RoleId.Company] as const;

/**
 * Seamless API accounts (settlement callback URL, ResettleSeamless) and Payment/ClaimPrizes. Every call is
 * scoped to the caller's subtree in the service.
 */
export function seamlessRoutes(app: HttpApp, deps: Deps) {
  app.get(
    '/api/Account/GetSettlementCallback',
    {
      config: { access: allow.roles(platformAndCompanies, { mainAccountOnly: true }) },
      schema: { tags: ['Account'], querystring: settlementCallbackQuery, response: { 200: envelope(settlementCallbackView) } },
    },
    async (req) => ok({ userId: req.query.userId, callbackUrl: await svc.getCallback(deps, requireAuth(req), req.query.userId) }),
  );
  app.post(
    '/api/Account/UpdateSettlementCallback',
    {
      config: { access: allow.roles(platformAndCompanies, { mainAccountOnly: true, secondary: true }) },
      schema: { tags: ['Account'], body: settlementCallbackBody, response: { 200: envelope(settlementCallbackView) } },
    },
    async (req) => ok({ userId: req.body.userId, callbackUrl: await svc.saveCallback(deps, requireAuth(req), req.body, req.ip) }, 'SAVED'),
  );
  app.post(
    '/api/Bet/ResettleSeamless',
    // It queues a callback again: an edit of the ticket's settlement, not a read (Bet History edit).
    { config: { access: allow.fn('Bet History', [3]) }, schema: { tags: ['Bet'], body: resettleSeamlessBody, response: { 200: envelope(resettleSeamlessResult) } } },
    async (req) => ok(await svc.resettleSeamless(deps, requireAuth(req), req.body.ticketId, req.ip)),
  );
  app.post(
    '/api/Payment/ClaimPrizes',
    { config: { access: allow.fn('Payment Report', [2, 3]) }, schema: { tags: ['Payment'], body: claimPrizesBody, response: { 200: envelope(claimPrizesResult) } } },
    async (req, reply) => sendStored(reply, await claimPrizes(deps, requireAuth(req), req.body, req.ip)),
  );
}
