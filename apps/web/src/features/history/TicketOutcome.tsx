import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import type { TicketRow } from './api';

type Outcomed = Pick<TicketRow, 'ticketId' | 'status' | 'open' | 'outcome' | 'winnings' | 'winningsHeld' | 'voidedAt' | 'voidedBy'>;

/**
 * What became of a ticket, as the server booked it (issue 28 line 2): won with its winnings, held or
 * released; lost; void (by whom, when); or still active before its result (sales open or closed).
 */
export function TicketOutcome({ ticket: r, testPrefix = 'ticket' }: { ticket: Outcomed; testPrefix?: string }) {
  const { t } = useTranslation();
  const testId = `${testPrefix}-status-${r.ticketId}`;
  if (r.outcome === 'void') {
    return (
      <Tooltip title={r.voidedAt ? t('history.voidedBy', { by: r.voidedBy ?? '-', at: formatInstant(r.voidedAt, true) }) : undefined}>
        <Tag color="red" data-testid={testId} data-status="void">
          {t('history.statuses.void')}
        </Tag>
      </Tooltip>
    );
  }
  if (r.outcome === 'won') {
    const held = r.winningsHeld > 0;
    return (
      <Space size={2} wrap={false} style={{ whiteSpace: 'nowrap' }} data-testid={testId} data-status="won">
        <Tag color="gold" style={{ marginInlineEnd: 0 }}>
          {t('history.outcomes.won')}
        </Tag>
        <Typography.Text strong data-testid={`${testPrefix}-winnings-${r.ticketId}`}>
          {formatCents(r.winnings)}
        </Typography.Text>
        <Tag color={held ? 'orange' : 'blue'} bordered={false} data-testid={`${testPrefix}-held-${r.ticketId}`} data-held={held ? 'held' : 'released'}>
          {t(held ? 'history.winningsHeld' : 'history.winningsReleased')}
        </Tag>
      </Space>
    );
  }
  if (r.outcome === 'lost') {
    return (
      <Tag data-testid={testId} data-status="lost">
        {t('history.outcomes.lost')}
      </Tag>
    );
  }
  return (
    <Tag color={r.open ? 'green' : 'default'} data-testid={testId} data-status="active">
      {r.open ? t('history.statuses.open') : t('history.statuses.closed')}
    </Tag>
  );
}
