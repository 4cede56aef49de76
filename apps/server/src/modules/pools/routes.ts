import { createPoolBody, envelope, poolSelection } from '@app/contract';
import { RoleId } from '@app/domain';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import { createPool } from './service';

export function poolRoutes(app: HttpApp, deps: Deps) {
  app.post(
    '/api/Setting/CreatePoolRow',
    {
      config: { access: allow.roles([RoleId.SuperAdmin]) },
      schema: {
        tags: ['Setting'],
        description: 'Adds a pool (name, code, letter, bet-text digit, package type, result form, draw days, cutoff) and schedules its draws to the end of next year.',
        body: createPoolBody,
        response: { 200: envelope(poolSelection) },
      },
    },
    async (req) => ok(await createPool(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
}
