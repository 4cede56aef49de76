import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { businessToday } from '../../ui/time';
import type { ReportQuery } from './api';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const int = (v: string | null, fallback: number) => (v !== null && /^-?\d+$/.test(v) ? Number(v) : fallback);

/**
 * A report's filter lives in the address (dates, pool, code, the account drilled to, page, sort), so a
 * drill-down is a new address: the browser's Back returns, and a link to the report opens it as it was.
 * Default range: the last seven days to today (business calendar).
 */
export function useReportQuery(defaults: Partial<ReportQuery> = {}, ownKeys: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const today = businessToday();
  const from = params.get('fromDate');
  const to = params.get('toDate');
  const userId = int(params.get('userId'), 0);
  const q: ReportQuery = {
    fromDate: from && DATE.test(from) ? from : (defaults.fromDate ?? dayjs(today).subtract(6, 'day').format('YYYY-MM-DD')),
    toDate: to && DATE.test(to) ? to : (defaults.toDate ?? today),
    poolId: int(params.get('poolId'), -1),
    betCode: params.get('betCode') || '-1',
    userId: userId > 0 ? userId : undefined,
    page: Math.max(1, int(params.get('page'), 1)),
    pageSize: Math.min(500, Math.max(1, int(params.get('pageSize'), defaults.pageSize ?? 50))),
    sortBy: params.get('sortBy') ?? defaults.sortBy,
    sortOrder: params.get('sortOrder') === 'desc' ? 'desc' : 'asc',
  };
  /** The screen's own filters (`ownKeys`), as the address holds them. */
  const own: Record<string, string | undefined> = Object.fromEntries(ownKeys.map((k) => [k, params.get(k) ?? undefined]));
  /** Changes the filter (and the screen's own ones in `ownChange`, kept otherwise); anything but paging goes back to page 1. */
  const set = (change: Partial<ReportQuery>, ownChange: Record<string, string | undefined> = {}) => {
    const paging = 'page' in change || 'pageSize' in change;
    const next = { ...q, ...(paging && !Object.keys(ownChange).length ? {} : { page: 1 }), ...change };
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v !== undefined && v !== null && v !== '') out.set(k, String(v));
    for (const [k, v] of Object.entries({ ...own, ...ownChange })) if (v !== undefined && v !== '') out.set(k, v);
    setParams(out);
  };
  return { q, set, own };
}
