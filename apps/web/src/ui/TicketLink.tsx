import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../navigation/useAccess';

/** The ticket detail page (features/history/TicketDetailPage), by ticket id. */
export const TICKET_DETAIL_PATH = '/ticket-detail';
export const ticketDetailHref = (ticketId: number) => `${TICKET_DETAIL_PATH}?ticketId=${ticketId}`;

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/**
 * A ticket number wherever one is shown (history, statement, reports, inbox): a link to the ticket's
 * detail (issue 28 line 3). A viewer without the detail screen sees the number as text.
 */
export function TicketLink({ ticketId, ticketNo, testId }: { ticketId: number; ticketNo: string; testId?: string }) {
  const { t } = useTranslation();
  const access = useAccess();
  const style = { fontFamily: MONO, whiteSpace: 'nowrap' as const };
  if (!access.hasRoute(TICKET_DETAIL_PATH)) {
    return (
      <span style={style} data-testid={testId}>
        {ticketNo}
      </span>
    );
  }
  return (
    <Tooltip title={t('history.detail.open')}>
      <Link to={ticketDetailHref(ticketId)} style={style} data-testid={testId ?? `ticket-link-${ticketId}`} data-ticket-link={ticketId}>
        {ticketNo}
      </Link>
    </Tooltip>
  );
}
