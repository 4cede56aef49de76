import { DatePicker } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { useInitReport } from '../features/reports/api';
import { businessToday } from './time';

type RangeProps = ComponentProps<typeof DatePicker.RangePicker>;

/** The newest draw day, today or before, that has figures (settled), else the newest draw day, today or before. */
export function lastDrawDay(init: { lastSettledDate: string | null; drawDates: string[] } | undefined, today: string): string | undefined {
  if (!init) return undefined;
  if (init.lastSettledDate) return init.lastSettledDate;
  return [...init.drawDates].sort().reverse().find((d) => d <= today);
}

/**
 * The date ranges a report is most often read for (business calendar; a week from Monday to Sunday, as
 * the Wednesday-Saturday-Sunday draws fall in one): today, yesterday, this and last week, this and last
 * month, and the last draw day (the newest settled draw date, from the report calendar).
 */
export function useRangePresets(): NonNullable<RangeProps['presets']> {
  const { t } = useTranslation();
  const init = useInitReport();
  const today = dayjs(businessToday());
  const monday = today.subtract((today.day() + 6) % 7, 'day');
  const lastMonth = today.startOf('month').subtract(1, 'month');
  const drawDay = lastDrawDay(init.data, today.format('YYYY-MM-DD'));
  const range = (a: Dayjs, b: Dayjs) => [a, b] as [Dayjs, Dayjs];
  return [
    { label: <span data-testid="preset-today">{t('reportTable.presets.today')}</span>, value: range(today, today) },
    { label: <span data-testid="preset-yesterday">{t('reportTable.presets.yesterday')}</span>, value: range(today.subtract(1, 'day'), today.subtract(1, 'day')) },
    { label: <span data-testid="preset-thisWeek">{t('reportTable.presets.thisWeek')}</span>, value: range(monday, today) },
    { label: <span data-testid="preset-lastWeek">{t('reportTable.presets.lastWeek')}</span>, value: range(monday.subtract(7, 'day'), monday.subtract(1, 'day')) },
    { label: <span data-testid="preset-thisMonth">{t('reportTable.presets.thisMonth')}</span>, value: range(today.startOf('month'), today) },
    { label: <span data-testid="preset-lastMonth">{t('reportTable.presets.lastMonth')}</span>, value: range(lastMonth, lastMonth.endOf('month').startOf('day')) },
    ...(drawDay ? [{ label: <span data-testid="preset-lastDrawDay">{t('reportTable.presets.lastDrawDay')}</span>, value: range(dayjs(drawDay), dayjs(drawDay)) }] : []),
  ];
}

/** antd's RangePicker with the report presets (issue 29 line 4): every report's and history's date range. */
export function DateRangePresets(props: RangeProps) {
  const presets = useRangePresets();
  return <DatePicker.RangePicker presets={presets} {...props} />;
}
