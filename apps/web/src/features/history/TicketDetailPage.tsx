import { useCallback, useState } from 'react';
import { Card, Descriptions, Grid, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { PoolResult } from '@app/domain';
import { knownPool } from '../../api/knownPools';
import { translateMessage } from '../../i18n';
import { useAccess } from '../../navigation/useAccess';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import { useTicketDetail, type TicketDetailView, type TicketRow } from './api';
import { ReceiptPrint } from './ReceiptPrint';
import { poolLetters } from './rules';
import { TicketDetail } from './TicketDetail';
import { TicketOutcome } from './TicketOutcome';
import './history.css';
import { ReportTable, type ReportColumns } from '../../ui/ReportTable';

type Line = TicketDetailView['lines'][number];
type Draw = TicketDetailView['draws'][number];

const TICKET_HISTORY = '/order/ticket-history';

/** A released result, compactly: the top three, then the specials and consolations; the ticket's numbers marked. */
function ResultCell({ result, numbers }: { result: unknown; numbers: Set<string> }) {
  const { t } = useTranslation();
  if (!result) return <Typography.Text type="secondary">{t('history.detail.noResult')}</Typography.Text>;
  const r = result as PoolResult;
  const n = (v: string) => (numbers.has(v) ? <mark key={v}>{v}</mark> : <span key={v}>{v}</span>);
  const list = (vs: string[]) => vs.flatMap((v, i) => (i ? [' ', n(v)] : [n(v)]));
  return (
    <div className="history-mono" style={{ lineHeight: 1.5 }}>
      {r.fourD && (
        <>
          <div>
            {t('reports.prizes.first')} {n(r.fourD.first)} · {t('reports.prizes.second')} {n(r.fourD.second)} · {t('reports.prizes.third')} {n(r.fourD.third)}
          </div>
          <div>
            {t('reports.prizes.starter')}: {list(r.fourD.starter)}
          </div>
          <div>
            {t('reports.prizes.consolation')}: {list(r.fourD.consolation)}
          </div>
        </>
      )}
      {r.fiveD && <div>5D: {r.fiveD.join(' / ')}</div>}
      {r.sixD && <div>6D: {r.sixD}</div>}
    </div>
  );
}

/**
 * /ticket-detail?ticketId= (issue 28 line 3): one ticket as the server reads it for the caller's subtree
 * (another branch's ticket is as absent): its figures and outcome, each draw with its cutoff, released
 * result and settlement, each line with the prize slots it matched and what it won, the receipt and the
 * text received, and its prizes per draw (pay prize for an upline).
 */
export default function TicketDetailPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const [params] = useSearchParams();
  const ticketId = Number(params.get('ticketId')) || undefined;
  const detail = useTicketDetail(ticketId);
  const screens = Grid.useBreakpoint();
  const [printing, setPrinting] = useState<TicketRow | null>(null);
  const donePrinting = useCallback(() => setPrinting(null), []);
  const pool = (id: number) => t(`admin.pools.${id}`, { defaultValue: knownPool(id)?.name ?? String(id) });

  if (!ticketId || detail.isError) {
    return <Result status="404" title={t('history.detail.notFound')} subTitle={detail.error ? translateMessage(t, detail.error.message) : undefined} data-testid="ticket-detail-missing" />;
  }
  if (!detail.data) return <Skeleton active />;
  const { ticket, lines, draws } = detail.data;
  const numbers = new Set(lines.map((l) => l.number));

  const drawColumns: ReportColumns<Draw> = [
    { title: t('history.drawDate'), dataIndex: 'drawDate', key: 'drawDate', render: (v: string) => <span className="history-figure">{v}</span> },
    { title: t('history.pool'), dataIndex: 'poolId', key: 'poolId', render: (id: number) => pool(id) },
    { title: t('history.detail.cutoff'), dataIndex: 'cutoffAt', key: 'cutoffAt', responsive: ['md'], render: (v: string) => formatInstant(v, true) },
    { title: t('history.detail.result'), key: 'result', render: (_: unknown, d) => <ResultCell result={d.result} numbers={numbers} /> },
    {
      title: t('history.status'),
      dataIndex: 'settled',
      key: 'settled',
      render: (v: boolean, d) => (
        <Tag color={v ? 'green' : 'default'} data-testid={`ticket-detail-draw-${d.drawId}`} data-settled={v}>
          {t(v ? 'history.detail.settled' : d.result ? 'history.detail.beingSettled' : 'history.detail.notSettled')}
        </Tag>
      ),
    },
  ];
  const lineColumns: ReportColumns<Line> = [
    { title: t('history.drawDate'), dataIndex: 'drawDate', key: 'drawDate', render: (v: string) => <span className="history-figure">{v}</span> },
    { title: t('history.pool'), dataIndex: 'poolId', key: 'poolId', render: (id: number) => <span className="history-mono">{poolLetters([id])}</span> },
    {
      title: t('history.detail.number'),
      dataIndex: 'number',
      key: 'number',
      render: (v: string, l) => (
        <span className="history-mono">
          {v}
          {l.writtenNumber !== v && <Typography.Text type="secondary"> ({l.writtenNumber})</Typography.Text>}
        </span>
      ),
    },
    { title: t('history.detail.betCode'), dataIndex: 'betCode', key: 'betCode' },
    { title: t('history.detail.stake'), dataIndex: 'stake', key: 'stake', align: 'right', render: (v: number) => <span className="history-figure">{formatCents(v)}</span> },
    {
      title: t('history.detail.prize'),
      key: 'prizes',
      render: (_: unknown, l) =>
        l.prizes.length ? (
          <Space size={2} wrap>
            {l.prizes.map((p) => (
              <Tag key={p.slot} color="gold" data-testid={`ticket-line-prize-${l.lineId}`}>
                {t(`reports.prizes.${p.slot}`)}
                {p.count > 1 ? ` ×${p.count}` : ''}
              </Tag>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('history.winnings'),
      dataIndex: 'winnings',
      key: 'winnings',
      align: 'right',
      render: (v: number | null, l) => (
        <span className="history-figure" data-testid={`ticket-line-winnings-${l.lineId}`}>
          {v === null ? t('history.detail.beingSettled') : v > 0 ? <strong>{formatCents(v)}</strong> : '-'}
        </span>
      ),
    },
  ];

  return (
    <div data-testid="ticket-detail-page">
      <Space align="center" wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="ticket-detail-title">
          {t('history.detail.title', { ticketNo: ticket.ticketNo })}
        </Typography.Title>
        <TicketOutcome ticket={ticket} testPrefix="detail" />
        {access.hasRoute(TICKET_HISTORY) && (
          <Link to={TICKET_HISTORY} data-testid="ticket-detail-back">
            {t('history.routes.tickets')}
          </Link>
        )}
      </Space>
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 }}>
        <Card size="small">
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} data-testid="ticket-detail-summary">
            <Descriptions.Item label={t('history.account')}>{ticket.username}</Descriptions.Item>
            <Descriptions.Item label={t('history.placedBy')}>{ticket.placedBy}</Descriptions.Item>
            <Descriptions.Item label={t('history.orderedAt')}>{formatInstant(ticket.orderedAt, true)}</Descriptions.Item>
            <Descriptions.Item label={t('history.source')}>{t(`history.sources.${ticket.sourceType}`, { defaultValue: String(ticket.sourceType) })}</Descriptions.Item>
            <Descriptions.Item label={t('history.drawDate')}>{ticket.drawDates.join(', ')}</Descriptions.Item>
            <Descriptions.Item label={t('history.pool')}>{ticket.poolIds.map(pool).join(', ')}</Descriptions.Item>
            <Descriptions.Item label={t('history.gross')}>
              <span className="history-figure">{formatCents(ticket.gross)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('history.commission')}>
              <span className="history-figure">{formatCents(ticket.commission)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('history.net')}>
              <span className="history-figure">{formatCents(ticket.net)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('history.winnings')}>
              <span className="history-figure" data-testid="ticket-detail-winnings">
                {formatCents(ticket.winnings)}
              </span>
            </Descriptions.Item>
            {ticket.status !== 1 && (
              <Descriptions.Item label={t('history.statuses.void')} span={2}>
                <span data-testid="ticket-detail-void">{ticket.voidedAt ? t('history.voidedBy', { by: ticket.voidedBy ?? '-', at: formatInstant(ticket.voidedAt, true) }) : '-'}</span>
              </Descriptions.Item>
            )}
          </Descriptions>
        </Card>
        <Card size="small" title={t('history.detail.draws')}>
          <ReportTable<Draw> tableId="ticketDraws" size="small" rowKey="drawId" pagination={false} columns={drawColumns} dataSource={draws} scroll={screens.md ? undefined : { x: 'max-content' }} data-testid="ticket-detail-draws" />
        </Card>
        <Card size="small" title={t('history.detail.lines')}>
          <ReportTable<Line>
            tableId="ticketLines"
            size="small"
            rowKey="lineId"
            pagination={lines.length > 50 ? { pageSize: 50, size: 'small' } : false}
            columns={lineColumns}
            dataSource={lines}
            scroll={screens.md ? undefined : { x: 'max-content' }}
            data-testid="ticket-detail-lines"
          />
        </Card>
        <Card size="small">
          <TicketDetail ticket={ticket} onPrint={setPrinting} />
        </Card>
      </div>
      {printing && <ReceiptPrint ticket={printing} onDone={donePrinting} />}
    </div>
  );
}
