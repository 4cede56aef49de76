// Whether a ticket can be voided or its receipt resent: one rule each, read by the void and resend calls
// (which refuse with it) and by the ticket history's rows (which say beforehand what the call would
// answer), so the two can never disagree (issue 28 line 4).
import type { MessageKey } from '@app/domain';

export interface Refusal {
  status: 403 | 409 | 422;
  code: MessageKey;
}

export interface VoidFacts {
  /** 1 active, 0 void. */
  status: number;
  /** The ticket is the caller's own (acting account), not a downline's. */
  own: boolean;
  /** Some draw of the ticket has reached its cutoff. */
  closed: boolean;
  /** Some draw of the ticket has a result (entered, fetched or released: the numbers are known). */
  resulted: boolean;
}

/**
 * Why the caller cannot void the ticket, or null when it can. `closed` and `resulted` may be left false
 * to ask only what needs no draw (the void call checks those first, before it takes the draws' locks).
 * Past the cutoff a downline's ticket may still be voided (void authority), never one's own; no ticket
 * once its draw has a result.
 */
export function voidRefusal(t: VoidFacts, rights: { own: boolean; downline: boolean }): Refusal | null {
  if (t.status !== 1) return { status: 409, code: 'TICKET_ALREADY_VOID' };
  if (!(t.own ? rights.own : rights.downline)) return { status: 403, code: 'VOID_NOT_ALLOWED' };
  if (t.resulted) return { status: 422, code: 'DRAW_HAS_RESULT' };
  if (t.closed && t.own) return { status: 422, code: 'DRAW_CLOSED' };
  return null;
}

export interface ResendFacts {
  status: number;
  /** The customer's phone, else the account's; empty when neither. */
  phone: string | null | undefined;
  /** Ordinary resends of the ticket so far, and the caller's limit per ticket. */
  count: number;
  limit: number;
  /** A master resend is not limited. */
  master: boolean;
}

/** Why the ticket's receipt cannot be resent, or null when it can. */
export function resendRefusal(t: ResendFacts): Refusal | null {
  if (t.status !== 1) return { status: 409, code: 'TICKET_ALREADY_VOID' };
  if (!t.phone?.trim()) return { status: 422, code: 'NO_PHONE_NUMBER' };
  if (!t.master && t.count >= t.limit) return { status: 409, code: 'RESEND_LIMIT_REACHED' };
  return null;
}
