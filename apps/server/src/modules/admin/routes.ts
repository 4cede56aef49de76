// Administration calls (issue 14, decision 0033): system settings, announcements, currencies, the API
// logs and the admin tool, all the super admin's (SPEC 6); an account reads and marks its own
// announcements and reads its own currency.
import {
  announcement,
  announcementBody,
  announcementIdBody,
  apiLogPage,
  apiLogQuery,
  auditPage,
  backupRun,
  auditQuery,
  currency,
  envelope,
  id,
  jobRun,
  ledgerCheck,
  myAnnouncement,
  runJobBody,
  systemSetting,
  updateCurrencyBody,
  updateSystemSettingBody,
} from '@app/contract';
import { RoleId } from '@app/domain';
import { z } from 'zod';
import { allow } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { requireAuth, type Deps, type HttpApp } from '../../platform/http';
import * as ann from './announcements';
import { backupStages } from './backup';
import * as cur from './currencies';
import * as logs from './logs';
import * as settings from './settings';
import * as tool from './tool';

export function adminRoutes(app: HttpApp, deps: Deps) {
  const admin = { config: { access: allow.roles([RoleId.SuperAdmin]) } };
  const session = { config: { access: allow.session() } };
  const tags = ['Configuration'];

  app.get('/api/Configuration/GetSystemSetting', { ...admin, schema: { tags, response: { 200: envelope(z.array(systemSetting)) } } }, async () =>
    ok(await settings.listSettings(deps)),
  );
  app.post(
    '/api/Configuration/UpdateSystemSetting',
    { ...admin, schema: { tags, body: updateSystemSettingBody, response: { 200: envelope(z.array(systemSetting)) } } },
    async (req) => ok(await settings.updateSettings(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );

  app.get('/api/Configuration/GetAnnouncement', { ...admin, schema: { tags, response: { 200: envelope(z.array(announcement)) } } }, async () =>
    ok(await ann.listAnnouncements(deps)),
  );
  app.post(
    '/api/Configuration/CreateOrUpdateAnnouncement',
    { ...admin, schema: { tags, body: announcementBody, response: { 200: envelope(announcement) } } },
    async (req) => ok(await ann.saveAnnouncement(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.post(
    '/api/Configuration/DeleteAnnouncement',
    { ...admin, schema: { tags, body: announcementIdBody, response: { 200: envelope(z.object({ id: z.number() })) } } },
    async (req) => ok(await ann.deleteAnnouncement(deps, requireAuth(req), req.body.id, req.ip)),
  );
  app.get('/api/Configuration/GetMyAnnouncement', { ...session, schema: { tags, response: { 200: envelope(z.array(myAnnouncement)) } } }, async (req) =>
    ok(await ann.myAnnouncements(deps, requireAuth(req))),
  );
  app.post(
    '/api/Configuration/ReadAnnouncement',
    { ...session, schema: { tags, body: z.object({ ids: z.array(id).min(1).max(100) }), response: { 200: envelope(z.array(myAnnouncement)) } } },
    async (req) => ok(await ann.markRead(deps, requireAuth(req), req.body.ids)),
  );

  app.get('/api/Configuration/GetCurrencySetting', { ...admin, schema: { tags, response: { 200: envelope(z.array(currency)) } } }, async () =>
    ok(await cur.listCurrencies(deps)),
  );
  app.post(
    '/api/Configuration/UpdateCurrencySetting',
    { ...admin, schema: { tags, body: updateCurrencyBody, response: { 200: envelope(z.array(currency)) } } },
    async (req) => ok(await cur.updateCurrency(deps, requireAuth(req), req.body, req.ip), 'SAVED'),
  );
  app.get(
    '/api/Configuration/GetMyCurrency',
    { ...session, schema: { tags, response: { 200: envelope(z.object({ book: z.string(), code: z.string(), name: z.string().nullable(), rate: z.string() })) } } },
    async (req) => ok(await cur.myCurrency(deps, requireAuth(req))),
  );

  app.get('/api/Configuration/GetApiLog', { ...admin, schema: { tags, querystring: apiLogQuery, response: { 200: envelope(apiLogPage) } } }, async (req) =>
    ok(await logs.listApiLogs(deps, 'in', req.query)),
  );
  app.get('/api/Configuration/GetApiRequestLog', { ...admin, schema: { tags, querystring: apiLogQuery, response: { 200: envelope(apiLogPage) } } }, async (req) =>
    ok(await logs.listApiLogs(deps, 'out', req.query)),
  );

  app.get('/api/Configuration/GetAdminJobRuns', { ...admin, schema: { tags, response: { 200: envelope(z.array(jobRun)) } } }, async () =>
    ok(await tool.listRuns(deps)),
  );
  app.post('/api/Configuration/RunAdminJob', { ...admin, schema: { tags, body: runJobBody, response: { 200: envelope(jobRun) } } }, async (req) =>
    ok(await tool.startJob(deps, requireAuth(req), req.body, req.ip, req.headers['x-wait'] === '1')),
  );
  // The backups' stages (issue 14 item 7); a backup is started by RunAdminJob { job: 'backup' }.
  app.get('/api/Report/GetBackupStage', { ...admin, schema: { tags: ['Report'], response: { 200: envelope(z.array(backupRun)) } } }, async () =>
    ok(await backupStages(deps)),
  );
  app.get('/api/Configuration/CheckLedger', { ...admin, schema: { tags, response: { 200: envelope(ledgerCheck) } } }, async () =>
    ok(await tool.ledgerReport(deps)),
  );
  app.get('/api/Configuration/GetAuditLog', { ...admin, schema: { tags, querystring: auditQuery, response: { 200: envelope(auditPage) } } }, async (req) =>
    ok(await logs.listAudit(deps, req.query)),
  );
}
