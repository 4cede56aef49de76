import { useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Result, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadFile } from '../../api/download';
import { translateMessage } from '../../i18n';
import { useAccess } from '../../navigation/useAccess';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import { useAlerts } from '../../ui/useAlerts';
import { useTickets, type TicketRow } from '../history/api';
import { CREDIT_LOG_PATH, useCreditLog, type DateRange, type Paging } from './api';
import { CreditLogTable } from './CreditLogTable';
import { rangeToQuery } from './refusal';

const TICKET_HISTORY = '/order/ticket-history';

function StatementTickets({ range }: { range: DateRange }) {
  const { t } = useTranslation();
  const access = useAccess();
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 20 });
  const tickets = useTickets({ status: '-1', ...range }, paging);
  const columns: TableColumnsType<TicketRow> = [
    { title: t('history.ticketNo'), dataIndex: 'ticketNo', key: 'ticketNo' },
    { title: t('history.orderedAt'), dataIndex: 'orderedAt', key: 'orderedAt', width: 170, render: (v: string) => formatInstant(v, true) },
    { title: t('history.source'), dataIndex: 'sourceType', key: 'source', render: (v: number) => t(`history.sources.${v}`, { defaultValue: String(v) }) },
    { title: t('history.gross'), dataIndex: 'gross', key: 'gross', align: 'right', render: (v: number) => formatCents(v) },
    { title: t('history.commission'), dataIndex: 'commission', key: 'commission', align: 'right', render: (v: number) => formatCents(v) },
    { title: t('history.net'), dataIndex: 'net', key: 'net', align: 'right', render: (v: number) => formatCents(v) },
    {
      title: t('history.status'),
      dataIndex: 'status',
      key: 'status',
      render: (v: number) => (v === 1 ? <Tag color="green">{t('history.statuses.active')}</Tag> : <Tag color="red">{t('history.statuses.void')}</Tag>),
    },
  ];
  return (
    <>
      {access.hasRoute(TICKET_HISTORY) && (
        <Typography.Paragraph>
          <Link to={TICKET_HISTORY} data-testid="statement-ticket-history">
            {t('statement.openTicketHistory')}
          </Link>
        </Typography.Paragraph>
      )}
      <Table<TicketRow>
        rowKey="ticketId"
        size="middle"
        columns={columns}
        dataSource={tickets.data?.items ?? []}
        loading={tickets.isFetching}
        locale={{ emptyText: t('messages.NO_RECORD_FOUND') }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: tickets.data?.total ?? 0,
          showTotal: (n) => t('common.total', { total: n }),
        }}
        onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        data-testid="statement-tickets"
      />
    </>
  );
}

/**
 * /payment for an account without downline (player, house): its own statement for a period, the credit
 * log (transfers from its upline, stakes, refunds, limit changes) and its tickets. There is no transfer
 * form: such an account has no one to pay.
 * Win/loss joins it when draws are settled (decision 0018).
 */
export default function StatementPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [range, setRange] = useState<DateRange>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 20 });
  const [exporting, setExporting] = useState(false);
  const log = useCreditLog(undefined, range, paging);
  const data = log.data;

  const exportCsv = async () => {
    setExporting(true);
    const r = await downloadFile(CREDIT_LOG_PATH, { ...range, format: 'csv' }, 'credit-log.csv');
    setExporting(false);
    if (!r.ok) alerts.errorKey(r.message ?? 'INTERNAL_SERVER_ERROR');
  };

  if (log.isError) return <Result status="warning" title={translateMessage(t, log.error?.message)} data-testid="statement-error" />;

  return (
    <div data-testid="statement">
      <Typography.Title level={3}>{t('routes.statement')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('statement.intro')}{' '}
        <Link to="/draw-payment" data-testid="statement-draw-payment">
          {t('drawPayment.open')}
        </Link>
      </Typography.Paragraph>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card
          title={t('statement.account')}
          extra={
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              onChange={(v) => {
                setRange(rangeToQuery(v));
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              data-testid="statement-range"
            />
          }
        >
          {data && (
            <Descriptions size="small" column={4} bordered data-testid="statement-summary">
              <Descriptions.Item label={t('accounts.creditType')}>{t(`accounts.creditTypes.${data.creditType}`, { defaultValue: data.creditType })}</Descriptions.Item>
              <Descriptions.Item label={t('accounts.creditLimit')}>
                <span data-testid="statement-credit-limit">{formatCents(data.creditLimit)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('accounts.balance')}>
                <span data-testid="statement-balance">{formatCents(data.balance)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('accounts.availableCredit')}>
                <span data-testid="statement-available">{formatCents(data.availableCredit)}</span>
              </Descriptions.Item>
            </Descriptions>
          )}
        </Card>
        <Card>
          <Tabs
            items={[
              {
                key: 'credit',
                label: <span data-testid="statement-tab-credit">{t('routes.playerTransaction')}</span>,
                children: (
                  <>
                    <Space style={{ marginBottom: 12 }}>
                      <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} disabled={!data} data-testid="statement-export">
                        {t('creditLog.exportCsv')}
                      </Button>
                    </Space>
                    <CreditLogTable
                      items={data?.items ?? []}
                      total={data?.total ?? 0}
                      loading={log.isFetching}
                      paging={paging}
                      onPaging={setPaging}
                      testId="statement-credit-log"
                    />
                  </>
                ),
              },
              {
                key: 'tickets',
                label: <span data-testid="statement-tab-tickets">{t('history.tickets')}</span>,
                children: <StatementTickets key={`${range.from ?? ''}_${range.to ?? ''}`} range={range} />,
              },
            ]}
          />
        </Card>
      </Space>
    </div>
  );
}
