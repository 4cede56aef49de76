import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InitReport, OccupiedReport, PayoutReport, PayoutStatistic, SalesStatistic, SalesSummary, StakeholderReport, SumSalesSummary, UserEatData, UsLineReport, WinLossDetail, WinLossReport } from '@app/contract';
import { fetchData } from '../../api/client';
import { downloadFile } from '../../api/download';
import { API } from '../../api/endpoints';

// Calls of the reports: the filter's data, and each report's page (its file through the same call).

export type { InitReport, PayoutReport, SalesSummary, SumSalesSummary, UsLineReport, WinLossDetail, WinLossReport };

/** What every report's query carries (SPEC 9: "all" is -1). */
export interface ReportQuery {
  fromDate: string;
  toDate: string;
  poolId: number;
  betCode: string;
  userId?: number;
  page: number;
  pageSize: number;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

const query = (q: ReportQuery) => ({ ...q, userId: q.userId ?? undefined });

export const useInitReport = () => useQuery({ queryKey: ['report', 'init'], queryFn: () => fetchData<InitReport>(API.Report.InitReport), staleTime: 60_000 });

function useReport<T>(endpoint: string, name: string, q: ReportQuery) {
  return useQuery({ queryKey: ['report', name, q], queryFn: () => fetchData<T>(endpoint, { query: query(q) }), placeholderData: keepPreviousData, staleTime: 0 });
}

export const useWinLoss = (q: ReportQuery, endpoint: string = API.Report.GetWinLossReport) => useReport<WinLossReport>(endpoint, endpoint, q);
export const useWinLossDetail = (q: ReportQuery) => useReport<WinLossDetail>(API.Report.GetWinLossDetail, 'winLossDetail', q);
export const useSalesSummary = (q: ReportQuery) => useReport<SalesSummary>(API.Report.GetSalesSummary, 'sales', q);
export const useUsLine = (q: ReportQuery, self = false) =>
  useReport<UsLineReport>(self ? API.Report.GetSelfUsLineReport : API.Report.GetUsLineReport, self ? 'selfUsline' : 'usline', q);
export const usePayout = (q: ReportQuery, self: boolean) =>
  useReport<PayoutReport>(self ? API.Report.GetSelfPayoutReport : API.Report.GetPayoutReport, self ? 'selfPayout' : 'payout', q);
export const useSalesStatistic = (q: ReportQuery) => useReport<SalesStatistic>(API.Report.GetSalesStatistic, 'salesStatistic', q);
export const usePayoutStatistic = (q: ReportQuery) => useReport<PayoutStatistic>(API.Report.GetPayoutStatistic, 'payoutStatistic', q);
export const useSumSalesSummary = (q: ReportQuery) => useReport<SumSalesSummary>(API.Report.GetSumSalesSummary, 'sumSales', q);

export const useStakeholder = (q: ReportQuery) => useReport<StakeholderReport>(API.Report.GetStakeHolderReport, 'stakeholder', q);
export const useOccupied = (q: ReportQuery) => useReport<OccupiedReport>(API.Report.GetWinLossOccupiedReport, 'occupied', q);
/** The node's eaten stake per draw: every draw of the range, so no paging or sorting is sent. */
export const useUserEatData = (q: ReportQuery) =>
  useReport<UserEatData>(API.Report.GetUserEatData, 'eatData', { fromDate: q.fromDate, toDate: q.toDate, poolId: q.poolId, betCode: q.betCode, userId: q.userId } as ReportQuery);

/** The report as a file: every filtered row, headed in the reader's language. */
export const downloadReport = (endpoint: string, q: ReportQuery, format: 'csv' | 'xlsx', lang: string, extra: Record<string, string | number | undefined> = {}) =>
  downloadFile(endpoint.replace(/^GET /, ''), { ...query(q), ...extra, page: 1, format, lang }, `report.${format}`);
