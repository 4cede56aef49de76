import { Button, Card, List, Space, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import { TicketLink } from '../../ui/TicketLink';
import type { Paging, TicketRow, TicketTotals } from './api';
import { poolLetters } from './rules';
import { TicketOutcome } from './TicketOutcome';

/**
 * The tickets on a phone (issue 28 line 8): one card per ticket (number linking to its detail, outcome,
 * draws, figures, actions), the totals above, paged as the table is. Nothing wider than the screen.
 */
export function TicketCards({
  data,
  loading,
  paging,
  onPaging,
  voidTotals,
  actions,
  onPrint,
  testId = 'ticket-cards',
}: {
  data: { items: TicketRow[]; total: number; totals: TicketTotals } | undefined;
  loading: boolean;
  paging: Paging;
  onPaging: (p: Paging) => void;
  voidTotals: boolean;
  actions?: (r: TicketRow) => React.ReactNode;
  onPrint?: (r: TicketRow) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const totals = data?.totals;
  return (
    <div data-testid={testId}>
      {totals && (
        <div style={{ marginBottom: 8 }} data-testid="ticket-totals">
          <Typography.Text strong style={{ display: 'block' }}>
            {t(voidTotals ? 'history.totalsVoid' : 'history.totals', { count: totals.count })}
          </Typography.Text>
          <Space size={12} wrap>
            <span>
              {t('history.net')} <strong className="history-figure" data-testid="ticket-totals-net">{formatCents(totals.net)}</strong>
            </span>
            <span>
              {t('history.winnings')} <strong className="history-figure" data-testid="ticket-totals-winnings">{formatCents(totals.winnings)}</strong>
            </span>
          </Space>
        </div>
      )}
      <List<TicketRow>
        loading={loading}
        dataSource={data?.items ?? []}
        locale={{ emptyText: t('messages.NO_RECORD_FOUND') }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: data?.total ?? 0,
          simple: true,
          size: 'small',
          onChange: (page, pageSize) => onPaging({ page, pageSize }),
        }}
        renderItem={(r) => (
          <List.Item key={r.ticketId} style={{ padding: '6px 0', border: 'none' }} data-testid={`ticket-card-${r.ticketId}`}>
            <Card
              size="small"
              style={{ width: '100%' }}
              title={<TicketLink ticketId={r.ticketId} ticketNo={r.ticketNo} testId={`ticket-no-${r.ticketId}`} />}
              extra={<TicketOutcome ticket={r} />}
            >
              <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                <Typography.Text type="secondary">
                  {formatInstant(r.orderedAt, true)} · {r.username}
                </Typography.Text>
                <Typography.Text>
                  {r.drawDates.join(', ')} <span className="history-mono">{poolLetters(r.poolIds)}</span>
                </Typography.Text>
                <Space size={12} wrap>
                  <span>
                    {t('history.gross')} <span className="history-figure">{formatCents(r.gross)}</span>
                  </span>
                  <span>
                    {t('history.net')} <strong className="history-figure">{formatCents(r.net)}</strong>
                  </span>
                </Space>
                {(actions || onPrint) && (
                  <Space size={4} wrap>
                    {actions?.(r)}
                    {onPrint && <Button size="small" icon={<PrinterOutlined aria-hidden />} aria-label={t('history.print')} onClick={() => onPrint(r)} data-testid={`ticket-card-print-${r.ticketId}`} />}
                  </Space>
                )}
              </Space>
            </Card>
          </List.Item>
        )}
      />
    </div>
  );
}
