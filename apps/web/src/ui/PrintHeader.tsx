import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../state/AuthContext';
import { formatInstant } from './time';
import './print.css';

interface Props {
  /** The report's name; none: the page's own heading prints as the title. */
  title?: string;
  /** The account the report is read for (the drilled-to downline), else the reader's own. */
  account?: string;
  /** The date range read ("2026-11-25 – 2026-12-01") or one draw date. */
  period?: string;
  /** The filters in force, as words; empty ones are left out. */
  filters?: (ReactNode | false | null | undefined | 0 | '')[];
}

/**
 * A printed report's heading (issue 29 line 5): title, account, period and filters, printed by whom and
 * when. Hidden on screen; print.css shows it on paper and numbers the pages (`@page` margin boxes).
 */
export function PrintHeader({ title, account, period, filters = [] }: Props) {
  const { t } = useTranslation();
  const { userData } = useAuth();
  const me = userData ? `${userData.username}${userData.fullName && userData.fullName !== userData.username ? ` (${userData.fullName})` : ''}` : '';
  const shown = filters.filter((f): f is ReactNode => !!f);
  return (
    <header className="print-header" data-testid="print-header">
      {title && <h1>{title}</h1>}
      <dl>
        <dt>{t('reportTable.print.account')}</dt>
        <dd data-testid="print-account">{account ?? me}</dd>
        {period && (
          <>
            <dt>{t('reportTable.print.period')}</dt>
            <dd data-testid="print-period">{period}</dd>
          </>
        )}
        {shown.length > 0 && (
          <>
            <dt>{t('reportTable.print.filters')}</dt>
            <dd data-testid="print-filters">
              {shown.map((f, i) => (
                <span key={i}>
                  {i > 0 && ' · '}
                  {f}
                </span>
              ))}
            </dd>
          </>
        )}
        <dt>{t('reportTable.print.printedBy')}</dt>
        <dd data-testid="print-by">{me}</dd>
        <dt>{t('reportTable.print.printedAt')}</dt>
        <dd data-testid="print-at">{formatInstant(new Date().toISOString(), true)}</dd>
      </dl>
    </header>
  );
}
