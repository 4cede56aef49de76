import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../state/AuthContext';
import { formatCents } from '../../ui/text';
import { formatInstant } from '../../ui/time';
import { useReceipt, type TicketRow } from './api';
import { poolLetters } from './rules';
import './history.css';

/** Thermal receipt printers' paper widths, in mm (issue 28 line 7). */
export const RECEIPT_WIDTHS = [58, 80] as const;
type Width = (typeof RECEIPT_WIDTHS)[number];
const widthKey = (userId: number | undefined) => `receiptWidth:${userId ?? 0}`;

/** The width this login printed at last (per user, in this browser); 80 mm at first. */
export function savedReceiptWidth(userId: number | undefined): Width {
  const v = Number(localStorage.getItem(widthKey(userId)));
  return v === 58 ? 58 : 80;
}

/**
 * The print of one ticket's receipt at a thermal printer's width: a dialog picks 58 or 80 mm (remembered
 * per user), then a sheet beside the app (a child of body) that only print media shows, while the class
 * on body hides everything else (history.css). The page is the sheet's width and height (@page), so the
 * printer cuts after the receipt. It goes away when printing is over (afterprint) or the dialog is closed.
 */
export function ReceiptPrint({ ticket, onDone }: { ticket: TicketRow; onDone: () => void }) {
  const { t } = useTranslation();
  const { userData } = useAuth();
  const receipt = useReceipt(ticket.ticketId);
  const text = receipt.data?.receipt;
  const [width, setWidth] = useState<Width>(() => savedReceiptWidth(userData?.userId));
  const [go, setGo] = useState(false);
  useEffect(() => {
    if (!go || text === undefined) return;
    document.body.classList.add('printing-receipt');
    // The page: the paper's width, as long as the receipt (measured as print lays it out).
    const sheet = document.querySelector<HTMLElement>('.receipt-print-sheet');
    sheet?.classList.add('measuring');
    const heightMm = Math.ceil(((sheet?.scrollHeight ?? 0) * 25.4) / 96) + 10;
    sheet?.classList.remove('measuring');
    const style = document.createElement('style');
    style.textContent = `@page { size: ${width}mm ${Math.max(heightMm, 80)}mm; margin: 0; }`;
    document.head.appendChild(style);
    const done = () => onDone();
    window.addEventListener('afterprint', done);
    window.print();
    return () => {
      window.removeEventListener('afterprint', done);
      document.body.classList.remove('printing-receipt');
      style.remove();
    };
  }, [go, text, width, onDone]);

  const print = () => {
    localStorage.setItem(widthKey(userData?.userId), String(width));
    setGo(true);
  };
  const outcome =
    ticket.outcome === 'won'
      ? `${t('history.outcomes.won')} ${formatCents(ticket.winnings)}`
      : ticket.outcome === 'lost' || ticket.outcome === 'void'
        ? t(`history.outcomes.${ticket.outcome}`)
        : null;

  return (
    <>
      <Modal
        open={!go}
        title={t('history.printTitle')}
        okText={t('history.printGo')}
        onOk={print}
        onCancel={onDone}
        okButtonProps={{ disabled: text === undefined, 'data-testid': 'receipt-print-go' } as React.ComponentProps<typeof Modal>['okButtonProps']}
        destroyOnHidden
        width={360}
      >
        <Space orientation="vertical">
          <Typography.Text>{t('history.printWidth')}</Typography.Text>
          <Radio.Group
            value={width}
            onChange={(e) => setWidth(e.target.value as Width)}
            optionType="button"
            options={RECEIPT_WIDTHS.map((w) => ({ value: w, label: `${w} mm` }))}
            data-testid="receipt-print-width"
          />
        </Space>
      </Modal>
      {createPortal(
        <div className={`receipt-print-sheet receipt-${width}`} data-testid="receipt-print" data-width={width}>
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
            <dd data-testid="receipt-print-outcome">{outcome ?? t('history.statuses.active')}</dd>
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
              {ticket.outcome === 'won' && (
                <tr>
                  <th>{t('history.winnings')}</th>
                  <td>{formatCents(ticket.winnings)}</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>,
        document.body,
      )}
    </>
  );
}
