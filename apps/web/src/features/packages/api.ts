import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AccountDetail, CreateOrUpdatePackageBody, downline, masterTemplate, PackageDetail, PackageSummary, templateItem } from '@app/contract';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';

// Calls of the package screens: lists, rate sheets, saving, assignment, the red package flag.

export type Downline = z.infer<typeof downline>;
export type MasterTemplate = z.infer<typeof masterTemplate>;
export type TemplateItem = z.infer<typeof templateItem>;
export type { CreateOrUpdatePackageBody, PackageDetail, PackageSummary };

/** SPEC 9 package types: normal 0, GD 2, nine-lotto 3. */
export const PACKAGE_TYPES = [0, 2, 3] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export const packageKeys = {
  all: ['packages'] as const,
  list: (userId: number | undefined) => ['packages', 'list', userId ?? 'self'] as const,
  detail: (id: number | undefined) => ['packages', 'detail', id] as const,
  effective: (userId: number | undefined, type: number, red: boolean) => ['packages', 'effective', userId ?? 'self', type, red] as const,
  downlines: ['packages', 'downlines'] as const,
  templates: ['packages', 'templates'] as const,
  templateItems: (id: number | undefined) => ['packages', 'templateItems', id] as const,
  self: (userId: number | undefined) => ['packages', 'self', userId] as const,
};

/** The viewer's own package settings (fix package, can edit package); main accounts only. */
export const useOwnPackageSettings = (userId: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: packageKeys.self(userId),
    queryFn: () => fetchData<Pick<AccountDetail, 'fixPackage' | 'canEditPackage'>>(API.Account.GetUserDetailsById, { query: { userId } }),
    enabled: enabled && userId !== undefined,
    staleTime: 60_000,
  });

export const usePackages = (userId: number | undefined) =>
  useQuery({
    queryKey: packageKeys.list(userId),
    queryFn: () => fetchData<PackageSummary[]>(API.Configuration.GetPackages, { query: { userId, includeDisabled: 'true' } }),
    staleTime: 0,
  });

/** One package by id; a refusal (404: not the caller's to see) comes back to the screen. */
export const usePackageDetail = (id: number | undefined) =>
  useQuery({
    queryKey: packageKeys.detail(id),
    queryFn: async () => {
      const r = await apiCall<PackageDetail>(API.Configuration.GetPackageDetailById, { query: { id }, handleErrors: true });
      if (!r.success || !r.data) throw new Error(r.message || 'NO_RECORD_FOUND');
      return r.data;
    },
    enabled: id !== undefined,
    staleTime: 0,
  });

/** The package an account gets for a type (default the caller), or with `red` its own red package (null: none). */
export const useEffectivePackage = (userId: number | undefined, packageType: number, red: boolean, enabled = true) =>
  useQuery({
    queryKey: packageKeys.effective(userId, packageType, red),
    queryFn: async () => {
      const r = await apiCall<PackageDetail | null>(API.Configuration.GetPackageDetail, {
        query: { userId, packageType, isRedPackage: red ? 'true' : undefined },
        handleErrors: true,
      });
      if (!r.success) throw new Error(r.message || 'NO_RECORD_FOUND');
      return r.data ?? null;
    },
    enabled,
    staleTime: 0,
  });

export const useDownlines = (enabled: boolean) =>
  useQuery({ queryKey: packageKeys.downlines, queryFn: () => fetchData<Downline[]>(API.Account.GetDirectDownlines), enabled, staleTime: 0 });

/** Master templates (super admin only) to derive a system package from. */
export const useTemplates = (enabled: boolean) =>
  useQuery({ queryKey: packageKeys.templates, queryFn: () => fetchData<MasterTemplate[]>(API.Configuration.GetMasterTemplates), enabled, staleTime: 60_000 });

export const fetchTemplateItems = (templateId: number) =>
  apiCall<TemplateItem[]>(API.Configuration.GetMasterTemplateItems, { query: { templateId } });

/** 400 field errors, 409 DUPLICATE_NAME / PACKAGE_IN_USE, 403 PACKAGE_FIXED come back to the form. */
export const savePackage = (body: CreateOrUpdatePackageBody) =>
  apiCall<PackageDetail | null>(API.Configuration.CreateOrUpdatePackage, { json: body, handleErrors: true });

export const assignPackage = (body: { userId: number; packageType: number; packageId: number | null }) =>
  apiCall<{ userId: number; packageType: number; packageId: number | null; effectivePackageId: number | null }>(API.Configuration.AssignPackage, {
    json: body,
    handleErrors: true,
  });

export const fixIsRedPackage = (body: { packageId: number; isRedPackage: boolean }) =>
  apiCall<PackageDetail>(API.Account.FixIsRedPackage, { json: body, handleErrors: true });
