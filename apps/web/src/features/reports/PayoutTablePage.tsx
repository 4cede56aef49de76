import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PayoutTable } from '@app/contract';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { useReportQuery } from './useReportQuery';
import { PrintHeader } from '../../ui/PrintHeader';
import { ReportTable } from '../../ui/ReportTable';

/** /report/payout-table-report: the package as the trade prints it, what each amount wins per prize. */
export default function PayoutTablePage() {
  const { t } = useTranslation();
  const { q } = useReportQuery();
  const [gd, setGd] = useState<'0' | '1'>('0');
  const data = useQuery({
    queryKey: ['report', 'payoutTable', q.userId, gd],
    queryFn: () => fetchData<PayoutTable>(API.Report.GetPayoutTable, { query: { userId: q.userId, gd } }),
  });
  const table = data.data;
  return (
    <div data-testid="payout-table-report" className="report-page">
      <Typography.Title level={3}>{t('reports.routes.payoutTable')}</Typography.Title>
      <PrintHeader />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space>
          <Segmented<'0' | '1'>
            value={gd}
            onChange={setGd}
            options={[
              { value: '0', label: t('reports.payoutTable.normal') },
              { value: '1', label: t('reports.payoutTable.gd') },
            ]}
            data-testid="payout-table-type"
          />
          {table && <Typography.Text data-testid="payout-table-package">{t('reports.payoutTable.package', { name: table.packageName, account: table.account.username })}</Typography.Text>}
        </Space>
        {!table && !data.isFetching && <Empty />}
        <Row gutter={[16, 16]}>
          {(table?.codes ?? []).map((c) => (
            <Col key={c.code} xs={24} xxl={12}>
              <Card size="small" title={`${c.code} · ${t(`packages.codes.${c.code}`, { defaultValue: c.code })}`} extra={c.sold ? null : <Typography.Text type="secondary">{t('reports.payoutTable.notSold')}</Typography.Text>} data-testid={`payout-table-${c.code}`}>
                <ReportTable tableId="payoutTable"
                  size="small"
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  rowKey="prize"
                  dataSource={c.prizes}
                  columns={[
                    { title: t('reports.payout.prize'), dataIndex: 'prize', key: 'prize', onCell: () => ({ style: { whiteSpace: 'nowrap' } }), render: (p: string) => t(`reports.prizes.${p}`) },
                    ...(table?.amounts ?? []).map((a, i) => ({
                      title: `RM${a}`,
                      key: `a${a}`,
                      align: 'right' as const,
                      render: (_: unknown, r: { wins: number[] }) => formatCents(r.wins[i]),
                    })),
                  ]}
                />
              </Card>
            </Col>
          ))}
        </Row>
      </Space>
    </div>
  );
}
