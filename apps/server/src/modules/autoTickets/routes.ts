// Auto ticket calls: Bet/SaveAutoTicket (create or change; our name, SPEC 7 has none), and SPEC's
// Report/GetAutoTicket and Report/VoidAutoTicket.
import { autoTicketIdBody, autoTicketPage, autoTicketQuery, autoTicketView, envelope, saveAutoTicketBody } from '@app/contract';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import { listAutoTickets, saveAutoTicket, voidAutoTicket } from './service';

export function autoTicketRoutes(app: HttpApp, deps: Deps) {
  app.post(
    '/api/Bet/SaveAutoTicket',
    { config: { access: allow.fn('Bet', [2]) }, schema: { tags: ['Bet'], body: saveAutoTicketBody, response: { 200: envelope(autoTicketView) } } },
    async (req, reply) => {
      const out = await saveAutoTicket(deps, requireAuth(req), req.body, req.ip);
      // A refusal stored under the idempotency key is answered with its own status.
      return reply.code(out.status as 200).send(out.body as never);
    },
  );
  app.get(
    '/api/Report/GetAutoTicket',
    { config: { access: allow.fn('Bet History', [1]) }, schema: { tags: ['Report'], querystring: autoTicketQuery, response: { 200: envelope(autoTicketPage) } } },
    async (req) => ok(await listAutoTickets(deps, requireAuth(req), req.query)),
  );
  app.post(
    '/api/Report/VoidAutoTicket',
    { config: { access: allow.fn('Bet History', [1]) }, schema: { tags: ['Report'], body: autoTicketIdBody, response: { 200: envelope(autoTicketView) } } },
    async (req) => ok(await voidAutoTicket(deps, requireAuth(req), req.body.autoTicketId, req.ip), 'SAVED'),
  );
}
