import { App, Button, Col, Row, Skeleton, Space, Typography } from 'antd';
import { CopyOutlined, EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useReceipt, type TicketRow } from './api';
import { TicketOutcome } from './TicketOutcome';
import { TicketSettlement } from './TicketSettlement';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
const block = {
  fontFamily: MONO,
  background: '#fafafa',
  border: '1px solid #f0f0f0',
  borderRadius: 6,
  padding: 12,
  margin: 0,
  whiteSpace: 'pre-wrap' as const,
  maxHeight: 320,
  overflow: 'auto',
};

/** Copies text; where the Clipboard API is missing (plain http), through a hidden text area. */
async function copy(text: string): Promise<boolean> {
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

/** A ticket's expanded row: the receipt and the raw text received (inbox string). */
export function TicketDetail({ ticket, onCorrect, onPrint }: { ticket: TicketRow; onCorrect?: (xid: string) => void; onPrint?: (ticket: TicketRow) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const receipt = useReceipt(ticket.ticketId);
  const text = receipt.data?.receipt ?? ticket.receipt;
  return (
    <Row gutter={16} data-testid={`ticket-detail-${ticket.ticketId}`}>
      <Col xs={24} lg={12}>
        <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }}>
          <Space size={8}>
            <Typography.Text strong>{t('history.receipt')}</Typography.Text>
            {/* What the ticket won, beside its receipt (issue 28 line 2). */}
            {ticket.outcome !== 'pending' && <TicketOutcome ticket={ticket} testPrefix="receipt" />}
          </Space>
          <Space>
          {onCorrect && (
            <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => onCorrect(ticket.xid)} data-testid={`ticket-correct-${ticket.ticketId}`}>
              {t('history.correctReceipt')}
            </Button>
          )}
          <Button
            size="small"
            icon={<CopyOutlined aria-hidden />}
            onClick={() => void copy(text).then((ok) => (ok ? message.success(t('betting.copied')) : message.error(t('betting.copyFailed'))))}
            data-testid={`ticket-receipt-copy-${ticket.ticketId}`}
          >
            {t('betting.copy')}
          </Button>
          {onPrint && (
            <Button size="small" icon={<PrinterOutlined aria-hidden />} onClick={() => onPrint(ticket)} data-testid={`ticket-receipt-print-${ticket.ticketId}`}>
              {t('history.print')}
            </Button>
          )}
          </Space>
        </Space>
        <pre style={block} data-testid={`ticket-receipt-${ticket.ticketId}`}>
          {text}
        </pre>
      </Col>
      <Col xs={24} lg={12}>
        <Typography.Text strong style={{ display: 'block', marginBottom: 8, lineHeight: '24px' }}>
          {t('history.inbox')}
        </Typography.Text>
        {receipt.isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <pre style={block} data-testid={`ticket-inbox-${ticket.ticketId}`}>
            {receipt.data?.inboxString ?? t('history.noInbox')}
          </pre>
        )}
      </Col>
      {receipt.data?.settlement && (
        <Col span={24}>
          <TicketSettlement ticket={ticket} settlement={receipt.data.settlement} />
        </Col>
      )}
    </Row>
  );
}
