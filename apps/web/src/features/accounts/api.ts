import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AccountDetail,
  AccountSettings,
  apiAccountView,
  crumb,
  detailInit,
  downline,
  generatedApiCode,
  Listing,
  reserveNamePrefix,
  subAccountRow,
  UserSummary,
} from '@app/contract';
import type { AccessOption } from '@app/domain';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { listingApiQuery, type ListingState } from './listingState';

export type DetailInit = z.infer<typeof detailInit>;
export type Downline = z.infer<typeof downline>;
export type Crumb = z.infer<typeof crumb>;
export type ReservePrefix = z.infer<typeof reserveNamePrefix>;
export type SubAccountRow = z.infer<typeof subAccountRow>;
export type ApiAccountView = z.infer<typeof apiAccountView>;
export type GeneratedApiCode = z.infer<typeof generatedApiCode>;
export type { AccountDetail, AccountSettings, Listing };

/** Which listing a table shows: the downline, the house users or the companies (super admin). */
export type ListingKind = 'downline' | 'house' | 'company';

const LISTING_ENDPOINT: Record<ListingKind, string> = {
  downline: API.Account.GetUserListing,
  house: API.Account.GetHouseUsers,
  company: API.Account.GetCompanyDetailBySuperAdmin,
};

export const accountKeys = {
  all: ['accounts'] as const,
  listing: (kind: ListingKind, state: ListingState, searchTerm: string) =>
    ['accounts', 'listing', kind, state, searchTerm] as const,
  detail: (userId: number | undefined) => ['accounts', 'detail', userId] as const,
  init: (uplineId: number | undefined, userId?: number) => ['accounts', 'init', uplineId ?? 'self', userId ?? 'new'] as const,
  downlines: (userId: number | undefined) => ['accounts', 'downlines', userId ?? 'self'] as const,
  subAccounts: ['accounts', 'subAccounts'] as const,
  prefixes: ['accounts', 'prefixes'] as const,
};

export const useListing = (kind: ListingKind, state: ListingState, searchTerm: string, enabled = true) =>
  useQuery({
    queryKey: accountKeys.listing(kind, state, searchTerm),
    queryFn: () => fetchData<Listing>(LISTING_ENDPOINT[kind], { query: listingApiQuery(state, searchTerm) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });

/** One account of the caller's subtree; a refusal (404 outside it) is the caller's to show, not alerted. */
export const useAccountDetail = (userId: number | undefined) =>
  useQuery({
    queryKey: accountKeys.detail(userId),
    queryFn: async () => {
      const r = await apiCall<AccountDetail>(API.Account.GetUserDetailsById, { query: { userId }, handleErrors: true });
      if (!r.success || !r.data) throw new Error(r.message || 'NO_RECORD_FOUND');
      return r.data;
    },
    enabled: userId !== undefined,
    staleTime: 0,
  });

/** The form's levels, bounds and package choices under `uplineId`; with `userId`, the bounds for editing it. */
export const useDetailInit = (uplineId: number | undefined, enabled = true, userId?: number) =>
  useQuery({
    queryKey: accountKeys.init(uplineId, userId),
    queryFn: () => fetchData<DetailInit>(API.Account.GetUserDetailInit, { query: { uplineId, userId } }),
    enabled,
    staleTime: 0,
  });

export const fetchDirectDownlines = (userId?: number) =>
  fetchData<Downline[]>(API.Account.GetDirectDownlines, { query: { userId }, busy: false });

export const useDirectDownlines = (userId?: number, enabled = true) =>
  useQuery({ queryKey: accountKeys.downlines(userId), queryFn: () => fetchDirectDownlines(userId), enabled });

export interface CreateOrUpdateUserInput extends Partial<AccountSettings> {
  userId?: number;
  username?: string;
  password?: string;
  secondaryPassword?: string;
  level?: number;
  isHouse?: boolean;
  uplineId?: number;
  creditLimit?: number;
  /** A new account's packages, one per type (the types left out inherit the creator's). */
  packages?: { packageType: 0 | 2 | 3; packageId: number }[];
}

/** Validation (400) and refusals (409, 422) come back to the form, which shows them per field. */
export const saveAccount = (body: CreateOrUpdateUserInput) =>
  apiCall<AccountDetail>(API.Account.CreateOrUpdateUser, { json: body, handleErrors: true });

export const changeUpline = (userId: number, newUplineId: number) =>
  apiCall<null>(API.Setting.UpdateTargetUserUpline, { json: { userId, newUplineId } });

export const deleteUser = (userId: number) => apiCall<null>(API.Setting.DeleteUser, { json: { userId } });

export const getAccountDetail = (userId: number) =>
  apiCall<AccountDetail>(API.Account.GetUserDetailsById, { query: { userId } });

export const cloneAccount = (body: { sourceUserId: number; username: string; fullName: string; password: string }) =>
  apiCall<AccountDetail>(API.Account.CloneAccount, { json: body, handleErrors: true });

export const usePrefixes = () =>
  useQuery({ queryKey: accountKeys.prefixes, queryFn: () => fetchData<ReservePrefix[]>(API.Account.GetReserveNamePrefix), staleTime: 0 });

export const savePrefix = (body: { id?: number; prefix: string; digits: number }) =>
  apiCall<ReservePrefix[]>(API.Account.CreateOrUpdateReserveNamePrefix, { json: body, handleErrors: true });

export const useSubAccounts = (enabled = true) =>
  useQuery({
    queryKey: accountKeys.subAccounts,
    queryFn: () => fetchData<SubAccountRow[]>(API.Account.GetSubAccountListing),
    staleTime: 0,
    enabled,
  });

export interface SubAccountInput {
  userId?: number;
  username?: string;
  fullName: string;
  password?: string;
  secondaryPassword?: string;
  status: string;
  activities: { activityId: number; option: AccessOption }[];
  reportAccess: string[];
}

export const saveSubAccount = (body: SubAccountInput) =>
  apiCall<{ userId: number }>(API.Account.CreateOrUpdateSubAccount, { json: body, handleErrors: true });

export const findByUsername = (username: string) =>
  apiCall<UserSummary>(API.Account.GetUserDetailByUsername, { query: { username } });

export const getApiAccount = (userId: number) => apiCall<ApiAccountView>(API.Account.GetApiAccount, { query: { userId } });

export const generateApiCode = () => apiCall<GeneratedApiCode>(API.Account.GenerateApiCode, { json: {} });

export const saveApiAccount = (body: { userId: number; clientOpcode: string; clientSecret: string }) =>
  apiCall<ApiAccountView>(API.Account.CreateOrUpdateApiAccount, { json: body });

/** A seamless API account's settlement callback URL (decision 0025); null when it has none. */
export const getSettlementCallback = (userId: number) =>
  apiCall<{ userId: number; callbackUrl: string | null }>(API.Account.GetSettlementCallback, { query: { userId } });

export const saveSettlementCallback = (body: { userId: number; callbackUrl: string | null }) =>
  apiCall<{ userId: number; callbackUrl: string | null }>(API.Account.UpdateSettlementCallback, { json: body });
