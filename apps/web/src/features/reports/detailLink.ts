import type { ReportQuery } from './api';

/** The reports a bettor's lines (/winloss-detail) can be opened from, and so lead back to. */
const REPORT_PATH = /^\/report\/[a-z0-9-]+$/;
const WIN_LOSS = '/report/win-loss-report';

/** A bettor's settled lines for the report's filter, remembering the report they were opened from. */
export const winLossDetailLink = (q: ReportQuery, userId: number, from: string) =>
  `/winloss-detail?${new URLSearchParams({ userId: String(userId), fromDate: q.fromDate, toDate: q.toDate, poolId: String(q.poolId), betCode: q.betCode, back: from })}`;

/** Where the detail's breadcrumb leads: the report it was opened from, or the win/loss report. */
export const reportBackPath = (back: string | undefined) => (back && REPORT_PATH.test(back) ? back : WIN_LOSS);
