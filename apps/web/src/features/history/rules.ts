import type { TicketRow } from './api';

/** Whether a ticket may still be voided from the history: active and every draw still open. */
export const voidable = (r: Pick<TicketRow, 'status' | 'open'>) => r.status === 1 && r.open;
