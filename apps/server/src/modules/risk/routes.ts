import { z } from 'zod';
import {
  deleteNumberQueueBody,
  envelope,
  fightLimitData,
  idBody,
  numberQueueQuery,
  numberQueueRow,
  permutationType,
  redNumber,
  redNumberBody,
  redNumberQuery,
  updateEatLimitBody,
  queryId,
} from '@app/contract';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import * as fight from './fightLimits';
import * as queue from './numberQueue';
import * as red from './redNumbers';

export function riskRoutes(app: HttpApp, deps: Deps) {
  const tags = ['Configuration'];
  app.get(
    '/api/Configuration/GetPermutationType',
    { config: { access: allow.fn('Red Number', [1]) }, schema: { tags, response: { 200: envelope(z.array(permutationType)) } } },
    async () => ok(red.PERMUTATION_TYPES),
  );
  app.get(
    '/api/Configuration/GetRedNumber',
    { config: { access: allow.fn('Red Number', [1]) }, schema: { tags, querystring: redNumberQuery, response: { 200: envelope(z.array(redNumber)) } } },
    async (req) => ok(await red.listRedNumbers(deps, requireAuth(req), req.query)),
  );
  app.post(
    '/api/Configuration/CreateOrUpdateRedNumber',
    { config: { access: allow.fn('Red Number', [2, 3]) }, schema: { tags, body: redNumberBody, response: { 200: envelope(redNumber) } } },
    async (req) => ok(await red.saveRedNumber(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.post(
    '/api/Configuration/DeleteRedNumber',
    { config: { access: allow.fn('Red Number', [4]) }, schema: { tags, body: idBody } },
    async (req) => {
      await red.deleteRedNumber(deps, requireAuth(req), req.body.id, req.ip);
      return ok(null, 'SAVED');
    },
  );
  app.get(
    '/api/Configuration/GetNumberQueues',
    { config: { access: allow.fn('Red Number', [1]) }, schema: { tags, querystring: numberQueueQuery, response: { 200: envelope(z.array(numberQueueRow)) } } },
    async (req) => ok(await queue.listQueue(deps, requireAuth(req), req.query)),
  );
  app.post(
    '/api/Configuration/DeleteNumberQueue',
    {
      config: { access: allow.fn('Red Number', [3, 4]) },
      schema: { tags, body: deleteNumberQueueBody, response: { 200: envelope(z.object({ unblocked: z.number().int() })) } },
    },
    async (req) => ok(await queue.unblock(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.get(
    '/api/Account/GetFightLimitRelatedData',
    {
      config: { access: allow.fn('Fight Limit', [1]) },
      schema: { tags: ['Account'], querystring: z.object({ userId: queryId.optional() }), response: { 200: envelope(fightLimitData) } },
    },
    async (req) => ok(await fight.fightLimitData(deps, requireAuth(req), req.query.userId)),
  );
  app.post(
    '/api/Account/UpdateUserEatLimit',
    { config: { access: allow.fn('Fight Limit', [3]) }, schema: { tags: ['Account'], body: updateEatLimitBody, response: { 200: envelope(fightLimitData) } } },
    async (req) => ok(await fight.updateEatLimit(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
}
