import {
  envelope,
  initReport,
  jackpotQuery,
  jackpotReport as jackpotReportSchema,
  mapDetail,
  mapDetailQuery,
  runMapQuery,
  runMapReport as runMapReportSchema,
  saveRunTicketAnswer,
  saveRunTicketBody,
  mapQuery,
  mapReport as mapReportSchema,
  mapTicket,
  mapTicketQuery,
  payoutQuery,
  type PayoutQuery,
  payoutReport,
  payoutTable as payoutTableSchema,
  payoutTableQuery,
  usLineQuery,
  usLineReport,
  winningQuery,
  winningReport as winningReportSchema,
  payoutStatistic as payoutStatisticSchema,
  salesStatistic as salesStatisticSchema,
  salesSummary,
  salesSummaryQuery,
  statisticQuery,
  sumSalesSummary,
  winLossDetail,
  winLossDetailQuery,
  winLossQuery,
  winLossReport,
} from '@app/contract';
import { z } from 'zod';
import { RoleId } from '@app/domain';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import { poolRegistry } from '../pools/registry';
import { winLossDetail as detail } from './detail';
import { initReport as init } from './init';
import { jackpotReport } from './jackpot';
import { mapReport, mapTickets } from './map';
import { mapDetailReport } from './mapDetail';
import { runMapReport, saveRunTicket } from './runMap';
import { payoutReport as payout } from './payout';
import { payoutTable } from './payoutTable';
import { payoutStatistic, salesStatistic } from './statistics';
import { SALES_FUNCTION, salesSummary as sales, sumSalesSummary as sumSales } from './sales';
import { payoutFile, payoutStatisticFile, salesFile, salesStatisticFile, winLossDetailFile, winLossFile } from './files';
import type { FastifyReply } from 'fastify';
import type { AuthContext } from '../../platform/session';
import { reportReader } from './reader';
import { sendReportFile } from './reportFile';
import { stakeholderRoutes } from './stakeholderRoutes';
import { usLineReport as usLine } from './usline';
import { winLossReport as winLoss } from './winLoss';
import { winningReport as winning } from './winning';

/** A file holds every row of the filtered set. */
const EVERY_ROW = 1_000_000;

