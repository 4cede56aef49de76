// Schemas of the super admin's administration calls (issue 14, decision 0033): system settings,
// announcements, currencies, the API logs and the admin tool.
import { z } from 'zod';
import { id, isoDate, text } from './fields';

// ---- system settings ----
export const systemSetting = z.object({
  key: z.string(),
  value: z.string(),
  defaultValue: z.string().nullable(),
  kind: z.string(),
  group: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  unit: z.string().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
/** One or more keys at once; each value is checked against its key's definition (errors name the key). */
export const updateSystemSettingBody = z.object({
  settings: z.array(z.object({ key: text(60).min(1), value: text(20_000) })).min(1).max(50),
});

// ---- announcements ----
const optionalText = (max: number) => text(max).trim().nullish();
export const announcementBody = z.object({
  id: id.optional(),
  title: text(34).trim().min(1),
  message: text(400).trim().min(1),
  titleCn: optionalText(34),
  messageCn: optionalText(400),
  titleBm: optionalText(34),
  messageBm: optionalText(400),
  allCompanies: z.boolean(),
  companyIds: z.array(id).max(1000).default([]),
});
export const announcement = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  titleCn: z.string().nullable(),
  messageCn: z.string().nullable(),
  titleBm: z.string().nullable(),
  messageBm: z.string().nullable(),
  allCompanies: z.boolean(),
  companies: z.array(z.object({ id: z.number(), username: z.string() })),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
});
/** What an account is shown: its announcements, newest first, and whether this login has read each. */
export const myAnnouncement = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  titleCn: z.string().nullable(),
  messageCn: z.string().nullable(),
  titleBm: z.string().nullable(),
  messageBm: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export const announcementIdBody = z.object({ id });

// ---- currencies ----
const rate = z
  .string()
  .max(20)
  .regex(/^\d{1,12}(\.\d{1,6})?$/, 'pattern')
  .refine((s) => Number(s) > 0, 'min');
export const currency = z.object({
  code: z.string(),
  name: z.string(),
  rate: z.string(),
  fakeRate: z.string(),
  active: z.boolean(),
  accounts: z.number(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export const updateCurrencyBody = z.object({
  code: text(10)
    .trim()
    .regex(/^[A-Z]{3}$/, 'pattern'),
  name: text(40).trim().min(1),
  rate,
  fakeRate: rate,
  active: z.boolean(),
});

// ---- API logs ----
export const apiLogQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  uri: text(200).optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']).optional(),
  username: text(60).optional(),
  status: z.enum(['ok', 'error']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const apiLogEntry = z.object({
  id: z.number(),
  at: z.string(),
  username: z.string().nullable(),
  region: z.string().nullable(),
  uri: z.string(),
  method: z.string(),
  requestHeader: z.record(z.string(), z.string()).nullable(),
  requestBody: z.string().nullable(),
  responseStatus: z.number().nullable(),
  responseContent: z.string().nullable(),
  responseMessage: z.string().nullable(),
  durationMs: z.number(),
});
export const apiLogPage = z.object({ items: z.array(apiLogEntry), total: z.number(), page: z.number(), pageSize: z.number() });

// ---- admin tool ----
export const adminJobs = ['result-fetch', 'auto-transfer', 'settle-draw', 'posting', 'prune-api-logs', 'backup', 'resync-sales'] as const;
export const runJobBody = z.object({
  job: z.enum(adminJobs),
  /** The draw of 'settle-draw'; the business date of 'result-fetch' (today when absent) and of 'resync-sales' (required). */
  drawId: id.optional(),
  date: isoDate.optional(),
});
/** A job message's parameters (packages/domain jobMessages). */
const jobParams = z.record(z.string(), z.union([z.string(), z.number()]));
export const jobRun = z.object({
  id: z.number(),
  job: z.string(),
  /** 'manual' (the admin tool) or 'schedule'. */
  trigger: z.enum(['manual', 'schedule']),
  /** The login that started it; '' for the scheduler. */
  by: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(['running', 'done', 'failed']),
  /** The summary in English; summaryKey and summaryParams give it in the reader's language (jobMessages). */
  summary: z.string(),
  summaryKey: z.string().optional(),
  summaryParams: jobParams.optional(),
  steps: z.array(z.object({ at: z.string(), text: z.string(), key: z.string().optional(), params: jobParams.optional() })),
});
/** Report/GetBackupStage: a backup run and its stages (started, dumping, written, pruned, failed). */
export const backupStages = ['started', 'dumping', 'written', 'pruned', 'failed'] as const;
export const backupRun = z.object({
  id: z.number(),
  trigger: z.enum(['manual', 'schedule']),
  by: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(['running', 'done', 'failed']),
  stage: z.string(),
  file: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  pruned: z.number().nullable(),
  reason: z.string().nullable(),
  steps: z.array(
    z.object({ at: z.string(), stage: z.string(), text: z.string(), key: z.string().optional(), params: jobParams.optional() }),
  ),
});
export const ledgerCheck = z.object({
  checkedAt: z.string(),
  ok: z.boolean(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
});
export const auditQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  actor: text(60).optional(),
  action: text(60).optional(),
  target: text(60).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
/** The names of what a page's rows name: 'user:4' an account's username, 'draw:13' its pool and date, 'pool:1', 'remote:2', 'package:3', 'ticket:9', 'announcement:1', 'template:1' their names. */
export const auditNames = z.record(z.string(), z.union([z.string(), z.object({ poolId: z.number(), date: z.string() })]));
export const auditPage = z.object({ items: z.array(auditEntry), names: auditNames, total: z.number(), page: z.number(), pageSize: z.number() });
