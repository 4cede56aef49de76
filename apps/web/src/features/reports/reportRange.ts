import type { Dayjs } from 'dayjs';
import { REPORT_MAX_DAYS } from '@app/contract';

/**
 * The range picker offers only the ranges the server reads (REPORT_MAX_DAYS days at most): once the first
 * day is picked, days too far from it are off, rather than a longer range answering with an empty table.
 */
export const outsideReportRange = (current: Dayjs, info: { from?: Dayjs }) =>
  info.from !== undefined && Math.abs(current.startOf('day').diff(info.from.startOf('day'), 'day')) >= REPORT_MAX_DAYS;
