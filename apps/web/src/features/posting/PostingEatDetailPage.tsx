import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Col, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { POSTING_EAT_SORTS, type PostingEatDetail, type PostingEatDetailRow, type RemoteAgentBrief } from '@app/contract';
import { RoleId } from '@app/domain';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { useAuth } from '../../state/AuthContext';
import { formatCents } from '../../ui/text';
import { useInitReport } from '../reports/api';
import { poolColumn, totalsRow } from '../reports/reportColumns';
import { ReportToolbar } from '../reports/ReportToolbar';
import { useReportQuery } from '../reports/useReportQuery';
import '../reports/reports.css';

type Sort = (typeof POSTING_EAT_SORTS)[number];
/** The table's sortable columns and the server's sortBy for each. */
const SORTS: Record<string, Sort> = { drawDate: 'drawDate', remoteName: 'remote', number: 'number', betCode: 'betCode', amount: 'amount', winnings: 'winnings', link: 'link' };
const isSort = (v: string | undefined): v is Sort => (POSTING_EAT_SORTS as readonly string[]).includes(v ?? '');

/**
 * /posting/posting-agent-eat-detail (Report/GetPostingAgentEatDetails, decision 0035): what each remote agent
 * took of the company's lay-offs per draw date, pool, number and code, and once the draw is settled what it
 * paid and the company's link to it. The super admin picks the company (`userId` in the address, as on the
 * other posting screens); a company reads its own. Filters, page and sort live in the address.
 */
export default function PostingEatDetailPage() {
  const { t } = useTranslation();
  const { userData } = useAuth();
  const superAdmin = userData?.userRoleId === RoleId.SuperAdmin;
  const { q, set, own } = useReportQuery({ sortBy: 'drawDate' }, ['remoteAgentId']);
  const init = useInitReport();
  const companyId = superAdmin ? (q.userId ?? init.data?.downlines[0]?.userId) : undefined;
  const remoteAgentId = Number(own.remoteAgentId) || -1;
  const remotes = useQuery({ queryKey: ['posting', 'remoteBrief'], queryFn: () => fetchData<RemoteAgentBrief[]>(API.Posting.GetRemoteAgents, { busy: false }) });
  const sortBy: Sort = isSort(q.sortBy) ? q.sortBy : 'drawDate';
  const query = { fromDate: q.fromDate, toDate: q.toDate, poolId: q.poolId, betCode: q.betCode, companyId, remoteAgentId, page: q.page, pageSize: q.pageSize, sortBy, sortOrder: q.sortOrder };
  const data = useQuery({
    queryKey: ['posting', 'eatDetail', query],
    queryFn: () => fetchData<PostingEatDetail>(API.Report.GetPostingAgentEatDetails, { query, busy: false }),
    enabled: !superAdmin || companyId !== undefined,
    placeholderData: keepPreviousData,
  });
  const report = data.data;
  // The totals sum the settled groups only: with none settled (all on this page), they say so instead of 0.00.
  const noneSettled = !!report && report.total <= report.rows.length && report.rows.every((r) => r.link === null);
  const company: Record<string, string> = companyId ? { userId: String(companyId) } : {};
  const money = (v: number | null) =>
    v === null ? <Typography.Text type="secondary">{t('posting.eat.notSettled')}</Typography.Text> : <span className={v < 0 ? 'report-negative' : undefined}>{formatCents(v)}</span>;
  const sortOrder = (key: string) => (sortBy === SORTS[key] ? (q.sortOrder === 'desc' ? ('descend' as const) : ('ascend' as const)) : null);
  const sortable = (key: string) => ({ key, dataIndex: key, sorter: true, sortOrder: sortOrder(key) });

  const columns: TableColumnsType<PostingEatDetailRow> = [
    {
      title: t('reports.drawDate'),
      ...sortable('drawDate'),
      render: (v: string) => (
        <Link to={`/posting/InvoiceList?${new URLSearchParams({ drawDate: v, ...company })}`} data-testid={`eat-invoices-${v}`}>
          {v}
        </Link>
      ),
    },
    poolColumn(t),
    { title: t('posting.remote'), ...sortable('remoteName') },
    { title: t('posting.number'), ...sortable('number') },
    { title: t('posting.betCode'), ...sortable('betCode') },
    { title: t('posting.eat.taken'), ...sortable('amount'), align: 'right', render: (v: number) => formatCents(v) },
    { title: t('posting.eat.payout'), ...sortable('winnings'), align: 'right', render: money },
    { title: t('posting.eat.link'), ...sortable('link'), align: 'right', render: money },
  ];
  return (
    <div data-testid="posting-eat-detail" className="report-page">
      <Typography.Title level={3}>{t('posting.routes.eatDetail')}</Typography.Title>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ReportToolbar q={q} set={set} endpoint={API.Report.GetPostingAgentEatDetails} extra={{ companyId, remoteAgentId, sortBy }}>
          {superAdmin && (
            <Col flex="none">
              <Select<number>
                value={companyId}
                onChange={(v) => set({ userId: v })}
                style={{ width: 200 }}
                placeholder={t('posting.pickCompany')}
                options={(init.data?.downlines ?? []).map((c) => ({ value: c.userId, label: c.username }))}
                data-testid="eat-company"
              />
            </Col>
          )}
          <Col flex="none">
            <Select<number>
              value={remoteAgentId}
              onChange={(v) => set({}, { remoteAgentId: v === -1 ? undefined : String(v) })}
              style={{ width: 200 }}
              options={[{ value: -1, label: t('posting.eat.allRemotes') }, ...(remotes.data ?? []).map((r) => ({ value: r.id, label: r.name }))]}
              data-testid="eat-remote"
            />
          </Col>
        </ReportToolbar>
        <Typography.Text type="secondary">{t('posting.eat.intro')}</Typography.Text>
        <Table<PostingEatDetailRow>
          size="small"
          bordered
          rowKey={(r) => `${r.drawDate}-${r.poolId}-${r.remoteAgentId}-${r.number}-${r.betCode}`}
          loading={data.isFetching}
          columns={columns}
          dataSource={report?.rows ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('posting.eat.none') }}
          onChange={(p, _f, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const by = SORTS[String(s?.columnKey)];
            if (p.current !== q.page || p.pageSize !== q.pageSize) set({ page: p.current ?? 1, pageSize: p.pageSize ?? q.pageSize });
            else if (by) set({ sortBy: s?.order ? by : 'drawDate', sortOrder: s?.order === 'descend' ? 'desc' : 'asc' });
          }}
          pagination={{ current: q.page, pageSize: q.pageSize, total: report?.total ?? 0, showSizeChanger: true, pageSizeOptions: [20, 50, 100, 500] }}
          summary={() =>
            report && report.total > 0
              ? totalsRow(
                  [
                    t('reports.total'),
                    '',
                    '',
                    '',
                    '',
                    <span data-testid="eat-total-taken">{formatCents(report.totals.amount)}</span>,
                    <span data-testid="eat-total-payout">{money(noneSettled ? null : report.totals.winnings)}</span>,
                    <span data-testid="eat-total-link">{money(noneSettled ? null : report.totals.link)}</span>,
                  ],
                  'eat-detail-totals',
                )
              : null
          }
          data-testid="eat-detail-table"
        />
      </Space>
    </div>
  );
}
