import { z } from 'zod';
import {
  bettingAgent,
  envelope,

  placeExpressBody,
  placeWebOrderBody,
  receiptQuery,
  receiptView,
  ticketDetailQuery,
  ticketDetailView,
  ticketIdBody,
  ticketIdsBody,
  ticketPage,
  ticketQuery,
  ticketTotalQuery,
  ticketTotals,
  voidResult,
} from '@app/contract';
import { parseExpress } from '@app/domain';
import { allow } from '../../platform/access';
import { businessDateOf } from '../../platform/businessTime';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import { betSettingsOf, parseRefusals, refusedLines } from './betSettings';
import { readNumericSettings } from '../../platform/settings';
import * as history from './history';
import { placeTicket, resolveOwner, SourceType } from './place';
import { ticketsCsv, ticketsXlsx } from './ticketExport';
import { voidTickets } from './void';
import { received, sourceOf } from './inbox';
import { readWebOrder } from './webOrder';
import { poolRegistry } from '../pools/registry';
import { countPlaced } from '../../platform/metrics';

export function orderRoutes(app: HttpApp, deps: Deps) {
  const tags = ['Bet'];
  const place = { access: allow.fn('Bet', [2]) };

  app.post('/api/Bet/PlaceExpressOrder', { config: place, schema: { tags, body: placeExpressBody } }, async (req, reply) => {
    const auth = requireAuth(req);
    const ownerId = await resolveOwner(deps, auth, req.body.targetUserId);
    // The text is read by its owner's settings: amounts follow its bet-code order, no pools line means its default pools.
    const settings = await betSettingsOf(deps.db, auth, ownerId);
    const sourceType = sourceOf(auth, SourceType.Express);
    // Accepted or refused, the text is kept in the inbox (decision 0029).
    const out = await received(deps, auth, { ownerId, sourceType, text: req.body.text }, async () => {
      const parsed = parseExpress(req.body.text, { ...settings, today: businessDateOf(deps.clock.now(), deps.config.tzBusiness) });
      // Nothing is placed when any line is bad; every bad line is named, with its own text.
      if (!parsed.ok) throw refusedLines(400, parseRefusals(parsed.errors));
      const { pageInfo, customerPhone, idempotencyKey } = req.body;
      return placeTicket(deps, auth, { lines: parsed.lines, ownerId, sourceType, inboxString: req.body.text, pageInfo, customerPhone, idempotencyKey });
    });
    countPlaced(out);
    return reply.code(out.status).send(out.body);
  });

  app.post('/api/Bet/PlaceWebOrder', { config: place, schema: { tags, body: placeWebOrderBody } }, async (req, reply) => {
    const auth = requireAuth(req);
    const ownerId = await resolveOwner(deps, auth, req.body.targetUserId);
    const settings = await betSettingsOf(deps.db, auth, ownerId);
    // The grid is kept as the text its rows became (the ticket's inbox string, and the inbox's).
    const { lines, text, refusal } = readWebOrder(req.body.rows, { ...settings, today: businessDateOf(deps.clock.now(), deps.config.tzBusiness) });
    // The system's maxLineBetInUI bounds one web order (the express text has its own, larger cap): the
    // first row past it is named.
    const { maxLineBetInUI } = await readNumericSettings(deps.db, ['maxLineBetInUI']);
    const tooMany = req.body.rows.length > maxLineBetInUI ? refusedLines(400, [{ lineNo: maxLineBetInUI + 1, text: `> ${maxLineBetInUI}`, key: 'max' }]) : null;
    const sourceType = sourceOf(auth, req.body.sourceType);
    const out = await received(deps, auth, { ownerId, sourceType, text }, async () => {
      if (tooMany ?? refusal) throw tooMany ?? refusal;
      const { pageInfo, customerPhone, idempotencyKey } = req.body;
      return placeTicket(deps, auth, { lines, ownerId, sourceType, inboxString: text, pageInfo, customerPhone, idempotencyKey });
    });
    countPlaced(out);
    return reply.code(out.status).send(out.body);
  });

  app.post(
    '/api/Bet/VoidTicket',
    { config: { access: allow.fn('Bet History', [1]) }, schema: { tags, body: ticketIdBody, response: { 200: envelope(voidResult) } } },
    async (req) => ok(await voidTickets(deps, requireAuth(req), [req.body.ticketId], req.ip), 'SAVED'),
  );
  app.post(
    '/api/Bet/BulkVoidTicket',
    { config: { access: allow.fn('Bet History', [1]) }, schema: { tags, body: ticketIdsBody, response: { 200: envelope(voidResult) } } },
    async (req) => ok(await voidTickets(deps, requireAuth(req), req.body.ticketIds, req.ip), 'SAVED'),
  );
  app.get(
    '/api/Bet/GetBetReceipt',
    { config: { access: allow.fn('Bet History', [1]) }, schema: { tags, querystring: receiptQuery, response: { 200: envelope(receiptView) } } },
    async (req) => ok(await history.receipt(deps, requireAuth(req), req.query.ticketId)),
  );
  // A ticket's detail page (issue 28 line 3): our own call, the receipt's access and subtree.
  app.get(
    '/api/Bet/GetTicketDetail',
    { config: { access: allow.fn('Bet History', [1]) }, schema: { tags, querystring: ticketDetailQuery, response: { 200: envelope(ticketDetailView) } } },
    async (req) => ok(await history.ticketDetail(deps, requireAuth(req), req.query.ticketId)),
  );
  app.get(
    '/api/Report/GetTicket',
    {
      config: { access: allow.fn('Bet History', [1]) },
      schema: {
        tags: ['Report'],
        description: 'A page of the filtered tickets with the totals of all of them; format=csv or xlsx answers with every filtered ticket as a file headed in lang.',
        querystring: ticketQuery,
        response: { 200: envelope(ticketPage).or(z.string()) },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const { format, lang, page, pageSize, ...filters } = req.query;
      if (format === 'json') return ok(await history.ticketHistory(deps, auth, { ...filters, page, pageSize }));
      const { items, totals } = await history.ticketExportRows(deps, auth, filters);
      const tz = deps.config.tzBusiness;
      const name = `tickets-${businessDateOf(deps.clock.now(), tz)}`;
      if (format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(ticketsCsv(items, totals, lang, tz, await poolRegistry(deps.db)));
      }
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}.xlsx"`)
        // Fastify sends a Buffer as it is, past the JSON serializer; the cast only quiets the schema's type.
        .send((await ticketsXlsx(items, totals, lang, tz, await poolRegistry(deps.db))) as unknown as string);
    },
  );
  // The totals of the ticket history's filter: the very sums GetTicket answers with (one function).
  app.get(
    '/api/Report/GetTicketTotal',
    { config: { access: allow.fn('Bet History', [1]) }, schema: { tags: ['Report'], querystring: ticketTotalQuery, response: { 200: envelope(ticketTotals) } } },
    async (req) => ok(await history.ticketTotalsOf(deps, requireAuth(req), req.query)),
  );
  app.get(
    '/api/Account/GetBettingAgents',
    { config: { access: allow.fn('Bet', [2]) }, schema: { tags: ['Account'], response: { 200: envelope(z.array(bettingAgent)) } } },
    async (req) => ok(await history.bettingAgents(deps, requireAuth(req))),
  );
}

