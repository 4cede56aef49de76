// Receipt calls: resend by SMS (SPEC's Report/SendSmsReceipt; the master resend is its own route so the
// route table shows who may call it), resend limits (our names, Configuration/...ResendOrderLimit), and
// the admin tool's receipt correction (SPEC's Setting/GetReceiptStringByTicketXId, UpdateTicketReceiptString).
import {
  envelope,
  receiptByXidQuery,
  receiptCorrectionView,
  resendLimitPage,
  resendLimitQuery,
  sendSmsReceiptBody,
  smsReceiptResult,
  updateReceiptBody,
  updateResendLimitBody,
} from '@app/contract';
import { z } from 'zod';
import { RoleId } from '@app/domain';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import { receiptByXid, resendLimits, sendSmsReceipt, updateReceipt, updateResendLimit } from './service';

export function receiptRoutes(app: HttpApp, deps: Deps) {
  const sent = { tags: ['Report'], body: sendSmsReceiptBody, response: { 200: envelope(smsReceiptResult) } };
  app.post('/api/Report/SendSmsReceipt', { config: { access: allow.fn('Resend Order', [2]) }, schema: sent }, async (req) =>
    ok(await sendSmsReceipt(deps, requireAuth(req), req.body.ticketId, false), 'SAVED'),
  );
  app.post('/api/Report/MasterSendSmsReceipt', { config: { access: allow.fn('Master Resend Order', [2]) }, schema: sent }, async (req) =>
    ok(await sendSmsReceipt(deps, requireAuth(req), req.body.ticketId, true), 'SAVED'),
  );

  app.get(
    '/api/Configuration/GetResendOrderLimit',
    { config: { access: allow.fn('Resend Order', [1]) }, schema: { tags: ['Configuration'], querystring: resendLimitQuery, response: { 200: envelope(resendLimitPage) } } },
    async (req) => ok(await resendLimits(deps, requireAuth(req), req.query)),
  );
  app.post(
    '/api/Configuration/UpdateResendOrderLimit',
    {
      config: { access: allow.fn('Resend Order', [3]) },
      schema: {
        tags: ['Configuration'],
        body: updateResendLimitBody,
        response: { 200: envelope(z.object({ userId: z.number().int(), limit: z.number().int().nullable(), effectiveLimit: z.number().int() })) },
      },
    },
    async (req) => ok(await updateResendLimit(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );

  app.get(
    '/api/Setting/GetReceiptStringByTicketXId',
    { config: { access: allow.roles([RoleId.SuperAdmin]) }, schema: { tags: ['Setting'], querystring: receiptByXidQuery, response: { 200: envelope(receiptCorrectionView) } } },
    async (req) => ok(await receiptByXid(deps, requireAuth(req), req.query.xid)),
  );
  app.post(
    '/api/Setting/UpdateTicketReceiptString',
    {
      config: { access: allow.roles([RoleId.SuperAdmin], { secondary: true }) },
      schema: { tags: ['Setting'], body: updateReceiptBody, response: { 200: envelope(receiptCorrectionView) } },
    },
    async (req) => ok(await updateReceipt(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
}