// Decision 0027: each report is guarded by the access-string function of SPEC 6 whose name covers it
// (win/loss by Profit Loss Report, sales by Group Sales Report, a bettor's lines by Bet History), at its View level; a sub-account holds it
// only through its report access. Every report reads the caller's subtree only (reports/scope).
export function reportRoutes(app: HttpApp, deps: Deps) {
  const tags = ['Report'];
  const read = reportReader(deps);
  const winLossAccess = allow.fn('Profit Loss Report', [1]);
  const salesAccess = allow.fn(SALES_FUNCTION, [1]);
  app.get('/api/Report/InitReport', { config: { access: allow.session() }, schema: { tags, response: { 200: envelope(initReport) } } }, async (req) =>
    ok(await init(deps, requireAuth(req))),
  );
  const fileNote = 'format=csv or xlsx answers with every filtered row and the totals as a file headed in lang.';
  const payoutAnswer = async (q: PayoutQuery, auth: AuthContext, self: boolean, reply: FastifyReply) => {
    if (q.format === 'json') return ok(await read((db) => payout(db, auth, q, self)));
    const all = await read((db) => payout(db, auth, { ...q, page: 1, pageSize: EVERY_ROW }, self));
    const file = { ...payoutFile(all.rows, all.totals, q.lang, `${q.fromDate}-${q.toDate}`, await poolRegistry(deps.db)), leftOut: all.blockedDates };
    return sendReportFile(reply, file, q.format, q.lang);
  };
  // The demo variant (SPEC 7 "and a Demo variant"; decision 0031) reads the accounts flagged demo only.
  for (const url of ['/api/Report/GetWinLossReport', '/api/Report/GetWinLoss3SectionsReport', '/api/Report/GetWinLoss3SectionsReportDemo']) {
    const demo = url.endsWith('Demo');
    app.get(
      url,
      { config: { access: winLossAccess }, schema: { tags, description: fileNote, querystring: winLossQuery, response: { 200: envelope(winLossReport).or(z.string()) } } },
      async (req, reply) => {
        const q = req.query;
        if (q.format === 'json') return ok(await read((db) => winLoss(db, requireAuth(req), q, demo)));
        const all = await read((db) => winLoss(db, requireAuth(req), { ...q, page: 1, pageSize: EVERY_ROW }, demo));
        const file = { ...winLossFile(all.rows, { ...all.totals, account: null, hasDownlines: false }, q.lang, `${q.fromDate}-${q.toDate}`), leftOut: all.blockedDates };
        return sendReportFile(reply, file, q.format, q.lang);
      },
    );
  }
  // A bettor's settled lines are its ticket history with their results: a player reads its own.
  app.get(
    '/api/Report/GetWinLossDetail',
    { config: { access: allow.fn('Bet History', [1]) }, schema: { tags, description: fileNote, querystring: winLossDetailQuery, response: { 200: envelope(winLossDetail).or(z.string()) } } },
    async (req, reply) => {
      const q = req.query;
      if (q.format === 'json') return ok(await read((db) => detail(db, requireAuth(req), q)));
      const all = await read((db) => detail(db, requireAuth(req), { ...q, page: 1, pageSize: EVERY_ROW }));
      const file = { ...winLossDetailFile(all.lines, all.totals, all.node.username, `${q.fromDate}-${q.toDate}`, await poolRegistry(deps.db)), leftOut: all.blockedDates };
      return sendReportFile(reply, file, q.format, q.lang);
    },
  );
  app.get(
    '/api/Report/GetUsLineReport',
    { config: { access: winLossAccess }, schema: { tags, querystring: usLineQuery, response: { 200: envelope(usLineReport) } } },
    async (req) => ok(await read((db) => usLine(db, requireAuth(req), req.query))),
  );
  // The caller's own usline (issue 29 line 3): a player reads what it owes its upline, or is owed, per draw
  // date, as its draw payment settles it; never another account's.
  app.get(
    '/api/Report/GetSelfUsLineReport',
    { config: { access: allow.fn('Bet History', [1]) }, schema: { tags, querystring: usLineQuery, response: { 200: envelope(usLineReport) } } },
    async (req) => ok(await read((db) => usLine(db, requireAuth(req), { ...req.query, userId: undefined }))),
  );
  app.get(
    '/api/Report/GetPayoutReport',
    { config: { access: allow.fn('Payout Report', [1]) }, schema: { tags, description: fileNote, querystring: payoutQuery, response: { 200: envelope(payoutReport).or(z.string()) } } },
    async (req, reply) => payoutAnswer(req.query, requireAuth(req), false, reply),
  );
  // The caller's own strikes: a player reads its own, as its ticket history.
  app.get(
    '/api/Report/GetSelfPayoutReport',
    { config: { access: allow.fn('Bet History', [1]) }, schema: { tags, description: fileNote, querystring: payoutQuery, response: { 200: envelope(payoutReport).or(z.string()) } } },
    async (req, reply) => payoutAnswer(req.query, requireAuth(req), true, reply),
  );
  app.get(
    '/api/Report/GetPayoutTable',
    { config: { access: allow.fn('Payout Report', [1]) }, schema: { tags, querystring: payoutTableQuery, response: { 200: envelope(payoutTableSchema) } } },
    async (req) => ok(await read((db) => payoutTable(db, requireAuth(req), req.query))),
  );
  app.get(
    '/api/Report/GetWinningReport',
    { config: { access: allow.fn('Winning Report', [1]) }, schema: { tags, querystring: winningQuery, response: { 200: envelope(winningReportSchema) } } },
    async (req) => ok(await read((db) => winning(db, requireAuth(req), req.query))),
  );
  const mapAccess = allow.fn('Map Report', [1]);
  app.get(
    '/api/Report/GetMapReport',
    { config: { access: mapAccess }, schema: { tags, querystring: mapQuery, response: { 200: envelope(mapReportSchema) } } },
    async (req) => ok(await read((db) => mapReport(db, requireAuth(req), req.query))),
  );
  app.get(
    '/api/Report/GetMapReportTicket',
    { config: { access: mapAccess }, schema: { tags, querystring: mapTicketQuery, response: { 200: envelope(z.array(mapTicket)) } } },
    async (req) => ok(await read((db) => mapTickets(db, requireAuth(req), req.query))),
  );
  app.get(
    '/api/Report/GetMapDetailReport',
    { config: { access: mapAccess }, schema: { tags, querystring: mapDetailQuery, response: { 200: envelope(mapDetail) } } },
    async (req) => ok(await read((db) => mapDetailReport(db, requireAuth(req), req.query))),
  );
  // Decision 0030: the run map is the super admin's and the companies' (SPEC 6 "Results and run map
  // report"), behind the secondary password (SPEC 2); reading needs Map Report view, laying off its edit.
  const runRoles = [RoleId.SuperAdmin, RoleId.Company] as const;
  // It stays on the primary (decision 0052): the lay-off a company saves next is placed from it.
  app.get(
    '/api/Report/GetRunMapReport',
    { config: { access: allow.fn('Map Report', [1], { roles: runRoles, secondary: true }) }, schema: { tags, querystring: runMapQuery, response: { 200: envelope(runMapReportSchema) } } },
    async (req) => ok(await runMapReport(deps, requireAuth(req), req.query)),
  );
  app.post(
    '/api/Report/SaveRunTicket',
    { config: { access: allow.fn('Map Report', [3], { roles: runRoles, secondary: true }) }, schema: { tags, body: saveRunTicketBody, response: { 200: envelope(saveRunTicketAnswer) } } },
    async (req) => ok(await saveRunTicket(deps, requireAuth(req), req.body, req.ip)),
  );
  // The jackpots published with the pools' results: public figures, read by every session.
  app.get(
    '/api/Report/GetDetailJackpot',
    { config: { access: allow.session() }, schema: { tags, querystring: jackpotQuery, response: { 200: envelope(jackpotReportSchema) } } },
    async (req) => ok(await read((db) => jackpotReport(db, req.query))),
  );
  app.get(
    '/api/Report/GetSalesSummary',
    { config: { access: salesAccess }, schema: { tags, description: fileNote, querystring: salesSummaryQuery, response: { 200: envelope(salesSummary).or(z.string()) } } },
    async (req, reply) => {
      const q = req.query;
      if (q.format === 'json') return ok(await read((db) => sales(db, requireAuth(req), q)));
      const all = await read((db) => sales(db, requireAuth(req), { ...q, page: 1, pageSize: EVERY_ROW }));
      const file = salesFile(all.rows, { ...all.totals, account: null, hasDownlines: false, betCode: '' }, q.lang, `${q.fromDate}-${q.toDate}`);
      return sendReportFile(reply, file, q.format, q.lang);
    },
  );
  app.get(
    '/api/Report/GetSumSalesSummary',
    { config: { access: salesAccess }, schema: { tags, querystring: salesSummaryQuery, response: { 200: envelope(sumSalesSummary) } } },
    async (req) => ok(await read((db) => sumSales(db, requireAuth(req), req.query))),
  );
  stakeholderRoutes(app, deps);
  // The statistics are the sales summary and the payout report by date, pool and code: the same access.
  app.get(
    '/api/Report/GetSalesStatistic',
    { config: { access: salesAccess }, schema: { tags, description: fileNote, querystring: statisticQuery, response: { 200: envelope(salesStatisticSchema).or(z.string()) } } },
    async (req, reply) => {
      const q = req.query;
      if (q.format === 'json') return ok(await read((db) => salesStatistic(db, requireAuth(req), q)));
      const all = await read((db) => salesStatistic(db, requireAuth(req), { ...q, page: 1, pageSize: EVERY_ROW }));
      const file = salesStatisticFile(all.rows, { ...all.totals, drawDate: '', poolId: 0, betCode: '' }, `${q.fromDate}-${q.toDate}`, await poolRegistry(deps.db));
      return sendReportFile(reply, file, q.format, q.lang);
    },
  );
  app.get(
    '/api/Report/GetPayoutStatistic',
    { config: { access: allow.fn('Payout Report', [1]) }, schema: { tags, description: fileNote, querystring: statisticQuery, response: { 200: envelope(payoutStatisticSchema).or(z.string()) } } },
    async (req, reply) => {
      const q = req.query;
      if (q.format === 'json') return ok(await read((db) => payoutStatistic(db, requireAuth(req), q)));
      const all = await read((db) => payoutStatistic(db, requireAuth(req), { ...q, page: 1, pageSize: EVERY_ROW }));
      const file = { ...payoutStatisticFile(all.rows, { ...all.totals, drawDate: '', poolId: 0, betCode: '' }, `${q.fromDate}-${q.toDate}`, await poolRegistry(deps.db)), leftOut: all.blockedDates };
      return sendReportFile(reply, file, q.format, q.lang);
    },
  );
}
