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
  postedBatch,
  remoteAgentBrief,
  remoteAgentView,
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
import { doPost, unpostDetail, unpostSummary } from './post';

export function postingRoutes(app: HttpApp, deps: Deps) {
  const admin = { access: allow.roles([RoleId.SuperAdmin]) };
  const posting = { access: allow.roles([RoleId.SuperAdmin, RoleId.Company]) };
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
  app.post('/api/Posting/DoPost', { config: posting, schema: { tags, body: doPostBody, response: { 200: envelope(postedBatch) } } }, async (req) =>
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
  app.post('/api/Posting/DoDistribute', { config: posting, schema: { tags, body: doDistributeBody, response: { 200: envelope(distributeResult) } } }, async (req) =>
    ok(await doDistribute(deps, requireAuth(req), req.body.batchId, req.ip), 'SAVED'),
  );
  app.post('/api/Posting/TranslateToBetString', { config: posting, schema: { tags, body: translateBody, response: { 200: envelope(translated) } } }, async (req) =>
    ok(await translate(deps, req.body)),
  );
  app.post('/api/Posting/DoManualDistribute', { config: posting, schema: { tags, body: manualDistributeBody, response: { 200: envelope(invoiceRow) } } }, async (req) =>
    ok(await doManualDistribute(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
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
