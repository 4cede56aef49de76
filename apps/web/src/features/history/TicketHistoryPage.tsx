import { useCallback, useState } from 'react';
import { App, Button, Card, Col, DatePicker, Grid, Input, Row, Select, Space, Statistic, Table, Tooltip, Typography } from 'antd';
import { DownloadOutlined, MinusSquareOutlined, PlusSquareOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { RoleId } from '@app/domain';
import { useAuth } from '../../state/AuthContext';
import { useAccess } from '../../navigation/useAccess';
import { formatCents } from '../../ui/text';
import { useAlerts } from '../../ui/useAlerts';
import { usePools } from '../betting/api';
import { bulkVoidTickets, exportTickets, sendSmsReceipt, useAfterVoid, useBettingAgents, useOwnCredit, useTickets, voidTicket, type Paging, type TicketFilters, type TicketRow } from './api';
import { ReceiptPrint } from './ReceiptPrint';
import { ReceiptCorrectionModal } from './ReceiptCorrectionModal';
import { filtersFromParams, mayVoidAny, poolLetters } from './rules';
import { TicketDetail } from './TicketDetail';
import { TicketActions } from './TicketActions';
import { TicketCards } from './TicketCards';
import { TicketOutcome } from './TicketOutcome';
import { formatInstant } from '../../ui/time';
import { TicketLink } from '../../ui/TicketLink';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';
import { DateRangePresets } from '../../ui/DateRangePresets';
import { PrintHeader } from '../../ui/PrintHeader';
import '../../ui/print.css';
import './history.css';

/** The resend limits screen (linked from here when it exists for the viewer). */
const RESEND_LIMIT_PATH = '/manage-resend-order-limit';
/** A bet number as the server takes it: 2 to 6 digits. */
const BET_NUMBER = /^\d{2,6}$/;
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
/** Figures never break inside ("1,234.00" on one line). */
const figure = (v: number) => <span className="history-figure">{formatCents(v)}</span>;


/** History -> Ticket: tickets with filters, receipt and inbox text, single and bulk void after a confirm. */
export default function TicketHistoryPage() {
  const { t, i18n } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const { userData } = useAuth();
  const access = useAccess();
  // A report's "open these tickets" link arrives with its filters (number, draw date, pool, account, outcome).
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<TicketFilters>(() => filtersFromParams(params));
  const screens = Grid.useBreakpoint();
  // Below md (a phone) the tickets are cards, not a table: nothing scrolls sideways.
  const narrow = screens.md === false;
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [voiding, setVoiding] = useState(false);
  const [correcting, setCorrecting] = useState<string | undefined>(undefined);
  const [printing, setPrinting] = useState<TicketRow | null>(null);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const [numberText, setNumberText] = useState(filters.number ?? '');
  const numberBad = numberText !== '' && !BET_NUMBER.test(numberText);
  const pools = usePools();
  const donePrinting = useCallback(() => setPrinting(null), []);
  const canResend = access.can('Resend Order', [2]);
  const canMasterResend = access.can('Master Resend Order', [2]);
  const canCorrect = userData?.userRoleId === RoleId.SuperAdmin && !!userData.mainAccount;
  const tickets = useTickets(filters, paging);
  const agents = useBettingAgents(access.can('Bet', [2]));
  const own = useOwnCredit();
  const afterVoid = useAfterVoid();
  const agentList = agents.data ?? [];
  const showAccount = agentList.length > 1 || (agentList.length === 1 && agentList[0].userId !== userData?.userId);

  const filter = (change: Partial<TicketFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPaging((p) => ({ ...p, page: 1 }));
    setSelected([]);
  };

  const runVoid = async (ids: number[]) => {
    setVoiding(true);
    const r = ids.length === 1 ? await voidTicket(ids[0]) : await bulkVoidTickets(ids);
    setVoiding(false);
    if (r.success && r.data) {
      const refunded = r.data.reduce((s, x) => s + x.refunded, 0);
      void message.success(t('history.voided', { count: r.data.length, amount: formatCents(refunded) }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
    }
    // Refused or not, the list and balances are read again (another session may have voided it).
    afterVoid();
  };

  const confirmVoid = (row: TicketRow) =>
    alerts.confirm(t('history.confirmVoid', { ticketNo: row.ticketNo, amount: formatCents(row.net) }), () => void runVoid([row.ticketId]));

  // SPEC 8: resend and master resend after a confirm.
  const resend = (row: TicketRow, master: boolean) =>
    alerts.confirm(t(master ? 'history.confirmMasterResend' : 'history.confirmResend', { ticketNo: row.ticketNo }), () =>
      void sendSmsReceipt(row.ticketId, master).then((r) => {
        if (r.success && r.data) {
          void message.success(
            r.data.master
              ? t('history.resentMaster', { ticketNo: r.data.ticketNo, phone: r.data.phone })
              : t('history.resent', { ticketNo: r.data.ticketNo, phone: r.data.phone, count: r.data.resendCount, limit: r.data.resendLimit }),
          );
        }
      }),
    );

  const voidSelected = () => {
    // SPEC 5: nothing selected is refused here, without a call.
    if (selected.length === 0) {
      alerts.errorKey('SELECT_TICKET_TO_VOID');
      return;
    }
    alerts.confirm(t('history.confirmVoidMany', { count: selected.length }), () => void runVoid([...selected]));
  };

  // Exactly what is filtered, headed in the reader's language; the server refuses too big a set.
  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    const r = await exportTickets(filters, format, i18n.language);
    setExporting(null);
    if (!r.ok) alerts.errorKey(r.message ?? 'INTERNAL_SERVER_ERROR');
  };
  const poolName = (id: number) => t(`admin.pools.${id}`, { defaultValue: pools.data?.find((p) => p.poolId === id)?.name ?? String(id) });

  // Sorted on the server (the history is paged there): the whole filtered set, not the page.
  const serverSort = (by: NonNullable<Paging['sortBy']>) => ({
    sorter: true as const,
    sortOrder: paging.sortBy === by ? (paging.sortOrder === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
  });
  const columns: ReportColumns<TicketRow> = [
    {
      title: t('history.ticket'),
      dataIndex: 'ticketNo',
      key: 'orderedAt',
      ...serverSort('orderedAt'),
      render: (v: string, r) => (
        <div style={{ lineHeight: 1.3 }}>
          <TicketLink ticketId={r.ticketId} ticketNo={v} testId={`ticket-no-${r.ticketId}`} />
          <Typography.Text type="secondary" className="history-sub">
            {formatInstant(r.orderedAt, true)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('history.drawDate'),
      dataIndex: 'drawDates',
      key: 'drawDate',
      ...serverSort('drawDate'),
      render: (v: string[], r) => (
        <div style={{ lineHeight: 1.3 }}>
          <span data-testid={`ticket-draws-${r.ticketId}`}>{v.join(', ')}</span>
          <Tooltip title={r.poolIds.map(poolName).join(', ')}>
            <span style={{ fontFamily: MONO, display: 'block' }} data-testid={`ticket-pools-${r.ticketId}`}>
              {poolLetters(r.poolIds)}
            </span>
          </Tooltip>
        </div>
      ),
    },
    {
      title: t('history.account'),
      dataIndex: 'username',
      key: 'username',
      ...serverSort('username'),
      render: (v: string, r) => (
        <div style={{ lineHeight: 1.3 }}>
          {v}
          {r.placedBy !== v && (
            <Typography.Text type="secondary" className="history-sub">
              {t('history.byPlacer', { name: r.placedBy })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { title: t('history.source'), dataIndex: 'sourceType', key: 'source', sorter: false, render: (v: number) => t(`history.sources.${v}`, { defaultValue: String(v) }) },
    { title: t('history.gross'), dataIndex: 'gross', key: 'gross', align: 'right', render: figure, ...serverSort('gross') },
    { title: t('history.commission'), dataIndex: 'commission', key: 'commission', align: 'right', render: figure, ...serverSort('commission') },
    { title: t('history.net'), dataIndex: 'net', key: 'net', align: 'right', render: figure, ...serverSort('net') },
    { title: t('history.outcome'), dataIndex: 'outcome', key: 'outcome', sorter: false, render: (_: unknown, r) => <TicketOutcome ticket={r} /> },
    {
      title: <Tooltip title={t('history.actions')}>{t('common.actions')}</Tooltip>,
      key: 'actions',
      hideable: false,
      render: (_: unknown, r) => (
        <TicketActions ticket={r} voiding={voiding} canResend={canResend} canMasterResend={canMasterResend} onVoid={confirmVoid} onResend={resend} />
      ),
    },
  ];

  const tools = (
    <Space wrap size={[8, 8]}>
      {access.hasRoute(RESEND_LIMIT_PATH) && (
        <Link to={RESEND_LIMIT_PATH} data-testid="ticket-resend-limits">
          {t('history.routes.resendLimit')}
        </Link>
      )}
      <Button icon={<DownloadOutlined aria-hidden />} loading={exporting === 'csv'} disabled={!!exporting} onClick={() => void exportAs('csv')} data-testid="ticket-export-csv">
        {t('history.exportCsv')}
      </Button>
      <Button icon={<DownloadOutlined aria-hidden />} loading={exporting === 'xlsx'} disabled={!!exporting} onClick={() => void exportAs('xlsx')} data-testid="ticket-export-xlsx">
        {t('history.exportExcel')}
      </Button>
      {mayVoidAny(userData) && !narrow && (
        <Button danger icon={<StopOutlined aria-hidden />} onClick={voidSelected} loading={voiding} disabled={voiding} data-testid="ticket-void-selected">
          {selected.length ? t('history.voidSelectedN', { count: selected.length }) : t('history.voidSelected')}
        </Button>
      )}
    </Space>
  );

  const data = tickets.data;
  const currency = own.data?.currency ?? '';

  return (
    <div data-testid="ticket-history" className="report-page">
      <Typography.Title level={3}>{t('history.routes.tickets')}</Typography.Title>
      <PrintHeader
        period={filters.from || filters.to ? `${filters.from ?? '…'} – ${filters.to ?? '…'}` : undefined}
        filters={[
          filters.drawDate && `${t('history.drawDate')}: ${filters.drawDate}`,
          filters.poolId && poolName(filters.poolId),
          filters.number && `${t('history.searchNumber')}: ${filters.number}`,
          filters.search && `${t('history.searchTicket')}: ${filters.search}`,
          filters.userId && agentList.find((a) => a.userId === filters.userId)?.username,
        ]}
      />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <Row gutter={[16, 12]} align="middle">
            <Col flex="none">
              <DateRangePresets
                allowEmpty={[true, true]}
                onChange={(v) => filter({ from: v?.[0]?.format('YYYY-MM-DD') ?? undefined, to: v?.[1]?.format('YYYY-MM-DD') ?? undefined })}
                data-testid="ticket-range"
              />
            </Col>
            <Col flex="none">
              <Select<TicketFilters['status'] | 'won'>
                value={filters.outcome ?? filters.status}
                onChange={(v) => filter(v === 'won' ? { status: '-1', outcome: 'won' } : { status: v, outcome: undefined })}
                popupMatchSelectWidth={false}
                style={{ minWidth: 140 }}
                options={[
                  { value: '-1', label: t('history.statuses.all') },
                  { value: '1', label: t('history.statuses.active') },
                  { value: '0', label: t('history.statuses.void') },
                  { value: 'won', label: t('history.winningTickets') },
                ]}
                data-testid="ticket-status-filter"
              />
            </Col>
            {showAccount && (
              <Col flex="none">
                <Select<number>
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('history.allAccounts')}
                  style={{ width: 240 }}
                  value={filters.userId}
                  onChange={(v) => filter({ userId: v })}
                  options={agentList.map((a) => ({ value: a.userId, label: `${a.username} (${a.fullName})` }))}
                  data-testid="ticket-account"
                />
              </Col>
            )}
            <Col flex="none">
              <Input.Search
                allowClear
                maxLength={30}
                placeholder={t('history.searchTicket')}
                onSearch={(v) => filter({ search: v.trim() || undefined })}
                style={{ width: 240 }}
                data-testid="ticket-search"
              />
            </Col>
            <Col flex="none">
              <Input.Search
                allowClear
                maxLength={6}
                inputMode="numeric"
                value={numberText}
                status={numberBad ? 'error' : undefined}
                placeholder={t('history.searchNumber')}
                onChange={(e) => setNumberText(e.target.value.replace(/\D/g, ''))}
                onSearch={(v) => {
                  const n = v.trim();
                  if (n === '' || BET_NUMBER.test(n)) filter({ number: n || undefined });
                }}
                style={{ width: 200 }}
                data-testid="ticket-number"
              />
            </Col>
            <Col flex="none">
              <DatePicker
                placeholder={t('history.drawDate')}
                defaultValue={filters.drawDate ? dayjs(filters.drawDate) : undefined}
                onChange={(v) => filter({ drawDate: v ? v.format('YYYY-MM-DD') : undefined })}
                data-testid="ticket-draw-date"
              />
            </Col>
            <Col flex="none">
              <Select<number>
                allowClear
                placeholder={t('history.allPools')}
                style={{ width: 200 }}
                value={filters.poolId}
                onChange={(v) => filter({ poolId: v })}
                options={(pools.data ?? []).map((p) => ({ value: p.poolId, label: `${p.letter} ${poolName(p.poolId)}` }))}
                data-testid="ticket-pool"
              />
            </Col>
            <Col flex="auto" style={{ textAlign: 'right' }}>
              <Statistic
                title={t('history.creditBalance')}
                value={own.data ? (own.data.availableCredit === null ? t('dashboard.unlimited') : `${currency} ${formatCents(own.data.availableCredit)}`) : '-'}
                valueRender={(v) => <span data-testid="history-credit">{v}</span>}
              />
            </Col>
          </Row>
        </Card>
        <Card title={t('history.tickets')} extra={narrow ? undefined : tools}>
          {narrow ? (
            <>
              <div style={{ marginBottom: 12 }}>{tools}</div>
              <TicketCards
                data={data}
                loading={tickets.isFetching}
                paging={paging}
                onPaging={setPaging}
                voidTotals={filters.status === '0'}
                actions={(r) => <TicketActions ticket={r} voiding={voiding} canResend={canResend} canMasterResend={canMasterResend} onVoid={confirmVoid} onResend={resend} />}
                onPrint={setPrinting}
              />
            </>
          ) : (
          <ReportTable<TicketRow>
            tableId="ticketHistory"
            rowKey="ticketId"
            size="small"
            columns={columns}
            dataSource={data?.items ?? []}
            loading={tickets.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('messages.NO_RECORD_FOUND') }}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(Number)),
              // Only what the server says can be voided (the same rule as the void call).
              getCheckboxProps: (r) => ({ disabled: r.voidRefusal !== null, 'data-testid': `ticket-select-${r.ticketId}` }) as object,
            }}
            expandable={{
              expandedRowKeys: expanded,
              onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
              expandedRowRender: (r) => <TicketDetail ticket={r} onCorrect={canCorrect ? setCorrecting : undefined} onPrint={setPrinting} />,
              expandIcon: ({ expanded: open, onExpand, record }) => (
                <Button
                  type="text"
                  size="small"
                  icon={open ? <MinusSquareOutlined aria-hidden /> : <PlusSquareOutlined aria-hidden />}
                  onClick={(e) => onExpand(record, e)}
                  aria-label={t('history.showReceipt')}
                  data-testid={`ticket-expand-${record.ticketId}`}
                />
              ),
            }}
            pagination={{
              current: paging.page,
              pageSize: paging.pageSize,
              total: data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('common.total', { total }),
            }}
            onChange={(p, _f, sorter, extra) => {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              const by = s?.order ? (s.columnKey as Paging['sortBy']) : undefined;
              if (extra.action === 'sort') setPaging((old) => ({ ...old, page: 1, sortBy: by, sortOrder: by ? (s?.order === 'descend' ? 'desc' : 'asc') : undefined }));
              else setPaging((old) => ({ ...old, page: p.current ?? 1, pageSize: p.pageSize ?? 20 }));
              setSelected([]);
            }}
            summary={() => {
              const totals = data?.totals;
              if (!totals) return null;
              // Selection and expand columns, then the 4 columns before Gross; the winnings under Outcome.
              return (
                <Table.Summary.Row data-testid="ticket-totals">
                  <Table.Summary.Cell index={0} colSpan={6}>
                    <Typography.Text strong>{t(filters.status === '0' ? 'history.totalsVoid' : 'history.totals', { count: totals.count })}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} align="right">
                    <Typography.Text strong className="history-figure" data-testid="ticket-totals-gross">{formatCents(totals.gross)}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={7} align="right">
                    <Typography.Text strong className="history-figure" data-testid="ticket-totals-commission">{formatCents(totals.commission)}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={8} align="right">
                    <Typography.Text strong className="history-figure" data-testid="ticket-totals-net">{formatCents(totals.net)}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={9}>
                    <Tooltip title={t('history.winnings')}>
                      <Typography.Text strong className="history-figure" data-testid="ticket-totals-winnings">
                        {t('history.winnings')} {formatCents(totals.winnings)}
                      </Typography.Text>
                    </Tooltip>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={10} />
                </Table.Summary.Row>
              );
            }}
            data-testid="ticket-table"
          />
          )}
        </Card>
        <ReceiptCorrectionModal xid={correcting} onClose={() => setCorrecting(undefined)} />
        {printing && <ReceiptPrint ticket={printing} onDone={donePrinting} />}
      </Space>
    </div>
  );
}
