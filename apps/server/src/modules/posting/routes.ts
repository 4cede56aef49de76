// Posting routes (SPEC 7 "Posting", Configuration's remote bet agents; decision 0032). The remote agents'
// configuration is the super admin's; the posting flow is the super admin's and the companies' (SPEC 2's
// Admin and Distributor menus).
import { z } from 'zod';
import {
  batchQuery,
  commStatus as commStatusSchema,
  distributeResult,
  distributionQuery,
  distributionSummary,
  doDistributeBody,
  doPostBody,
  envelope,
  invoiceDetails as invoiceDetailsSchema,
  invoiceList as invoiceListSchema,
  invoiceListQuery,
  invoicePayoutDetails as payoutSchema,
  invoiceQuery,
  invoiceRow,
  manageRemoteAgentBody,
  manualDistributeBody,
  payPostingBody,
  postingEatDetail as postingEatDetailSchema,
  postingEatDetailQuery,
  postingPayments as postingPaymentsSchema,
  postingPaymentsQuery,
  postedBatch,
  remoteAgentBrief,
  remoteAgentView,
  resolveInvoiceBody,
  translateBody,
  translated,
  undistributedDetail as undistributedSchema,
  unpostDetail as unpostDetailSchema,
  unpostDetailQuery,
  unpostQuery,
  unpostSummary as unpostSummarySchema,
} from '@app/contract';
import { RoleId } from '@app/domain';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import { getRemoteBetAgents, manageRemoteBetAgent } from './agents';
import { commStatus } from './commStatus';
import { distributionSummary as summary, doDistribute, doManualDistribute, translate, undistributedDetail } from './distribute';
import { invoiceDetails, invoiceList, invoicePayoutDetails } from './invoices';
import { resolveInvoice } from './resolve';
import { doPost, unpostDetail, unpostSummary } from './post';
import { payPosting, postingPayments } from './payments';
import { postingEatDetail, postingEatDetailFile } from './eatDetail';
import { sendReportFile } from '../reports/reportFile';
import { sendStored } from '../payments/routes';

