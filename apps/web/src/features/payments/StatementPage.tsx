import { useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Grid, Result, Space, Table, Tabs, Typography, type TableColumnsType } from 'antd';
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
import { poolLetters } from '../history/rules';
import { TicketCards } from '../history/TicketCards';
import { TicketOutcome } from '../history/TicketOutcome';
import { TicketLink } from '../../ui/TicketLink';
import '../history/history.css';
import { CREDIT_LOG_PATH, useCreditLog, type DateRange, type Paging } from './api';
import { CreditLogTable } from './CreditLogTable';
import { useLanguage } from '../../i18n/useLanguage';
import { rangeToQuery } from './refusal';

const TICKET_HISTORY = '/order/ticket-history';

function StatementTickets({ range }: { range: DateRange }) {
  const { t } = useTranslation();
  const access = useAccess();
  const screens = Grid.useBreakpoint();
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 20 });
  const tickets = useTickets({ status: '-1', ...range }, paging);
  const figure = (v: number) => <span className="history-figure">{formatCents(v)}</span>;
  const columns: TableColumnsType<TicketRow> = [
    {
      title: t('history.ticket'),
      dataIndex: 'ticketNo',
      key: 'ticketNo',
      render: (v: string, r) => (
        <div style={{ lineHeight: 1.3 }}>
          <TicketLink ticketId={r.ticketId} ticketNo={v} />
          <Typography.Text type="secondary" className="history-sub">
            {formatInstant(r.orderedAt, true)}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('history.drawDate'), dataIndex: 'drawDates', key: 'drawDates', render: (v: string[], r) => `${v.join(', ')} ${poolLetters(r.poolIds)}` },
    { title: t('history.source'), dataIndex: 'sourceType', key: 'source', render: (v: number) => t(`history.sources.${v}`, { defaultValue: String(v) }) },
    { title: t('history.gross'), dataIndex: 'gross', key: 'gross', align: 'right', render: figure },
    { title: t('history.commission'), dataIndex: 'commission', key: 'commission', align: 'right', render: figure },
    { title: t('history.net'), dataIndex: 'net', key: 'net', align: 'right', render: figure },
    // What the ticket won, held or released, or lost (issue 28 line 2): as settlement booked it.
    { title: t('history.outcome'), dataIndex: 'outcome', key: 'outcome', render: (_: unknown, r) => <TicketOutcome ticket={r} /> },
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
      {screens.md === false ? (
        // A phone: cards, nothing wider than the screen (issue 28 line 8).
        <TicketCards data={tickets.data} loading={tickets.isFetching} paging={paging} onPaging={setPaging} voidTotals={false} testId="statement-tickets" />
      ) : (
        <Table<TicketRow>
          rowKey="ticketId"
          size="small"
          columns={columns}
          dataSource={tickets.data?.items ?? []}
          loading={tickets.isFetching}
          locale={{ emptyText: t('messages.NO_RECORD_FOUND') }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: tickets.data?.total ?? 0,
            showTotal: (n) => t('common.total', { total: n }),
          }}
          onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
          summary={() => {
            const totals = tickets.data?.totals;
            if (!totals) return null;
            return (
              <Table.Summary.Row data-testid="statement-ticket-totals">
                <Table.Summary.Cell index={0} colSpan={3}>
                  <Typography.Text strong>{t('history.totals', { count: totals.count })}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <strong className="history-figure">{formatCents(totals.gross)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  <strong className="history-figure">{formatCents(totals.commission)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  <strong className="history-figure">{formatCents(totals.net)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6}>
                  <strong className="history-figure" data-testid="statement-ticket-winnings">
                    {t('history.winnings')} {formatCents(totals.winnings)}
                  </strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            );
          }}
          data-testid="statement-tickets"
        />
      )}
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
  const access = useAccess();
  // The file in the reader's language (kinds and the system's memos in words).
  const { language } = useLanguage();
  const alerts = useAlerts();
  const [range, setRange] = useState<DateRange>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 20 });
  const [exporting, setExporting] = useState(false);
  const log = useCreditLog(undefined, range, paging);
  const data = log.data;

  const exportCsv = async () => {
    setExporting(true);
    const r = await downloadFile(CREDIT_LOG_PATH, { ...range, format: 'csv', lang: language }, 'credit-log.csv');
    setExporting(false);
    if (!r.ok) alerts.errorKey(r.message ?? 'INTERNAL_SERVER_ERROR');
  };

  const screens = Grid.useBreakpoint();
  // A phone: the period picker goes under the card's title, not beside it (issue 28 line 8).
  const narrow = screens.md === false;
  const rangePicker = (
    <DatePicker.RangePicker
      allowEmpty={[true, true]}
      onChange={(v) => {
        setRange(rangeToQuery(v));
        setPaging((p) => ({ ...p, page: 1 }));
      }}
      data-testid="statement-range"
    />
  );

  if (log.isError) return <Result status="warning" title={translateMessage(t, log.error?.message)} data-testid="statement-error" />;

  return (
    <div data-testid="statement">
      <Typography.Title level={3}>{t('routes.statement')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('statement.intro')}{' '}
        <Link to="/draw-payment" data-testid="statement-draw-payment">
          {t('drawPayment.open')}
        </Link>
        {/* Its own figures per draw date and per line (issue 29 line 3): what it owes its upline, what it won. */}
        {access.hasRoute('/self-usline') && (
          <>
            {' · '}
            <Link to="/self-usline" data-testid="statement-usline">
              {t('reports.routes.usline')}
            </Link>
          </>
        )}
        {access.hasRoute('/self-winloss-detail') && (
          <>
            {' · '}
            <Link to="/self-winloss-detail" data-testid="statement-win-loss">
              {t('reports.routes.selfWinLoss')}
            </Link>
          </>
        )}
      </Typography.Paragraph>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card title={t('statement.account')} extra={narrow ? undefined : rangePicker}>
          {narrow && <div style={{ marginBottom: 12 }}>{rangePicker}</div>}
          {data && (
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} bordered data-testid="statement-summary">
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
                      <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void exportCsv()} disabled={!data} data-testid="statement-export">
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
