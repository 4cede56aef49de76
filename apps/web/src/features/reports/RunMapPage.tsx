import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { RoleId } from '@app/domain';
import type { InitReport, RunMapReport, RunMapRow } from '@app/contract';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { useAuth } from '../../state/AuthContext';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { useDrawQuery } from './useDrawQuery';
import { ReportBreadcrumb } from './ReportToolbar';
import './reports.css';
import { PrintHeader } from '../../ui/PrintHeader';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

const keyOf = (r: Pick<RunMapRow, 'number' | 'betCode'>) => `${r.number}|${r.betCode}`;

/**
 * Run map (/report/run-map-report: the account's own; /report/run-map-report-as-com: the super admin
 * picks the company). Behind the secondary password (the route's guard). The numbers of a draw the
 * account ate over its limit, by how much per code, what it laid off already; the chosen rows are laid
 * off as a run ticket (each up to the amount typed, by default all that is left), after a confirm.
 */
export function RunMapView({ asCompany }: { asCompany: boolean }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { userData } = useAuth();
  const superAdmin = userData?.userRoleId === RoleId.SuperAdmin;
  const [page, setPage] = useState({ page: 1, pageSize: 50 });
  const [selected, setSelected] = useState<string[]>([]);
  const [amounts, setAmounts] = useState<Record<string, number | null>>({});
  const [saving, setSaving] = useState(false);
  const companies = useQuery({
    queryKey: ['report', 'init'],
    queryFn: () => fetchData<InitReport>(API.Report.InitReport),
    enabled: asCompany && superAdmin,
  });
  const { drawDate, userId, drawId, draws, drawOptions, set: go } = useDrawQuery(asCompany && superAdmin ? companies.data?.downlines[0]?.userId : undefined);
  const set = (change: Record<string, string | undefined>) => {
    go(change);
    setPage((p) => ({ ...p, page: 1 }));
    setSelected([]);
    setAmounts({});
  };
  const waiting = asCompany && superAdmin && !userId;
  const data = useQuery({
    queryKey: ['report', 'runMap', drawId, userId, page],
    queryFn: () => fetchData<RunMapReport>(API.Report.GetRunMapReport, { query: { drawId, userId, ...page }, busy: false }),
    enabled: !!drawId && !waiting,
  });
  const report = data.data;
  const open = !!report && !report.draw.closed;
  const amountOf = (r: RunMapRow) => (amounts[keyOf(r)] === undefined ? r.toLayOff : Math.round((amounts[keyOf(r)] ?? 0) * 100));

  const save = () => {
    const rows = (report?.rows ?? []).filter((r) => selected.includes(keyOf(r)) && r.toLayOff > 0);
    if (rows.length === 0) return;
    if (rows.some((r) => amountOf(r) <= 0)) {
      alerts.errorKey('FILL_RUN_AMOUNT');
      return;
    }
    const total = rows.reduce((s, r) => s + Math.min(amountOf(r), r.toLayOff), 0);
    alerts.confirm(t('reports.runMap.confirm', { count: rows.length, amount: formatCents(total) }), () => {
      setSaving(true);
      void apiCall<{ saved: number }>(API.Report.SaveRunTicket, {
        json: { drawId, userId, items: rows.map((r) => ({ number: r.number, betCode: r.betCode, upTo: r.laidOff + Math.min(amountOf(r), r.toLayOff) })) },
      }).then((res) => {
        setSaving(false);
        if (!res.success) return;
        void message.success(t('reports.runMap.saved', { count: res.data?.saved ?? 0 }));
        setSelected([]);
        setAmounts({});
        void queryClient.invalidateQueries({ queryKey: ['report', 'runMap'] });
        void queryClient.invalidateQueries({ queryKey: ['report', 'map'] });
      });
    });
  };

  const columns: ReportColumns<RunMapRow> = [
    { title: t('reports.number'), dataIndex: 'number', key: 'number', render: (v: string, r) => <span data-testid={`run-number-${v}-${r.betCode}`}>{v}</span> },
    { title: t('reports.betCode'), dataIndex: 'betCode', key: 'betCode' },
    { title: t('reports.figures.eaten'), dataIndex: 'eaten', key: 'eaten', align: 'right', render: (v: number) => formatCents(v) },
    { title: t('reports.runMap.limit'), dataIndex: 'limit', key: 'limit', align: 'right', render: (v: number) => formatCents(v) },
    { title: t('reports.runMap.run'), dataIndex: 'run', key: 'run', align: 'right', render: (v: number) => <strong className="report-negative">{formatCents(v)}</strong> },
    { title: t('reports.runMap.laidOff'), dataIndex: 'laidOff', key: 'laidOff', align: 'right', render: (v: number) => formatCents(v) },
    {
      title: t('reports.runMap.toLayOff'),
      dataIndex: 'toLayOff',
      key: 'toLayOff',
      align: 'right',
      render: (v: number, r) => (v > 0 ? formatCents(v) : <Tag color="green" data-testid={`run-covered-${r.number}-${r.betCode}`}>{t('reports.runMap.covered')}</Tag>),
    },
    {
      title: t('reports.runMap.layOffNow'),
      key: 'now',
      render: (_: unknown, r) =>
        r.toLayOff > 0 && open ? (
          <InputNumber<number>
            size="small"
            min={0}
            max={r.toLayOff / 100}
            precision={2}
            value={amounts[keyOf(r)] === undefined ? r.toLayOff / 100 : amounts[keyOf(r)]}
            onChange={(v) => setAmounts((a) => ({ ...a, [keyOf(r)]: v }))}
            style={{ width: 120 }}
            data-testid={`run-amount-${r.number}-${r.betCode}`}
          />
        ) : null,
    },
  ];
  const title = asCompany ? t('reports.routes.runMapAsCompany') : t('reports.routes.runMap');
  return (
    <div data-testid="run-map" className="report-page">
      <Typography.Title level={3}>{title}</Typography.Title>
      <PrintHeader period={drawDate} filters={[drawOptions.find((o) => o.value === drawId)?.label]} />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <Space wrap>
            {asCompany && superAdmin && (
              <Select<number>
                value={userId}
                onChange={(v) => set({ userId: String(v) })}
                style={{ width: 220 }}
                placeholder={t('reports.runMap.pickCompany')}
                options={(companies.data?.downlines ?? []).map((c) => ({ value: c.userId, label: c.username }))}
                data-testid="run-company"
              />
            )}
            <DatePicker value={dayjs(drawDate)} allowClear={false} onChange={(v) => v && set({ drawDate: v.format('YYYY-MM-DD'), drawId: undefined })} data-testid="run-date" />
            <Select<number>
              value={drawId}
              onChange={(v) => set({ drawId: String(v) })}
              style={{ width: 200 }}
              placeholder={t('reports.map.pickDraw')}
              options={drawOptions}
              data-testid="run-draw"
            />
            <Button type="primary" icon={<SaveOutlined aria-hidden />} disabled={!open || selected.length === 0} loading={saving} onClick={save} data-testid="run-save">
              {t('reports.runMap.save')}
            </Button>
          </Space>
        </Card>
        {report && <ReportBreadcrumb trail={report.breadcrumb} onPick={(id) => set({ userId: id ? String(id) : undefined })} />}
        {report?.draw.closed && <Tag>{t('reports.runMap.closed')}</Tag>}
        {!drawId && !draws.isFetching && <Empty description={t('reports.map.noDraw')} />}
        {drawId && (
          <ReportTable<RunMapRow> tableId="runMap"
            size="small"
            bordered
            rowKey={keyOf}
            loading={data.isLoading}
            columns={columns}
            dataSource={report?.rows ?? []}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('reports.runMap.none')} /> }}
            rowSelection={
              open
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys.map(String)),
                    getCheckboxProps: (r) => ({ disabled: r.toLayOff === 0, 'data-testid': `run-pick-${r.number}-${r.betCode}` }) as never,
                  }
                : undefined
            }
            onChange={(p) => setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 50 })}
            pagination={{ current: page.page, pageSize: page.pageSize, total: report?.total ?? 0, showSizeChanger: true }}
            summary={() =>
              report && report.total > 0 ? (
                <Table.Summary.Row data-testid="run-totals">
                  <Table.Summary.Cell index={0} colSpan={open ? 3 : 2}>
                    <strong>{t('reports.total')}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <strong>{formatCents(report.totals.eaten)}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} />
                  <Table.Summary.Cell index={3} align="right">
                    <strong>{formatCents(report.totals.run)}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    <strong>{formatCents(report.totals.laidOff)}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    <strong>{formatCents(report.totals.toLayOff)}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} />
                </Table.Summary.Row>
              ) : null
            }
            data-testid="run-table"
          />
        )}
      </Space>
    </div>
  );
}

export default function RunMapPage() {
  return <RunMapView asCompany={false} />;
}

export function RunMapAsCompanyPage() {
  return <RunMapView asCompany />;
}
