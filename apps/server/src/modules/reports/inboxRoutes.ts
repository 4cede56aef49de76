import { envelope, inboxPage, inboxQuery, smsCountQuery, smsCountReport } from '@app/contract';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import { inboxReport, smsCountReport as smsCount } from './inbox';
import { reportReader } from './reader';

// Decision 0029: the inbox and the SMS count (a tab of the inbox screen: the texts that came in and the
// receipts that went out) are behind SPEC 6's Inbox Report, at View level; a sub-account holds it only
// through its report access. Both read the caller's subtree only.
export function inboxRoutes(app: HttpApp, deps: Deps) {
  const tags = ['Report'];
  const read = reportReader(deps);
  const access = { access: allow.fn('Inbox Report', [1]) };
  // Our name: SPEC 2 names the /inbox screen but no call for it.
  app.get('/api/Report/GetInbox', { config: access, schema: { tags, querystring: inboxQuery, response: { 200: envelope(inboxPage) } } }, async (req) =>
    ok(await read((db) => inboxReport(db, requireAuth(req), req.query, deps.config.tzBusiness))),
  );
  app.get(
    '/api/Report/GetSmsCountReport',
    { config: access, schema: { tags, querystring: smsCountQuery, response: { 200: envelope(smsCountReport) } } },
    async (req) => ok(await read((db) => smsCount(db, requireAuth(req), req.query, deps.config.tzBusiness))),
  );
}
