import { z } from 'zod';
import { changePreview, cutoffBody, cutoffPreviewQuery, dayQuery, drawPreviewQuery, draw, drawClock, drawClockQuery, editDrawBody, envelope, newDrawBody, poolSelection, scheduleYearBody, scheduleYearResult, yearQuery } from '@app/contract';
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
  // Changes that can close or move sales for every agent: previewed first, then made with the secondary password.
  app.get(
    '/api/Pools/PreviewDrawChange',
    {
      config: { access: allow.roles(superAdmin) },
      schema: {
        tags,
        description: 'What SubmitEditedDraw would do, changing nothing: the draw, its new date and close time against the server clock, its tickets, accounts and stake, and the refusal the change would meet.',
        querystring: drawPreviewQuery,
        response: { 200: envelope(changePreview) },
      },
    },
    async (req) => ok(await svc.previewDrawChange(deps, req.query)),
  );
  app.get(
    '/api/Pools/PreviewCutoffChange',
    {
      config: { access: allow.roles(superAdmin) },
      schema: {
        tags,
        description: "What UpdateCutoffTime would do, changing nothing: each open draw whose close time moves, its tickets, accounts and stake, and its new close time against the server clock.",
        querystring: cutoffPreviewQuery,
        response: { 200: envelope(changePreview) },
      },
    },
    async (req) => ok(await svc.previewCutoffChange(deps, req.query)),
  );
  app.post(
    '/api/Pools/SubmitEditedDraw',
    {
      config: { access: allow.roles(superAdmin) },
      schema: { tags, description: 'Moves, cancels or enables a draw or sets its own cutoff; needs the secondary password in the body.', body: editDrawBody, response: { 200: envelope(draw) } },
    },
    async (req) => ok(await svc.editDraw(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.post(
    '/api/Pools/UpdateCutoffTime',
    {
      config: { access: allow.roles(superAdmin) },
      schema: { tags, description: "Sets a pool's (or a weekday's) cutoff; needs the secondary password in the body.", body: cutoffBody, response: { 200: envelope(z.array(poolSelection)) } },
    },
    async (req) => ok(await svc.updateCutoff(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
}
