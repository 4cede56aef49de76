import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../reports/reports.css';
import './posting.css';
import { Link, useSearchParams } from 'react-router';
import type { InvoiceDetails } from '@app/contract';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import { InvoiceStatusTag } from './InvoiceListPage';

/** /invoice-detail: a remote ticket with its lines and the text that was sent. */
export default function InvoiceDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const invoiceId = Number(params.get('invoiceId'));
  const data = useQuery({
    queryKey: ['posting', 'invoice', invoiceId],
    queryFn: () => fetchData<InvoiceDetails>(API.Posting.GetRemoteInvoiceDetails, { query: { invoiceId } }),
    enabled: invoiceId > 0,
  });
  const inv = data.data?.invoice;
  return (
    <div className="report-page" data-testid="posting-invoice-detail">
      <Typography.Title level={3}>{t('posting.routes.invoiceDetail')}</Typography.Title>
      {inv && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" bordered column={3}>
            <Descriptions.Item label="#">{inv.invoiceId}</Descriptions.Item>
            <Descriptions.Item label={t('posting.remote')}>{inv.remoteName}</Descriptions.Item>
            <Descriptions.Item label={t('posting.status')}><InvoiceStatusTag row={inv} /></Descriptions.Item>
            <Descriptions.Item label={t('posting.remoteTicketNo')}><span data-testid="invoice-remote-ticket">{inv.remoteTicketNo}</span></Descriptions.Item>
            <Descriptions.Item label={t('posting.date')}>{inv.drawDate}</Descriptions.Item>
            <Descriptions.Item label={t('posting.amount')}><span data-testid="invoice-total">{formatCents(inv.total)}</span></Descriptions.Item>
            <Descriptions.Item label={t('posting.attempts')}>{inv.attempts}</Descriptions.Item>
            <Descriptions.Item label={t('posting.createdAt')}>{formatInstant(inv.createdAt, true)}</Descriptions.Item>
            <Descriptions.Item label={t('posting.message')}>{inv.message}</Descriptions.Item>
          </Descriptions>
          <Link to={`/invoice-payout-detail?invoiceId=${inv.invoiceId}`} data-testid="invoice-to-payout">{t('posting.routes.invoicePayout')}</Link>
          <Table
            rowKey="lineNo"
            size="small"
            dataSource={data.data?.lines ?? []}
            pagination={false}
            columns={[
              { title: t('posting.lineNo'), dataIndex: 'lineNo' },
              { title: t('posting.number'), dataIndex: 'number' },
              { title: t('posting.betCode'), dataIndex: 'betCode' },
              { title: t('posting.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => formatCents(v) },
            ]}
          />
          <Card size="small" title={t('posting.betText')}>
            <pre data-testid="invoice-text">{data.data?.betText}</pre>
          </Card>
        </Space>
      )}
    </div>
  );
}
