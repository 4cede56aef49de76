import { useState, type ReactNode } from 'react';
import { Alert, Breadcrumb, Button, Card, Col, Row, Select, Space } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { outsideReportRange } from './reportRange';
import type { ReportAccount } from '@app/contract';
import { useAlerts } from '../../ui/useAlerts';
import { downloadReport, useInitReport, type ReportQuery } from './api';
import { DateRangePresets } from '../../ui/DateRangePresets';
import { PrintHeader } from '../../ui/PrintHeader';
import '../../ui/print.css';

interface Props {
  q: ReportQuery;
  set: (change: Partial<ReportQuery>) => void;
  /** The report's call, for its file; none: no export. */
  endpoint?: string;
  /** Offer the bet code filter, the pool filter. */
  codes?: boolean;
  pools?: boolean;
  /** The screen's own filters, after the shared ones. */
  children?: ReactNode;
  /** What the screen's own filters add to the file's query. */
  extra?: Record<string, string | number | undefined>;
  /** The account read, for the printed header (else the drilled-to downline's name, else the reader). */
  account?: string;
  /** The screen's own filters in force, as words, for the printed header. */
  printFilters?: (ReactNode | false | null | undefined | 0 | '')[];
}

/** The filter every report shares: draw-date range, pool and bet code ("all" = -1), export and print. */
export function ReportToolbar({ q, set, endpoint, codes = true, pools = true, children, extra, account, printFilters = [] }: Props) {
  const { t, i18n } = useTranslation();
  const alerts = useAlerts();
  const init = useInitReport();
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const file = async (format: 'csv' | 'xlsx') => {
    if (!endpoint) return;
    setExporting(format);
    const r = await downloadReport(endpoint, q, format, i18n.language, extra);
    setExporting(null);
    if (!r.ok) alerts.errorKey(r.message ?? 'INTERNAL_SERVER_ERROR');
  };
  const poolName = (id: number) => t(`admin.pools.${id}`, { defaultValue: init.data?.pools.find((p) => p.poolId === id)?.name ?? String(id) });
  const drilled = q.userId ? init.data?.downlines.find((d) => d.userId === q.userId)?.username : undefined;
  return (
    <>
    <PrintHeader
      account={account ?? drilled}
      period={q.fromDate === q.toDate ? q.fromDate : `${q.fromDate} – ${q.toDate}`}
      filters={[pools && (q.poolId === -1 ? t('reports.allPools') : poolName(q.poolId)), codes && (q.betCode === '-1' ? t('reports.allCodes') : q.betCode), ...printFilters]}
    />
    <Card size="small" className="report-toolbar">
      <Row gutter={[16, 12]} align="middle">
        <Col flex="none">
          <DateRangePresets
            value={[dayjs(q.fromDate), dayjs(q.toDate)]}
            allowClear={false}
            onChange={(v) => v?.[0] && v[1] && set({ fromDate: v[0].format('YYYY-MM-DD'), toDate: v[1].format('YYYY-MM-DD') })}
            disabledDate={outsideReportRange}
            data-testid="report-range"
          />
        </Col>
        {pools && (
        <Col flex="none">
          <Select<number>
            value={q.poolId}
            onChange={(v) => set({ poolId: v })}
            style={{ width: 180 }}
            options={[{ value: -1, label: t('reports.allPools') }, ...(init.data?.pools ?? []).map((p) => ({ value: p.poolId, label: t(`admin.pools.${p.poolId}`, { defaultValue: p.name }) }))]}
            data-testid="report-pool"
          />
        </Col>
        )}
        {codes && (
          <Col flex="none">
            <Select<string>
              value={q.betCode}
              onChange={(v) => set({ betCode: v })}
              style={{ width: 120 }}
              options={[{ value: '-1', label: t('reports.allCodes') }, ...(init.data?.betCodes ?? []).map((c) => ({ value: c, label: c }))]}
              data-testid="report-code"
            />
          </Col>
        )}
        {children}
        <Col flex="auto" />
        <Col flex="none" className="report-actions">
          <Space>
            {endpoint && (
              <>
                <Button icon={<DownloadOutlined aria-hidden />} loading={exporting === 'csv'} onClick={() => void file('csv')} data-testid="report-csv">
                  {t('reports.csv')}
                </Button>
                <Button icon={<DownloadOutlined aria-hidden />} loading={exporting === 'xlsx'} onClick={() => void file('xlsx')} data-testid="report-xlsx">
                  {t('reports.excel')}
                </Button>
              </>
            )}
            <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()} data-testid="report-print">
              {t('reports.print')}
            </Button>
          </Space>
        </Col>
      </Row>
    </Card>
    </>
  );
}

/** SPEC 8: the dates left out because their figures are not final yet, by why (settling, or blocked by hand). */
export function ReportNotice({ blockedDates, settlingDates }: { blockedDates: string[]; settlingDates: string[] }) {
  const { t } = useTranslation();
  const byHand = blockedDates.filter((d) => !settlingDates.includes(d));
  const notice = (key: string, dates: string[], id: string) => (
    <Alert type="warning" showIcon message={t(key)} description={t('reports.leftOut', { dates: dates.join(', ') })} data-testid={id} />
  );
  return (
    <>
      {settlingDates.length > 0 && notice('messages.RESULT_CALCULATION_PROCESSING', settlingDates, 'report-settling')}
      {byHand.length > 0 && notice('messages.RESULT_IS_PROCESSING', byHand, 'report-blocked')}
    </>
  );
}

/** The way back up from a drill-down: the caller first. */
export function ReportBreadcrumb({ trail, onPick }: { trail: ReportAccount[]; onPick: (userId: number | undefined) => void }) {
  if (trail.length <= 1) return null;
  return (
    <Breadcrumb
      data-testid="report-breadcrumb"
      items={trail.map((a, i) => ({
        key: a.userId,
        title:
          i === trail.length - 1 ? (
            a.username
          ) : (
            <a onClick={() => onPick(i === 0 ? undefined : a.userId)} data-testid={`report-crumb-${a.username}`}>
              {a.username}
            </a>
          ),
      }))}
    />
  );
}
