import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TFunction } from 'i18next';
import type { announcement, apiLogPage, apiLogQuery, auditPage, backupRun, currency, jobRun, ledgerCheck, myAnnouncement, systemSetting } from '@app/contract';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';

// Calls of the administration screens (issue 14): system settings, announcements, currencies, the API
// logs and the admin tool; and every account's own announcements and currency.

export type SystemSetting = z.infer<typeof systemSetting>;
export type Announcement = z.infer<typeof announcement>;
export type MyAnnouncement = z.infer<typeof myAnnouncement>;
export type Currency = z.infer<typeof currency>;
export type ApiLogPage = z.infer<typeof apiLogPage>;
export type ApiLogEntry = ApiLogPage['items'][number];
export type AuditPage = z.infer<typeof auditPage>;
export type JobRun = z.infer<typeof jobRun>;
export type LedgerCheck = z.infer<typeof ledgerCheck>;
export type BackupRun = z.infer<typeof backupRun>;

export const sysKeys = {
  settings: ['sysadmin', 'settings'] as const,
  announcements: ['sysadmin', 'announcements'] as const,
  mine: ['sysadmin', 'myAnnouncements'] as const,
  currencies: ['sysadmin', 'currencies'] as const,
  myCurrency: ['sysadmin', 'myCurrency'] as const,
  logs: (direction: 'in' | 'out', filter: object) => ['sysadmin', 'logs', direction, filter] as const,
  runs: ['sysadmin', 'runs'] as const,
  backups: ['sysadmin', 'backups'] as const,
  audit: (filter: object) => ['sysadmin', 'audit', filter] as const,
};

export const useSettings = () => useQuery({ queryKey: sysKeys.settings, queryFn: () => fetchData<SystemSetting[]>(API.Configuration.GetSystemSetting), staleTime: 0 });

export const saveSettings = (settings: { key: string; value: string }[]) =>
  apiCall<SystemSetting[]>(API.Configuration.UpdateSystemSetting, { json: { settings }, handleErrors: true });

export const useAnnouncements = () =>
  useQuery({ queryKey: sysKeys.announcements, queryFn: () => fetchData<Announcement[]>(API.Configuration.GetAnnouncement), staleTime: 0 });

export interface AnnouncementBody {
  id?: number;
  title: string;
  message: string;
  titleCn?: string | null;
  messageCn?: string | null;
  titleBm?: string | null;
  messageBm?: string | null;
  allCompanies: boolean;
  companyIds: number[];
}

export const saveAnnouncement = (body: AnnouncementBody) =>
  apiCall<Announcement>(API.Configuration.CreateOrUpdateAnnouncement, { json: body, handleErrors: true });

export const deleteAnnouncement = (id: number) => apiCall<{ id: number }>(API.Configuration.DeleteAnnouncement, { json: { id }, handleErrors: true });

/** The caller's announcements; refreshed every minute so that a new one reaches an open screen. Quiet on failure (a banner). */
export const useMyAnnouncements = () =>
  useQuery({ queryKey: sysKeys.mine, queryFn: () => fetchData<MyAnnouncement[]>(API.Configuration.GetMyAnnouncement, { busy: false, handleErrors: true }), refetchInterval: 60_000 });

export const readAnnouncements = (ids: number[]) => apiCall<MyAnnouncement[]>(API.Configuration.ReadAnnouncement, { json: { ids }, busy: false });

export const useCurrencies = () =>
  useQuery({ queryKey: sysKeys.currencies, queryFn: () => fetchData<Currency[]>(API.Configuration.GetCurrencySetting), staleTime: 0 });

export const saveCurrency = (body: { code: string; name: string; rate: string; fakeRate: string; active: boolean }) =>
  apiCall<Currency[]>(API.Configuration.UpdateCurrencySetting, { json: body, handleErrors: true });

export const useMyCurrency = () =>
  useQuery({
    queryKey: sysKeys.myCurrency,
    queryFn: () => fetchData<{ book: string; code: string; name: string | null; rate: string }>(API.Configuration.GetMyCurrency, { busy: false, handleErrors: true }),
    staleTime: 60_000,
  });

/** The API log's filter, as the contract parses it. */
export type LogFilter = z.infer<typeof apiLogQuery>;

export const useApiLogs = (direction: 'in' | 'out', filter: LogFilter) =>
  useQuery({
    queryKey: sysKeys.logs(direction, filter),
    queryFn: () =>
      fetchData<ApiLogPage>(direction === 'in' ? API.Configuration.GetApiLog : API.Configuration.GetApiRequestLog, {
        query: Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>,
      }),
    staleTime: 0,
  });

export const useJobRuns = (poll: boolean) =>
  useQuery({
    queryKey: sysKeys.runs,
    queryFn: () => fetchData<JobRun[]>(API.Configuration.GetAdminJobRuns, { busy: false }),
    refetchInterval: poll ? 1_000 : false,
  });

/**
 * The backups and their stages (Report/GetBackupStage), polled every second while a job runs and while
 * the last answer still shows a backup running: the job list can see the run done before this list has
 * read its last stage, and polling on the job list alone left "Dumping" on the screen.
 */
export const useBackups = (poll: boolean) =>
  useQuery({
    queryKey: sysKeys.backups,
    queryFn: () => fetchData<BackupRun[]>(API.Report.GetBackupStage, { busy: false }),
    refetchInterval: (query) => (poll || (query.state.data ?? []).some((b) => b.status === 'running') ? 1_000 : false),
  });

export const runJob = (body: { job: string; drawId?: number; date?: string }) => apiCall<JobRun>(API.Configuration.RunAdminJob, { json: body, handleErrors: true });

export const checkLedger = () => apiCall<LedgerCheck>(API.Configuration.CheckLedger);

export interface AuditFilter {
  from?: string;
  to?: string;
  actor?: string;
  action?: string;
  target?: string;
  page: number;
  pageSize: number;
}

export const useAudit = (filter: AuditFilter) =>
  useQuery({
    queryKey: sysKeys.audit(filter),
    queryFn: () =>
      fetchData<AuditPage>(API.Configuration.GetAuditLog, {
        query: Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>,
      }),
    staleTime: 0,
  });

/** The field errors of a 400 answer ({ key: 'min' | 'max' | ... }), else null. */
export const fieldErrors = (r: { status: number; data: unknown }): Record<string, string> | null =>
  r.status === 400 && r.data && typeof r.data === 'object' ? (r.data as Record<string, string>) : null;

/** A job's step or summary in the reader's language: its message key with parameters, or its text as is (an error's). */
export function jobText(t: TFunction, m: { text: string; key?: string; params?: Record<string, string | number> }): string {
  return m.key ? t(`sysadmin.tool.stepTexts.${m.key}`, { ...m.params, defaultValue: m.text }) : m.text;
}
