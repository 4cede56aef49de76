// A bettor's lines lead back to the report they were opened from, and only to a report.
import { describe, expect, it } from 'vitest';
import { reportBackPath, winLossDetailLink } from '../src/features/reports/detailLink';

describe('win/loss detail link', () => {
  it('remembers the report it was opened from', () => {
    const q = { fromDate: '2026-11-01', toDate: '2026-11-07', poolId: -1, betCode: '-1', page: 1, pageSize: 50, sortOrder: 'asc' as const };
    const link = new URL(winLossDetailLink(q, 42, '/report/stakeholder-report'), 'http://x');
    expect(link.pathname).toBe('/winloss-detail');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ userId: '42', fromDate: '2026-11-01', back: '/report/stakeholder-report' });
    expect(reportBackPath(link.searchParams.get('back') ?? undefined)).toBe('/report/stakeholder-report');
  });

  it('leads to the win/loss report when it knows no report to go back to', () => {
    for (const back of [undefined, '', 'https://evil.example/report/x', '//evil.example', '/dashboard', '/report/../admin-tool']) {
      expect(reportBackPath(back)).toBe('/report/win-loss-report');
    }
  });
});
