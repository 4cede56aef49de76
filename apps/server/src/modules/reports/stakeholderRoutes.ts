// Routes of the stakeholder and occupied reports and an account's eat data (decision 0028): the stakeholder
// report behind SPEC 6's Stakeholder Report, the occupied report and the eat data (the own position, a view
// of win/loss) behind Profit Loss Report, each at View level.
import { envelope, occupiedQuery, occupiedReport, stakeholderQuery, stakeholderReport, userEatData, userEatDataQuery } from '@app/contract';
import { z } from 'zod';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import { poolRegistry } from '../pools/registry';
import { occupiedReport as occupied, userEatData as eatData } from './occupied';
import { reportReader } from './reader';
import { sendReportFile } from './reportFile';
import { stakeholderAllRows, stakeholderReport as stakeholder } from './stakeholder';
import { occupiedFile, stakeholderFile } from './stakeholderFiles';

const fileNote = 'format=csv or xlsx answers with every filtered row and the totals as a file headed in lang.';

export function stakeholderRoutes(app: HttpApp, deps: Deps) {
  const tags = ['Report'];
  const read = reportReader(deps);
  app.get(
    '/api/Report/GetStakeHolderReport',
    { config: { access: allow.fn('Stakeholder Report', [1]) }, schema: { tags, description: fileNote, querystring: stakeholderQuery, response: { 200: envelope(stakeholderReport).or(z.string()) } } },
    async (req, reply) => {
      const q = req.query;
      if (q.format === 'json') return ok(await read((db) => stakeholder(db, requireAuth(req), q)));
      const all = await read((db) => stakeholderAllRows(db, requireAuth(req), q));
      const totals = { kind: 'account' as const, account: null, level: null, hasDownlines: false, ...all.report.totals };
      const file = { ...stakeholderFile(all.rows, totals, q.lang, `${q.fromDate}-${q.toDate}`), leftOut: all.report.blockedDates };
      return sendReportFile(reply, file, q.format, q.lang);
    },
  );
  const winLossAccess = allow.fn('Profit Loss Report', [1]);
  app.get(
    '/api/Report/GetWinLossOccupiedReport',
    { config: { access: winLossAccess }, schema: { tags, description: fileNote, querystring: occupiedQuery, response: { 200: envelope(occupiedReport).or(z.string()) } } },
    async (req, reply) => {
      const q = req.query;
      if (q.format === 'json') return ok(await read((db) => occupied(db, requireAuth(req), q)));
      const all = await read((db) => occupied(db, requireAuth(req), { ...q, page: 1, pageSize: 1_000_000 }));
      const file = { ...occupiedFile(all.rows, { poolId: 0, betCode: '', ...all.totals }, q.lang, `${q.fromDate}-${q.toDate}`, await poolRegistry(deps.db)), leftOut: all.blockedDates };
      return sendReportFile(reply, file, q.format, q.lang);
    },
  );
  app.get(
    '/api/Report/GetUserEatData',
    { config: { access: winLossAccess }, schema: { tags, querystring: userEatDataQuery, response: { 200: envelope(userEatData) } } },
    async (req) => ok(await read((db) => eatData(db, requireAuth(req), req.query))),
  );
}
