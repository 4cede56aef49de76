// The periodic work of tickets, called from the scheduler (modules/jobs) once a minute: auto ticket
// placements that are due, then the SMS outbox. Each part claims its rows through the database.
import type { Deps } from '../../platform/http';
import { runSmsSender } from '../receipts/service';
import { runAutoTickets } from './service';

export async function runTicketJobs(deps: Deps, log: (msg: string, err?: unknown) => void = () => {}) {
  try {
    const r = await runAutoTickets(deps);
    if (r.placed || r.refused || r.errors) log(`auto tickets: ${r.placed} placed, ${r.refused} refused, ${r.errors} failed`);
  } catch (e) {
    log('auto tickets failed', e);
  }
  try {
    const s = await runSmsSender(deps);
    if (s.sent || s.failed) log(`sms outbox: ${s.sent} sent, ${s.failed} failed`);
  } catch (e) {
    log('sms outbox failed', e);
  }
}
