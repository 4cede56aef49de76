import { z } from 'zod';
import { cutoffBody, dayQuery, draw, drawClock, drawClockQuery, editDrawBody, envelope, newDrawBody, poolSelection, scheduleYearBody, scheduleYearResult, yearQuery } from '@app/contract';
import { RoleId } from '@app/domain';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import * as svc from './service';

const superAdmin = [RoleId.SuperAdmin] as const;

export function drawRoutes(app: HttpApp, deps: Deps) {
  const tags = ['Pools'];
  app.get(
    '/api/Pools/GetPoolsSelection',
    { config: { access: allow.session() }, schema: { tags, response: { 200: envelope(z.array(poolSelection)) } } },
    async () => ok(await svc.poolsSelection(deps)),
  );
  app.get(
    '/api/Pools/GetPoolScheduleByDay',
    {
      config: { access: allow.session() },
      schema: {
        tags,
        description: 'The draws of a day (default: the business date), or of `days` days from it (at most 31): the betting screens read their date pickers in one call.',
        querystring: dayQuery,
        response: { 200: envelope(z.array(draw)) },
      },
    },
    async (req) => ok(await svc.drawsOfDay(deps, req.query.date, req.query.days)),
  );
  app.get(
    '/api/Pools/GetDrawClock',
    {
      config: { access: allow.session() },
      schema: {
        tags,
        description: "The server's time and, per chosen pool, its coming open draws with their cutoff and the time left (the betting screens' clock).",
        querystring: drawClockQuery,
        response: { 200: envelope(drawClock) },
      },
    },
    async (req) => ok(await svc.drawClock(deps, req.query.poolIds, req.query.count)),
  );
  app.get(
    '/api/Pools/GetScheduledDrawByYear',
    { config: { access: allow.roles(superAdmin) }, schema: { tags, querystring: yearQuery, response: { 200: envelope(z.array(draw)) } } },
    async (req) => ok(await svc.drawsOfYear(deps, req.query.year, req.query.poolId)),
  );
  app.post(
    '/api/Pools/ScheduleSelectedYearDraw',
    { config: { access: allow.roles(superAdmin) }, schema: { tags, body: scheduleYearBody, response: { 200: envelope(scheduleYearResult) } } },
    async (req) => ok(await svc.scheduleYear(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.post(
    '/api/Pools/SubmitNewDraw',
    { config: { access: allow.roles(superAdmin) }, schema: { tags, body: newDrawBody, response: { 200: envelope(draw) } } },
    async (req) => ok(await svc.addDraw(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.post(
    '/api/Pools/SubmitEditedDraw',
    { config: { access: allow.roles(superAdmin) }, schema: { tags, body: editDrawBody, response: { 200: envelope(draw) } } },
    async (req) => ok(await svc.editDraw(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.post(
    '/api/Pools/UpdateCutoffTime',
    { config: { access: allow.roles(superAdmin) }, schema: { tags, body: cutoffBody, response: { 200: envelope(z.array(poolSelection)) } } },
    async (req) => ok(await svc.updateCutoff(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
}
