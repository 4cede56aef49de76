import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChangePreview, Draw, Listing, masterTemplate, poolSelection, templateItem, templateItemCategory } from '@app/contract';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { rememberPools } from '../../api/knownPools';

// Calls of the super admin's screens: the draw calendar, cutoffs and master templates.

export type PoolSelection = z.infer<typeof poolSelection>;
export type MasterTemplate = z.infer<typeof masterTemplate>;
export type TemplateItem = z.infer<typeof templateItem>;
export type TemplateCategory = z.infer<typeof templateItemCategory>;
export type { ChangePreview, Draw };

export const adminKeys = {
  pools: ['admin', 'pools'] as const,
  year: (year: number, poolId: number | undefined) => ['admin', 'draws', year, poolId ?? 'all'] as const,
  draws: ['admin', 'draws'] as const,
  today: ['admin', 'today'] as const,
  templates: ['admin', 'templates'] as const,
  templateItems: (templateId: number | undefined) => ['admin', 'templateItems', templateId] as const,
  categories: ['admin', 'categories'] as const,
  companies: ['admin', 'companies'] as const,
};

export const usePools = () =>
  useQuery({ queryKey: adminKeys.pools, queryFn: () => fetchData<PoolSelection[]>(API.Pools.GetPoolsSelection).then((list) => {
        rememberPools(list);
        return list;
      }), staleTime: 0 });

export const useYearDraws = (year: number, poolId: number | undefined) =>
  useQuery({
    queryKey: adminKeys.year(year, poolId),
    queryFn: () => fetchData<Draw[]>(API.Pools.GetScheduledDrawByYear, { query: { year, poolId } }),
    staleTime: 0,
  });

/** The draws of the server's business day (no date: the server's today). */
export const useTodayDraws = () =>
  useQuery({ queryKey: adminKeys.today, queryFn: () => fetchData<Draw[]>(API.Pools.GetPoolScheduleByDay), staleTime: 0 });

/** Refusals come back to the caller (DRAW_CLOSED, DUPLICATE_DRAW, NO_RECORD_FOUND) to show in place. */
export const scheduleYear = (body: { year: number; schedules: { poolId: number; weekdays: number[] }[] }) =>
  apiCall<{ created: number }>(API.Pools.ScheduleSelectedYearDraw, { json: body, handleErrors: true });

export const addDraw = (body: { poolId: number; drawDate: string; isSpecial: boolean }) =>
  apiCall<Draw>(API.Pools.SubmitNewDraw, { json: body, handleErrors: true });

/** A change of a draw (date, own cutoff, status): previewed first, made with the secondary password. */
export interface DrawChange {
  drawId: number;
  drawDate?: string;
  recordStatus?: 0 | 1 | 2;
  cutoffHour?: number | null;
  cutoffMinute?: number | null;
}
export interface CutoffChange {
  poolId: number;
  weekday?: number;
  cutoffHour: number;
  cutoffMinute: number;
}

export const previewDrawChange = (change: DrawChange) =>
  apiCall<ChangePreview>(API.Pools.PreviewDrawChange, {
    query: { ...change, cutoffHour: change.cutoffHour === null ? 'null' : change.cutoffHour, cutoffMinute: change.cutoffMinute === null ? 'null' : change.cutoffMinute },
    handleErrors: true,
  });

export const previewCutoffChange = (change: CutoffChange) => apiCall<ChangePreview>(API.Pools.PreviewCutoffChange, { query: { ...change }, handleErrors: true });

export const editDraw = (body: DrawChange & { secondaryPassword: string }) => apiCall<Draw>(API.Pools.SubmitEditedDraw, { json: body, handleErrors: true });

export const updateCutoff = (body: CutoffChange & { secondaryPassword: string }) =>
  apiCall<PoolSelection[]>(API.Pools.UpdateCutoffTime, { json: body, handleErrors: true });

export const useTemplates = () =>
  useQuery({ queryKey: adminKeys.templates, queryFn: () => fetchData<MasterTemplate[]>(API.Configuration.GetMasterTemplates), staleTime: 0 });

export const useTemplateItems = (templateId: number | undefined) =>
  useQuery({
    queryKey: adminKeys.templateItems(templateId),
    queryFn: () => fetchData<TemplateItem[]>(API.Configuration.GetMasterTemplateItems, { query: { templateId } }),
    enabled: templateId !== undefined,
    staleTime: 0,
  });

export const useCategories = () =>
  useQuery({
    queryKey: adminKeys.categories,
    queryFn: () => fetchData<TemplateCategory[]>(API.Configuration.GetMasterTemplateItemCategories),
    staleTime: Infinity,
  });

/** Companies a template can be for (the super admin's company listing, first 500). */
export const useCompanies = () =>
  useQuery({
    queryKey: adminKeys.companies,
    queryFn: () => fetchData<Listing>(API.Account.GetCompanyDetailBySuperAdmin, { query: { pageSize: 500 } }),
    staleTime: 60_000,
  });

export interface TemplateBody {
  templateId?: number;
  ownerUserId: number | null;
  name: string;
  description: string;
  recordStatus: 0 | 1 | 2;
  items: { categoryId: number; kind: string; code: string | null; tier: string | null; label: string; value: string }[];
}

export const saveTemplate = (body: TemplateBody) =>
  apiCall<MasterTemplate | null>(API.Configuration.CreateOrUpdateMasterTemplate, { json: body, handleErrors: true });
