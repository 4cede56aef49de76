import { z } from 'zod';
import { envelope, poolResultRow, releaseResultBody, releaseStatus, resultDateQuery, saveResultBody, validateResultAnswer, validateResultBody } from '@app/contract';
import { RoleId, type PoolResult } from '@app/domain';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
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
}
