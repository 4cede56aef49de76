// The report range picker offers only the ranges the server reads (REPORT_MAX_DAYS days).
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { REPORT_MAX_DAYS } from '@app/contract';
import { outsideReportRange } from '../src/features/reports/reportRange';

describe('report range', () => {
  it('offers every day until the first is picked, then only those within the longest range, either way', () => {
    const from = dayjs('2026-11-01');
    expect(outsideReportRange(dayjs('2030-01-01'), {})).toBe(false);
    expect(outsideReportRange(from.add(REPORT_MAX_DAYS - 1, 'day'), { from })).toBe(false);
    expect(outsideReportRange(from.add(REPORT_MAX_DAYS, 'day'), { from })).toBe(true);
    expect(outsideReportRange(from.subtract(REPORT_MAX_DAYS - 1, 'day'), { from })).toBe(false);
    expect(outsideReportRange(from.subtract(REPORT_MAX_DAYS, 'day'), { from })).toBe(true);
  });
});
