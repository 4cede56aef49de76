import { z } from 'zod';
import {
  blockReportBody,
  envelope,
  poolResultRow,
  releaseCreditAnswer,
  releaseCreditBody,
  releaseResultBody,
  releaseStatus,
  reportAccess,
  resultDateQuery,
  saveResultBody,
  settleDrawBody,
  settlementStatusRow,
  settleStepAnswer,
  validateResultAnswer,
  validateResultBody,
} from '@app/contract';
import { RoleId, type PoolResult } from '@app/domain';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import * as settlement from '../settlement/service';
import { fetchResults } from './fetch';
import * as svc from './service';

// Super admin and IT admin enter and release; a company reads the released results (SPEC 2, 6).
const admins = [RoleId.SuperAdmin, RoleId.ITAdmin] as const;
const readers = [RoleId.SuperAdmin, RoleId.ITAdmin, RoleId.Company] as const;

export function resultRoutes(app: HttpApp, deps: Deps) {
  const tags = ['Result'];
  app.get(
    '/api/Result/GetPoolResult',
    { config: { access: allow.roles(readers) }, schema: { tags, querystring: resultDateQuery, response: { 200: envelope(z.array(poolResultRow)) } } },
    async (req) => ok(await svc.resultsOfDate(deps, requireAuth(req), req.query.drawDate)),
  );
  app.post(
    '/api/Result/ValidateResult',
    { config: { access: allow.roles(admins) }, schema: { tags, body: validateResultBody, response: { 200: envelope(validateResultAnswer) } } },
    async (req) => ok(await svc.validate(deps, { drawId: req.body.drawId, numbers: req.body.numbers as PoolResult })),
  );
  app.post(
    '/api/Result/SavePoolResult',
    {
      config: { access: allow.roles(admins) },
      schema: { tags, body: saveResultBody, response: { 200: envelope(z.object({ drawId: z.number(), version: z.number(), status: z.string() })) } },
    },
    async (req) => ok(await svc.save(deps, requireAuth(req), { ...req.body, numbers: req.body.numbers as PoolResult }, req.ip), 'SAVED'),
  );
  app.get(
    '/api/Configuration/GetReleaseResultStatus',
    { config: { access: allow.roles(readers) }, schema: { tags, querystring: resultDateQuery, response: { 200: envelope(z.array(releaseStatus)) } } },
    async (req) => ok(await svc.releaseStatus(deps, requireAuth(req), req.query.drawDate)),
  );
  app.post(
    '/api/Configuration/SubmitReleaseResultStatus',
    { config: { access: allow.roles(admins) }, schema: { tags, body: releaseResultBody, response: { 200: envelope(releaseStatus) } } },
    async (req) => ok(await svc.release(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );

  // Settlement steps (each once per round however often triggered; release runs 1 and 2 by itself).
  app.post(
    '/api/Result/InsertWinners',
    { config: { access: allow.roles(admins) }, schema: { tags, body: settleDrawBody, response: { 200: envelope(settleStepAnswer) } } },
    async (req) => ok(await settlement.insertWinners(deps, req.body.drawId), 'SAVED'),
  );
  app.post(
    '/api/Result/DistributeStrike',
    { config: { access: allow.roles(admins) }, schema: { tags, body: settleDrawBody, response: { 200: envelope(settleStepAnswer) } } },
    async (req) => ok(await settlement.distribute(deps, req.body.drawId, requireAuth(req).userId), 'SAVED'),
  );
  app.post(
    '/api/Result/ReleaseCredit',
    { config: { access: allow.roles([RoleId.SuperAdmin, RoleId.Company], { mainAccountOnly: true }) }, schema: { tags, body: releaseCreditBody, response: { 200: envelope(releaseCreditAnswer) } } },
    async (req) => ok(await settlement.releaseCredit(deps, requireAuth(req), req.body.drawDate, req.ip), 'SAVED'),
  );
  app.get(
    '/api/Result/GetSettlementStatus',
    { config: { access: allow.roles(readers) }, schema: { tags, querystring: resultDateQuery, response: { 200: envelope(z.array(settlementStatusRow)) } } },
    async (req) =>
      ok(
        (await settlement.settlementOfDate(deps, requireAuth(req), req.query.drawDate)).map((r) => ({
          ...r,
          winnersAt: r.winnersAt ? new Date(r.winnersAt).toISOString() : null,
          distributedAt: r.distributedAt ? new Date(r.distributedAt).toISOString() : null,
        })),
      ),
  );
  app.post(
    '/api/Result/BlockReport',
    { config: { access: allow.roles(admins) }, schema: { tags, body: blockReportBody, response: { 200: envelope(reportAccess) } } },
    async (req) => ok(await settlement.blockReport(deps, requireAuth(req), req.body.drawDate, req.body.blocked, req.ip), 'SAVED'),
  );
  app.get(
    '/api/Result/GetReportAccessValue',
    { config: { access: allow.session() }, schema: { tags, querystring: resultDateQuery, response: { 200: envelope(reportAccess) } } },
    async (req) => ok(await settlement.reportAccess(deps, req.query.drawDate)),
  );
  // "Fetch now" of the result screen: the same fetch the job runs at scrapeResultTime.
  app.post(
    '/api/Result/FetchResults',
    {
      config: { access: allow.roles(admins) },
      schema: {
        tags,
        body: releaseCreditBody,
        response: { 200: envelope(z.array(z.object({ poolId: z.number(), site: z.string(), outcome: z.string(), note: z.string().optional() }))) },
      },
    },
    async (req) => ok(await fetchResults(deps, req.body.drawDate, requireAuth(req).userId)),
  );
}
