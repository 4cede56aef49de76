import {
  creditLimitResult,
  creditLog,
  envelope,
  makePaymentBody,
  payment,
  paymentHistory,
  paymentHistoryQuery,
  paymentTypeItem,
  playerTransactionQuery,
  updateCreditLimitBody,
} from '@app/contract';
import { RoleId } from '@app/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import type { StoredResponse } from '../ledger/idempotency';
import * as svc from './service';

/** Replies with an idempotent call's answer: the first call's, or the stored one on a retry. */
export function sendStored(reply: FastifyReply, r: StoredResponse) {
  if (r.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(r.status).send(r.body);
}

/**
 * Payment, credit limit and credit log routes. Making a payment needs Control of the Payment function
 * (create or edit), reading payments and credit logs its View; changing a downline's limit is an edit
 * of the Downline function. Every service call is scoped to the caller's acting account and subtree.
 */
export function paymentRoutes(app: HttpApp, deps: Deps) {
  app.get(
    '/api/Payment/GetPaymentType',
    { config: { access: allow.session() }, schema: { tags: ['Payment'], response: { 200: envelope(z.array(paymentTypeItem)) } } },
    async () => ok(svc.paymentTypes()),
  );

  app.post(
    '/api/Payment/MakePayment',
    {
      config: { access: allow.fn('Payment Report', [2, 3]) },
      schema: { tags: ['Payment'], body: makePaymentBody, response: { 200: envelope(payment) } },
    },
    async (req, reply) => sendStored(reply, await svc.makePayment(deps, requireAuth(req), req.body, req.ip)),
  );

  app.get(
    '/api/Payment/GetPaymentHistory',
    {
      config: { access: allow.fn('Payment Report', [1]) },
      schema: { tags: ['Payment'], querystring: paymentHistoryQuery, response: { 200: envelope(paymentHistory) } },
    },
    async (req) => ok(await svc.paymentHistory(deps, requireAuth(req), req.query)),
  );

  app.post(
    '/api/Account/UpdateUserCreditLimit',
    {
      config: { access: allow.fn('Downline', [3]) },
      schema: { tags: ['Account'], body: updateCreditLimitBody, response: { 200: envelope(creditLimitResult) } },
    },
    async (req, reply) => sendStored(reply, await svc.updateCreditLimit(deps, requireAuth(req), req.body, 'upline', req.ip)),
  );

  app.post(
    '/api/Account/AdminUpdateUserCreditLimit',
    {
      config: { access: allow.roles([RoleId.SuperAdmin, RoleId.ITAdmin]) },
      schema: { tags: ['Account'], body: updateCreditLimitBody, response: { 200: envelope(creditLimitResult) } },
    },
    async (req, reply) => sendStored(reply, await svc.updateCreditLimit(deps, requireAuth(req), req.body, 'admin', req.ip)),
  );

  app.get(
    '/api/Report/GetPlayerTransaction',
    {
      config: { access: allow.fn('Payment Report', [1]) },
      schema: {
        tags: ['Report'],
        description: 'Credit log of one wallet; format=csv answers with the whole filtered log as a text/csv attachment.',
        querystring: playerTransactionQuery,
        response: { 200: envelope(creditLog).or(z.string()) },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      if (req.query.format === 'csv') {
        const { filename, csv } = await svc.creditLogCsv(deps, auth, req.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(csv);
      }
      return ok(await svc.creditLog(deps, auth, req.query));
    },
  );
}