export function postingRoutes(app: HttpApp, deps: Deps) {
  const admin = { access: allow.roles([RoleId.SuperAdmin]) };
  // The posting flow is the Distributor menu's, beside the run map (decision 0030): it needs the same SPEC 6
  // function, Map Report, View to read and Control to post, distribute or record (decision 0032), so a
  // company's sub-account reaches only what its rights say. The super admin's main account holds it.
  const postingRoles = [RoleId.SuperAdmin, RoleId.Company] as const;
  const posting = { access: allow.fn('Map Report', [1], { roles: postingRoles }) };
  const postingWrite = { access: allow.fn('Map Report', [2, 3], { roles: postingRoles }) };
  const resolveAccess = { access: allow.fn('Map Report', [2, 3], { roles: [RoleId.SuperAdmin] }) };
  // Paying a remote moves the company's money: like SaveDrawPayment, reading needs the Payment function's
  // View and paying its Control, so a sub-account with report access only is refused.
  const payRoles = [RoleId.SuperAdmin, RoleId.Company] as const;
  const payRead = { access: allow.fn('Payment Report', [1], { roles: payRoles }) };
  const payWrite = { access: allow.fn('Payment Report', [2, 3], { roles: payRoles }) };
  const cfg = ['Configuration'];
  const tags = ['Posting'];

  app.get('/api/Configuration/GetRemoteBetAgents', { config: admin, schema: { tags: cfg, response: { 200: envelope(z.array(remoteAgentView)) } } }, async () =>
    ok(await getRemoteBetAgents(deps)),
  );
  app.post(
    '/api/Configuration/ManageRemoteBetAgent',
    { config: admin, schema: { tags: cfg, body: manageRemoteAgentBody, response: { 200: envelope(remoteAgentView.nullable()) } } },
    async (req) => ok(await manageRemoteBetAgent(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  // What the company owes each remote agent per draw date and what was paid (decision 0035), and the payment.
  app.get(
    '/api/Posting/GetPostingPayments',
    { config: payRead, schema: { tags, querystring: postingPaymentsQuery, response: { 200: envelope(postingPaymentsSchema) } } },
    async (req) => ok(await postingPayments(deps, requireAuth(req), req.query)),
  );
  app.post('/api/Result/PayPosting', { config: payWrite, schema: { tags: ['Result'], body: payPostingBody } }, async (req, reply) =>
    sendStored(reply, await payPosting(deps, requireAuth(req), req.body, req.ip)),
  );
  // What each remote took per draw, pool and number (decision 0035); format=csv or xlsx: every row as a file.
  app.get(
    '/api/Report/GetPostingAgentEatDetails',
    { config: posting, schema: { tags: ['Report'], querystring: postingEatDetailQuery, response: { 200: envelope(postingEatDetailSchema).or(z.string()) } } },
    async (req, reply) => {
      const q = req.query;
      if (q.format === 'json') return ok(await postingEatDetail(deps, requireAuth(req), q));
      const all = await postingEatDetail(deps, requireAuth(req), { ...q, page: 1, pageSize: 1_000_000 });
      return sendReportFile(reply, postingEatDetailFile(all.rows, all.totals, `${q.fromDate}-${q.toDate}`), q.format, q.lang);
    },
  );
  app.get('/api/Configuration/GetCommStatus', { config: admin, schema: { tags: cfg, response: { 200: envelope(commStatusSchema) } } }, async () => ok(await commStatus(deps)));
  app.get('/api/Posting/GetRemoteAgents', { config: posting, schema: { tags, response: { 200: envelope(z.array(remoteAgentBrief)) } } }, async () =>
    ok((await getRemoteBetAgents(deps)).map(({ id, name, priority, postEnabled, capPerNumber }) => ({ id, name, priority, postEnabled, capPerNumber }))),
  );
  app.get('/api/Posting/GetUnpostSummary', { config: posting, schema: { tags, querystring: unpostQuery, response: { 200: envelope(unpostSummarySchema) } } }, async (req) =>
    ok(await unpostSummary(deps, requireAuth(req), req.query)),
  );
  app.get('/api/Posting/GetUnpostDetail', { config: posting, schema: { tags, querystring: unpostDetailQuery, response: { 200: envelope(unpostDetailSchema) } } }, async (req) =>
    ok(await unpostDetail(deps, requireAuth(req), req.query)),
  );
  app.post('/api/Posting/DoPost', { config: postingWrite, schema: { tags, body: doPostBody, response: { 200: envelope(postedBatch) } } }, async (req) =>
    ok(await doPost(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.get(
    '/api/Posting/GetDistributionSummary',
    { config: posting, schema: { tags, querystring: distributionQuery, response: { 200: envelope(distributionSummary) } } },
    async (req) => ok(await summary(deps, requireAuth(req), req.query)),
  );
  app.get(
    '/api/Posting/GetUndistributedDetail',
    { config: posting, schema: { tags, querystring: batchQuery, response: { 200: envelope(undistributedSchema) } } },
    async (req) => ok(await undistributedDetail(deps, requireAuth(req), req.query.batchId)),
  );
  app.post('/api/Posting/DoDistribute', { config: postingWrite, schema: { tags, body: doDistributeBody, response: { 200: envelope(distributeResult) } } }, async (req) =>
    ok(await doDistribute(deps, requireAuth(req), req.body.batchId, req.ip), 'SAVED'),
  );
  app.post('/api/Posting/TranslateToBetString', { config: posting, schema: { tags, body: translateBody, response: { 200: envelope(translated) } } }, async (req) =>
    ok(await translate(deps, req.body)),
  );
  app.post('/api/Posting/DoManualDistribute', { config: postingWrite, schema: { tags, body: manualDistributeBody, response: { 200: envelope(invoiceRow) } } }, async (req) =>
    ok(await doManualDistribute(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  // A lot in doubt resolved by hand (decision 0035): the super admin's only, as it books what a remote holds.
  app.post('/api/Posting/ResolveInvoice', { config: resolveAccess, schema: { tags, body: resolveInvoiceBody, response: { 200: envelope(invoiceRow) } } }, async (req) =>
    ok(await resolveInvoice(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.get(
    '/api/Posting/GetRemoteInvoiceList',
    { config: posting, schema: { tags, querystring: invoiceListQuery, response: { 200: envelope(invoiceListSchema) } } },
    async (req) => ok(await invoiceList(deps, requireAuth(req), req.query)),
  );
  app.get(
    '/api/Posting/GetRemoteInvoiceDetails',
    { config: posting, schema: { tags, querystring: invoiceQuery, response: { 200: envelope(invoiceDetailsSchema) } } },
    async (req) => ok(await invoiceDetails(deps, requireAuth(req), req.query.invoiceId)),
  );
  app.get(
    '/api/Posting/GetRemoteInvoicePayoutDetails',
    { config: posting, schema: { tags, querystring: invoiceQuery, response: { 200: envelope(payoutSchema) } } },
    async (req) => ok(await invoicePayoutDetails(deps, requireAuth(req), req.query.invoiceId)),
  );
}
