import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AccountDetail, CreditLimitResult, CreditLog, downline, Payment, PaymentHistory, PaymentHistoryItem } from '@app/contract';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';

export type Downline = z.infer<typeof downline>;
export type { AccountDetail, CreditLimitResult, CreditLog, Payment, PaymentHistory, PaymentHistoryItem };

export interface DateRange {
  from?: string;
  to?: string;
}
export interface Paging {
  page: number;
  pageSize: number;
}

export const paymentKeys = {
  all: ['payments'] as const,
  downlines: ['payments', 'downlines'] as const,
  account: (userId: number | undefined) => ['payments', 'account', userId] as const,
  history: (targetUserId: number | undefined, range: DateRange, paging: Paging) => ['payments', 'history', targetUserId, range, paging] as const,
  creditLog: (userId: number | undefined, range: DateRange, paging: Paging) => ['payments', 'creditLog', userId, range, paging] as const,
};

export const usePaymentTypes = () =>
  useQuery({
    queryKey: ['payments', 'types'],
    queryFn: () => fetchData<{ id: number; name: string }[]>(API.Payment.GetPaymentType),
    staleTime: Infinity,
  });

export const useDownlines = (enabled: boolean) =>
  useQuery({ queryKey: paymentKeys.downlines, queryFn: () => fetchData<Downline[]>(API.Account.GetDirectDownlines), enabled, staleTime: 0 });

export const useAccount = (userId: number | undefined) =>
  useQuery({
    queryKey: paymentKeys.account(userId),
    queryFn: () => fetchData<AccountDetail>(API.Account.GetUserDetailsById, { query: { userId } }),
    enabled: userId !== undefined,
    staleTime: 0,
  });

export const usePaymentHistory = (targetUserId: number | undefined, range: DateRange, paging: Paging) =>
  useQuery({
    queryKey: paymentKeys.history(targetUserId, range, paging),
    queryFn: () => fetchData<PaymentHistory>(API.Payment.GetPaymentHistory, { query: { targetUserId, ...range, ...paging } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Refusals (INSUFFICIENT_CREDIT with the available amount, ...) come back to the form. */
export const makePayment = (body: { targetUserId: number; type: 1 | 2; amount: number; remark?: string; idempotencyKey: string }) =>
  apiCall<Payment>(API.Payment.MakePayment, { json: body, handleErrors: true });

export const updateCreditLimit = (body: { userId: number; creditLimit: number; idempotencyKey: string }) =>
  apiCall<CreditLimitResult>(API.Account.UpdateUserCreditLimit, { json: body, handleErrors: true });

/** Credit log of one account (default: one's own); a target outside the subtree is the caller's to show. */
export const useCreditLog = (userId: number | undefined, range: DateRange, paging: Paging) =>
  useQuery({
    queryKey: paymentKeys.creditLog(userId, range, paging),
    queryFn: async () => {
      const r = await apiCall<CreditLog>(API.Report.GetPlayerTransaction, { query: { userId, ...range, ...paging }, handleErrors: true });
      if (!r.success || !r.data) throw new Error(r.message || 'NO_RECORD_FOUND');
      return r.data;
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const CREDIT_LOG_PATH = API.Report.GetPlayerTransaction.slice(API.Report.GetPlayerTransaction.indexOf(' ') + 1);
