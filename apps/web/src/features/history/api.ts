import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { bettingAgent, receiptCorrectionView, ticketDetailView, receiptView, resendLimitRow, smsReceiptResult, ticketRow, ticketTotals, voidResult } from '@app/contract';
import { apiCall, fetchData } from '../../api/client';
import { downloadFile } from '../../api/download';
import { API } from '../../api/endpoints';
import { useAuth } from '../../state/AuthContext';

export type TicketRow = z.infer<typeof ticketRow>;
export type TicketTotals = z.infer<typeof ticketTotals>;
export type ReceiptView = z.infer<typeof receiptView>;
export type VoidResult = z.infer<typeof voidResult>;
type BettingAgent = z.infer<typeof bettingAgent>;

export interface TicketFilters {
  userId?: number;
  from?: string;
  to?: string;
  /** '1' active, '0' void, '-1' all (SPEC 9). */
  status: '1' | '0' | '-1';
  search?: string;
  /** Tickets having a line on this bet number, draw date, pool. */
  number?: string;
  drawDate?: string;
  poolId?: number;
  /** won: only the winning tickets. */
  outcome?: 'won';
}
export interface Paging {
  page: number;
  pageSize: number;
  /** The server's order of the whole filtered set (GetTicket's whitelist); newest first when absent. */
  sortBy?: 'orderedAt' | 'ticketNo' | 'username' | 'gross' | 'commission' | 'net' | 'drawDate';
  sortOrder?: 'asc' | 'desc';
}

export const historyKeys = {
  all: ['history'] as const,
  tickets: (f: TicketFilters, p: Paging) => ['history', 'tickets', f, p] as const,
  receipt: (ticketId: number) => ['history', 'receipt', ticketId] as const,
  detail: (ticketId: number) => ['history', 'detail', ticketId] as const,
};

export const useTickets = (filters: TicketFilters, paging: Paging) =>
  useQuery({
    queryKey: historyKeys.tickets(filters, paging),
    queryFn: () =>
      fetchData<{ items: TicketRow[]; total: number; totals: TicketTotals }>(API.Report.GetTicket, {
        query: { ...filters, search: filters.search || undefined, ...paging },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Every filtered ticket as a CSV or Excel file, headed in the reader's language (EXPORT_TOO_LARGE when too many). */
export const exportTickets = (filters: TicketFilters, format: 'csv' | 'xlsx', lang: string) =>
  downloadFile(API.Report.GetTicket.replace(/^GET /, ''), { ...filters, search: filters.search || undefined, format, lang }, `tickets.${format}`);

export const useReceipt = (ticketId: number) =>
  useQuery({ queryKey: historyKeys.receipt(ticketId), queryFn: () => fetchData<ReceiptView>(API.Bet.GetBetReceipt, { query: { ticketId } }) });

export type TicketDetailView = z.infer<typeof ticketDetailView>;

/** A ticket's detail page (Bet/GetTicketDetail): 404 (not in the subtree, or no such ticket) is the page's to show. */
export const useTicketDetail = (ticketId: number | undefined) =>
  useQuery({
    queryKey: historyKeys.detail(ticketId ?? 0),
    queryFn: async () => {
      const r = await apiCall<TicketDetailView>(API.Bet.GetTicketDetail, { query: { ticketId }, handleErrors: true });
      if (!r.success || !r.data) throw new Error(r.message || 'NO_RECORD_FOUND');
      return r.data;
    },
    enabled: !!ticketId,
    retry: false,
    staleTime: 0,
  });

export const useBettingAgents = (enabled: boolean) =>
  useQuery({ queryKey: ['betting', 'agents'], queryFn: () => fetchData<BettingAgent[]>(API.Account.GetBettingAgents), enabled, staleTime: 60_000 });

/**
 * The viewer's own account (credit balance). Same query as the dashboard's, so refreshing it after a void
 * refreshes the balance shown there too.
 */
export function useOwnCredit() {
  const { userData } = useAuth();
  const userId = userData?.userId;
  return useQuery({
    queryKey: ['userDetailsById', userId],
    queryFn: () => fetchData<{ availableCredit: number | null; currency: string }>(API.Account.GetUserDetailsById, { query: { userId } }),
    enabled: userId !== undefined,
  });
}

/** After a void: the list, the balances (own, dashboard, order screens) are stale. */
export function useAfterVoid() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['userDetailsById'] });
    void queryClient.invalidateQueries({ queryKey: ['betting', 'owner'] });
  };
}

// Refusals (DRAW_CLOSED, TICKET_ALREADY_VOID, 403) are alerted by the call wrapper.
export const voidTicket = (ticketId: number) => apiCall<VoidResult>(API.Bet.VoidTicket, { json: { ticketId } });
export const bulkVoidTickets = (ticketIds: number[]) => apiCall<VoidResult>(API.Bet.BulkVoidTicket, { json: { ticketIds } });

// ---- receipt resend and correction ----

export type SmsReceiptResult = z.infer<typeof smsReceiptResult>;
export type ReceiptCorrection = z.infer<typeof receiptCorrectionView>;

/** Queues the receipt for the ticket's phone; NO_PHONE_NUMBER, RESEND_LIMIT_REACHED ... are alerted by the wrapper. */
export const sendSmsReceipt = (ticketId: number, master: boolean) =>
  apiCall<SmsReceiptResult>(master ? API.Report.MasterSendSmsReceipt : API.Report.SendSmsReceipt, { json: { ticketId } });

export const useReceiptCorrection = (xid: string | undefined) =>
  useQuery({
    queryKey: ['history', 'correction', xid],
    queryFn: () => fetchData<ReceiptCorrection>(API.Setting.GetReceiptStringByTicketXId, { query: { xid } }),
    enabled: !!xid,
    staleTime: 0,
  });

/** Needs the secondary password (the wrapper prompts); DRAW_CLOSED and TICKET_ALREADY_VOID are alerted. */
export const updateReceiptString = (xid: string, receiptString: string) =>
  apiCall<ReceiptCorrection>(API.Setting.UpdateTicketReceiptString, { json: { xid, receiptString } });

// ---- resend order limits ----

export type ResendLimitRow = z.infer<typeof resendLimitRow>;

export const useResendLimits = (query: { parentId?: number; search?: string }, paging: Paging) =>
  useQuery({
    queryKey: ['history', 'resendLimits', query, paging],
    queryFn: () =>
      fetchData<{ items: ResendLimitRow[]; total: number; defaultLimit: number }>(API.Configuration.GetResendOrderLimit, {
        query: { ...query, search: query.search || undefined, ...paging },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const updateResendLimit = (userId: number, limit: number | null) =>
  apiCall<{ userId: number; limit: number | null; effectiveLimit: number }>(API.Configuration.UpdateResendOrderLimit, { json: { userId, limit } });
