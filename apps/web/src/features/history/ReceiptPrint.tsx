import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import { useReceipt, type TicketRow } from './api';
import { poolLetters } from './rules';
import './history.css';

/**
 * The print layout of one ticket's receipt: a sheet beside the app (a child of body) that only print
 * media shows, while the class on body hides everything else (history.css). It asks the browser to print
 * once the receipt is read, and goes away when printing is over (afterprint).
 */
export function ReceiptPrint({ ticket, onDone }: { ticket: TicketRow; onDone: () => void }) {
  const { t } = useTranslation();
  const receipt = useReceipt(ticket.ticketId);
  const text = receipt.data?.receipt;
  useEffect(() => {
    if (text === undefined) return;
    document.body.classList.add('printing-receipt');
    const done = () => onDone();
    window.addEventListener('afterprint', done);
    window.print();
    return () => {
      window.removeEventListener('afterprint', done);
      document.body.classList.remove('printing-receipt');
    };
  }, [text, onDone]);

  return createPortal(
    <div className="receipt-print-sheet" data-testid="receipt-print">
      <h1>{t('history.printTitle')}</h1>
      <dl>
        <dt>{t('history.ticketNo')}</dt>
        <dd data-testid="receipt-print-ticket">{ticket.ticketNo}</dd>
        <dt>{t('history.account')}</dt>
        <dd>{ticket.username}</dd>
        <dt>{t('history.orderedAt')}</dt>
        <dd>{formatInstant(ticket.orderedAt, true)}</dd>
        <dt>{t('history.drawDate')}</dt>
        <dd>{ticket.drawDates.join(', ')}</dd>
        <dt>{t('history.pool')}</dt>
        <dd>{poolLetters(ticket.poolIds)}</dd>
        <dt>{t('history.status')}</dt>
        <dd>{ticket.status === 1 ? t('history.statuses.active') : t('history.statuses.void')}</dd>
      </dl>
      <pre data-testid="receipt-print-text">{text ?? ticket.receipt}</pre>
      <table>
        <tbody>
          <tr>
            <th>{t('history.gross')}</th>
            <td>{formatCents(ticket.gross)}</td>
          </tr>
          <tr>
            <th>{t('history.commission')}</th>
            <td>{formatCents(ticket.commission)}</td>
          </tr>
          <tr>
            <th>{t('history.net')}</th>
            <td>{formatCents(ticket.net)}</td>
          </tr>
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
