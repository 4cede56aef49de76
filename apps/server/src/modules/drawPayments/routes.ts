import { z } from 'zod';
import {
  drawPaymentDateQuery,
  drawPaymentHistoryQuery,
  drawPaymentInit,
  drawPaymentRow,
  envelope,
  saveDrawPaymentBody,
  updateDrawPaymentDetailBody,
} from '@app/contract';
import { RoleId } from '@app/domain';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import { sendStored } from '../payments/routes';
import * as svc from './service';

// SPEC 6: draw payment for every role but the super admin and the (IT) admin; reading needs the Payment
// function's View, recording and editing its Control, as transfers do.
const roles = [RoleId.Company, RoleId.Multilevel, RoleId.Player, RoleId.House] as const;

export function drawPaymentRoutes(app: HttpApp, deps: Deps) {
  const tags = ['Payment'];
  app.get(
    '/api/Payment/InitDrawPayment',
    { config: { access: allow.fn('Payment Report', [1], { roles }) }, schema: { tags, querystring: drawPaymentDateQuery, response: { 200: envelope(drawPaymentInit) } } },
    async (req) => ok(await svc.initDrawPayment(deps, requireAuth(req), req.query.drawDate)),
  );
  app.post(
    '/api/Payment/SaveDrawPayment',
    { config: { access: allow.fn('Payment Report', [2, 3], { roles }) }, schema: { tags, body: saveDrawPaymentBody } },
    async (req, reply) => sendStored(reply, await svc.saveDrawPayment(deps, requireAuth(req), req.body, req.ip)),
  );
  app.get(
    '/api/Payment/GetDrawPaymentHistory',
    { config: { access: allow.fn('Payment Report', [1], { roles }) }, schema: { tags, querystring: drawPaymentHistoryQuery, response: { 200: envelope(z.array(drawPaymentRow)) } } },
    async (req) => ok(await svc.drawPaymentHistory(deps, requireAuth(req), req.query)),
  );
  app.post(
    '/api/Result/UpdateDrawPaymentDetail',
    { config: { access: allow.fn('Payment Report', [3], { roles }) }, schema: { tags, body: updateDrawPaymentDetailBody } },
    async (req) => ok(await svc.updateDrawPaymentDetail(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
}
