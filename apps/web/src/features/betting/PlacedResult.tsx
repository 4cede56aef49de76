import { Alert, Button, Card, Descriptions, Space, Typography, App } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../ui/text';
import type { PlacedTicket } from './api';

/** Copies text to the clipboard; falls back to a hidden text area where the Clipboard API is missing. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied: boolean;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

/** The placed ticket: its figures, the receipt (monospace, copy button) and the new available credit. */
export function PlacedResult({ ticket, currency, onClose }: { ticket: PlacedTicket; currency?: string; onClose?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const money = (c: number) => `${currency ?? ''} ${formatCents(c)}`.trim();
  return (
    <Card
      title={t('betting.placedTitle', { ticketNo: ticket.ticketNo })}
      extra={onClose && <Button size="small" onClick={onClose} data-testid="bet-result-close">{t('common.close')}</Button>}
      data-testid="bet-result"
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="success" showIcon title={t('betting.placed', { ticketNo: ticket.ticketNo })} />
        <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
          <Descriptions.Item label={t('betting.ticketNo')}>
            <span data-testid="bet-result-ticket">{ticket.ticketNo}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('betting.entries')}>
            <span data-testid="bet-result-entries">{ticket.lines}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('betting.availableCredit')}>
            <span data-testid="bet-result-available">{money(ticket.availableCredit)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('betting.gross')}>
            <span data-testid="bet-result-gross">{money(ticket.gross)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('betting.commission')}>
            <span data-testid="bet-result-commission">{money(ticket.commission)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('betting.net')}>
            <span data-testid="bet-result-net">{money(ticket.net)}</span>
          </Descriptions.Item>
        </Descriptions>
        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Text strong>{t('betting.receipt')}</Typography.Text>
          <Button
            size="small"
            icon={<CopyOutlined aria-hidden />}
            onClick={() => void copyText(ticket.receipt).then((ok) => (ok ? message.success(t('betting.copied')) : message.error(t('betting.copyFailed'))))}
            data-testid="bet-receipt-copy"
          >
            {t('betting.copy')}
          </Button>
        </Space>
        <pre className="bet-receipt" data-testid="bet-receipt" style={receiptStyle}>
          {ticket.receipt}
        </pre>
      </Space>
    </Card>
  );
}

export const receiptStyle = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  background: '#fafafa',
  border: '1px solid #f0f0f0',
  borderRadius: 6,
  padding: 12,
  margin: 0,
  whiteSpace: 'pre-wrap' as const,
  maxHeight: 360,
  overflow: 'auto',
};
