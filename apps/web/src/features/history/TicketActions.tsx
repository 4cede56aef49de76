import { Button, Space, Tooltip } from 'antd';
import { MessageOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n';
import type { TicketRow } from './api';

/** One action: an icon button whose tooltip names it, or says why it would be refused (it is then disabled). */
function Action({ label, refusal, busy, danger, icon, onClick, testId }: { label: string; refusal: string | null; busy?: boolean; danger?: boolean; icon: React.ReactNode; onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  const why = refusal ? translateMessage(t, refusal) : null;
  return (
    <Tooltip title={why ? `${label}: ${why}` : label}>
      {/* A disabled button takes no hover: the span does, so the reason shows. */}
      <span style={{ display: 'inline-block' }} data-testid={`${testId.replace(/^ticket-/, '')}-why`} data-refusal={refusal ?? ''}>
        <Button size="small" danger={danger} icon={icon} aria-label={label} disabled={!!refusal || busy} onClick={onClick} data-testid={testId} />
      </span>
    </Tooltip>
  );
}

/**
 * Void, resend and master resend of a ticket, offered only when the server says they would succeed
 * (issue 28 line 4): each row carries the refusal the call would answer, from the call's own rule.
 */
export function TicketActions({
  ticket: r,
  voiding,
  canResend,
  canMasterResend,
  onVoid,
  onResend,
}: {
  ticket: TicketRow;
  voiding: boolean;
  canResend: boolean;
  canMasterResend: boolean;
  onVoid: (r: TicketRow) => void;
  onResend: (r: TicketRow, master: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap={false}>
      <span data-testid={`void-why-${r.ticketId}`} style={{ display: 'inline-block' }}>
        <Action label={t('history.void')} refusal={r.voidRefusal} busy={voiding} danger icon={<StopOutlined aria-hidden />} onClick={() => onVoid(r)} testId={`ticket-void-${r.ticketId}`} />
      </span>
      {canResend && (
        <Action label={t('history.resend')} refusal={r.resendRefusal} icon={<MessageOutlined aria-hidden />} onClick={() => onResend(r, false)} testId={`ticket-resend-${r.ticketId}`} />
      )}
      {canMasterResend && (
        <Action label={t('history.masterResend')} refusal={r.masterResendRefusal} icon={<SendOutlined aria-hidden />} onClick={() => onResend(r, true)} testId={`ticket-master-resend-${r.ticketId}`} />
      )}
    </Space>
  );
}
