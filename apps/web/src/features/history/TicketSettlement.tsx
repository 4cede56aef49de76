import { useRef, useState } from 'react';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { DollarOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasAccess } from '@app/domain';
import { knownPool } from '../../api/knownPools';
import { apiCall } from '../../api/client';
import { API } from '../../api/endpoints';
import { newIdempotencyKey, outcomeOf } from '../../ui/idempotency';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import { useAlerts } from '../../ui/useAlerts';
import { useAuth } from '../../state/AuthContext';
import { historyKeys, type ReceiptView, type TicketRow } from './api';

const PRIZE_COLOR = { pending: 'default', held: 'gold', claimed: 'green', released: 'blue' } as const;
const DELIVERY_COLOR = { pending: 'default', delivered: 'green', failing: 'red' } as const;

/**
 * A ticket's settlement under its receipt (decision 0025): its prize per draw (pending, held, paid by a
 * claim, released) with "Pay prize" for an upline while it is held (Payment/ClaimPrizes), and, for a
 * seamless account's ticket, each settlement callback with its delivery state and "Send again"
 * (Bet/ResettleSeamless), each after a confirm (SPEC 8).
 */
export function TicketSettlement({ ticket, settlement }: { ticket: TicketRow; settlement: ReceiptView['settlement'] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const { userData } = useAuth();
  // Sending a callback again is an edit of the ticket's settlement (Bet History edit), as the server holds.
  const mayResend = hasAccess(userData?.accessString ?? '', 'Bet History', [3]);
  const [busy, setBusy] = useState<'claim' | 'resend' | null>(null);
  // One key per intended payment, kept when the outcome is uncertain so that a retry is applied once.
  const claimKey = useRef<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: historyKeys.all });
  const pool = (id: number) => t(`admin.pools.${id}`, { defaultValue: knownPool(id)?.name ?? String(id) });

  const claim = async () => {
    claimKey.current ??= newIdempotencyKey();
    setBusy('claim');
    const r = await apiCall<{ amount: number }>(API.Payment.ClaimPrizes, { json: { ticketId: ticket.ticketId, idempotencyKey: claimKey.current } });
    setBusy(null);
    if (outcomeOf(r) !== 'uncertain') claimKey.current = null;
    if (r.success && r.data) void message.success(t('history.settlement.claimed', { amount: formatCents(r.data.amount) }));
    void refresh();
  };
  const resend = async () => {
    setBusy('resend');
    const r = await apiCall(API.Bet.ResettleSeamless, { json: { ticketId: ticket.ticketId } });
    setBusy(null);
    if (r.success) void message.success(t('history.settlement.resent'));
    void refresh();
  };

  if (settlement.prizes.length === 0 && settlement.deliveries.length === 0) return null;
  return (
    <div style={{ marginTop: 16 }} data-testid={`ticket-settlement-${ticket.ticketId}`}>
      {settlement.prizes.length > 0 && (
        <>
          <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }}>
            <Typography.Text strong>{t('history.settlement.prizes')}</Typography.Text>
            {settlement.claimable > 0 && (
              <Button
                size="small"
                type="primary"
                icon={<DollarOutlined aria-hidden />}
                loading={busy === 'claim'}
                onClick={() =>
                  alerts.confirm(
                    t('history.settlement.confirmClaim', { amount: formatCents(settlement.claimable), ticketNo: ticket.ticketNo, username: ticket.username }),
                    () => void claim(),
                  )
                }
                data-testid={`ticket-claim-${ticket.ticketId}`}
              >
                {t('history.settlement.claim')}
              </Button>
            )}
          </Space>
          <Table
            size="small"
            pagination={false}
            rowKey={(p) => `${p.drawId}-${p.round}`}
            dataSource={settlement.prizes}
            columns={[
              { title: t('history.drawDate'), dataIndex: 'drawDate' },
              { title: t('history.pool'), dataIndex: 'poolId', render: (id: number) => pool(id) },
              { title: t('history.settlement.round'), dataIndex: 'round', align: 'right' },
              { title: t('history.settlement.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => formatCents(v) },
              {
                title: t('history.settlement.state'),
                dataIndex: 'state',
                render: (s: keyof typeof PRIZE_COLOR) => (
                  <Tag color={PRIZE_COLOR[s]} data-testid={`ticket-prize-state-${ticket.ticketId}`}>
                    {t(`history.settlement.prizeStates.${s}`)}
                  </Tag>
                ),
              },
            ]}
          />
        </>
      )}
      {settlement.deliveries.length > 0 && (
        <>
          <Space style={{ justifyContent: 'space-between', width: '100%', margin: '12px 0 8px' }}>
            <Typography.Text strong>{t('history.settlement.deliveries')}</Typography.Text>
            {mayResend && (
              <Button
                size="small"
                icon={<SendOutlined aria-hidden />}
                loading={busy === 'resend'}
                onClick={() => alerts.confirm(t('history.settlement.confirmResend', { ticketNo: ticket.ticketNo }), () => void resend())}
                data-testid={`ticket-seamless-resend-${ticket.ticketId}`}
              >
                {t('history.settlement.resend')}
              </Button>
            )}
          </Space>
          <Table
            size="small"
            pagination={false}
            rowKey="id"
            dataSource={settlement.deliveries}
            columns={[
              { title: t('history.settlement.queuedAt'), dataIndex: 'createdAt', render: (v: string) => formatInstant(v) },
              { title: t('history.settlement.round'), dataIndex: 'round', align: 'right', render: (r: number, d) => (d.resend ? `${r} (${t('history.settlement.resendNo', { n: d.resend })})` : r) },
              {
                title: t('history.settlement.state'),
                dataIndex: 'status',
                render: (s: keyof typeof DELIVERY_COLOR) => (
                  <Tag color={DELIVERY_COLOR[s]} data-testid={`ticket-delivery-state-${ticket.ticketId}`}>
                    {t(`history.settlement.deliveryStates.${s}`)}
                  </Tag>
                ),
              },
              { title: t('history.settlement.attempts'), dataIndex: 'attempts', align: 'right' },
              {
                title: t('history.settlement.detail'),
                key: 'detail',
                render: (_v, d) =>
                  d.status === 'delivered'
                    ? formatInstant(d.deliveredAt)
                    : d.lastError
                      ? `${d.lastError} · ${t('history.settlement.nextAttempt', { at: formatInstant(d.nextAttemptAt) })}`
                      : t('history.settlement.nextAttempt', { at: formatInstant(d.nextAttemptAt) }),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
