import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../reports/reports.css';
import './posting.css';
import { useSearchParams } from 'react-router';
import type { InvoicePayoutDetails } from '@app/contract';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';
import { formatCents } from '../../ui/text';

/**
 * /invoice-payout-detail: after results, what each line should pay at the remote's package and what the
 * remote booked, read back from it; a difference is flagged.
 */
export default function InvoicePayoutDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const invoiceId = Number(params.get('invoiceId'));
  const data = useQuery({
    queryKey: ['posting', 'payout', invoiceId],
    queryFn: () => fetchData<InvoicePayoutDetails>(API.Posting.GetRemoteInvoicePayoutDetails, { query: { invoiceId } }),
    enabled: invoiceId > 0,
  });
  const d = data.data;
  return (
    <div className="report-page" data-testid="posting-invoice-payout">
      <Typography.Title level={3}>{t('posting.routes.invoicePayout')}</Typography.Title>
      {d && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {!d.resulted && <Alert type="info" title={t('posting.notResulted')} />}
          {d.readError && <Alert type="warning" title={t('posting.readError', { error: d.readError })} />}
          <Descriptions size="small" bordered column={4}>
            <Descriptions.Item label={t('posting.remote')}>{d.invoice.remoteName}</Descriptions.Item>
            <Descriptions.Item label={t('posting.payoutExpected')}><span data-testid="payout-expected">{formatCents(d.expected)}</span></Descriptions.Item>
            <Descriptions.Item label={t('posting.payoutRemote')}><span data-testid="payout-remote">{d.remote === null ? '' : formatCents(d.remote)}</span></Descriptions.Item>
            <Descriptions.Item label={t('posting.difference')}>
              {d.remote === null ? '' : d.flagged ? <Tag color="red" data-testid="payout-flag">{`${t('posting.flagged')} ${formatCents(d.difference ?? 0)}`}</Tag> : <Tag color="green" data-testid="payout-flag">{t('posting.checked')}</Tag>}
            </Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="lineNo"
            size="small"
            dataSource={d.lines}
            pagination={false}
            data-testid="payout-lines"
            columns={[
              { title: t('posting.number'), dataIndex: 'number' },
              { title: t('posting.betCode'), dataIndex: 'betCode' },
              { title: t('posting.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => formatCents(v) },
              { title: t('posting.strikes'), dataIndex: 'strikes', render: (v: string[]) => v.map((p) => t(`reports.prizes.${p}`, { defaultValue: p })).join(', ') },
              { title: t('posting.payoutExpected'), dataIndex: 'expected', align: 'right', render: (v: number) => formatCents(v) },
            ]}
          />
        </Space>
      )}
    </div>
  );
}
