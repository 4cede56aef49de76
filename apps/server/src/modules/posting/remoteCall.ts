// Calls to a remote agent: another copy of this product, through its API account (Basic opcode:secret).
// Every outcome is sorted into what it proves: accepted (the remote's ticket), refused (the remote
// answered no, so nothing was placed), never reached (the connection was refused: the request cannot have
// arrived), or in doubt (a time-out, a dropped connection, a 5xx: it may have been placed). Only the
// last needs the same idempotency key sent again before the lot can go anywhere else. Once a key has been
// in doubt, only an acceptance settles it: a refusal or a refused connection on the resend proves nothing
// about the first send (a 401 after a secret rotation, a 403, a suspended account, a remote restarting all
// answer before the key is looked up), so the lot stays in doubt and reserved.
import { boundedFetch } from '../../platform/outboundHttp';

export type PlaceOutcome =
  | { kind: 'accepted'; ticketId: number; ticketNo: string }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'in-doubt'; message: string };

export interface RemoteTarget {
  baseUrl: string;
  clientOpcode: string;
  secret: string;
  timeoutMs: number;
  /** How the call goes out: the server passes loggedFetch, so every call is in the API request log. */
  fetch?: typeof boundedFetch;
}

const MAX_ANSWER = 16 * 1024 * 1024;
const headers = (r: RemoteTarget) => ({
  authorization: `Basic ${Buffer.from(`${r.clientOpcode}:${r.secret}`).toString('base64')}`,
  'content-type': 'application/json',
  'x-requested-with': 'XMLHttpRequest',
});

function neverArrived(e: unknown): boolean {
  // boundedFetch wraps fetch's TypeError, whose cause carries the socket's error code.
  for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause) {
    const code = (c as { code?: string }).code;
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return true;
  }
  return false;
}

function bodyOf(buf: Buffer): { success?: boolean; message?: string; data?: Record<string, unknown> } {
  try {
    return JSON.parse(buf.toString('utf8'));
  } catch {
    return {};
  }
}

export async function placeAtRemote(r: RemoteTarget, text: string, idempotencyKey: string, resent = false): Promise<PlaceOutcome> {
  const out = await placeOnce(r, text, idempotencyKey);
  if (!resent || out.kind === 'accepted' || out.kind === 'in-doubt') return out;
  return { kind: 'in-doubt', message: `sent again after an answer in doubt: ${out.message}` };
}

async function placeOnce(r: RemoteTarget, text: string, idempotencyKey: string): Promise<PlaceOutcome> {
  let answer;
  try {
    answer = await (r.fetch ?? boundedFetch)(`${r.baseUrl}/api/Bet/PlaceExpressOrder`, {
      method: 'POST',
      timeoutMs: r.timeoutMs,
      maxBytes: MAX_ANSWER,
      headers: headers(r),
      body: JSON.stringify({ text, idempotencyKey }),
    });
  } catch (e) {
    const message = (e as Error).message;
    return neverArrived(e) ? { kind: 'unreachable', message } : { kind: 'in-doubt', message };
  }
  const body = bodyOf(answer.body);
  if (answer.status === 200 && body.success && body.data) {
    return { kind: 'accepted', ticketId: Number(body.data.ticketId), ticketNo: String(body.data.ticketNo) };
  }
  if (answer.status >= 400 && answer.status < 500) return { kind: 'refused', message: `${answer.status} ${body.message ?? ''}`.trim() };
  return { kind: 'in-doubt', message: `${answer.status} ${body.message ?? ''}`.trim() };
}

/** The remote's prizes on one of its tickets for a draw date and pool (what it booked as the payout). */
export async function readRemotePayout(r: RemoteTarget, ticketId: number, drawDate: string, poolId: number): Promise<number> {
  const answer = await (r.fetch ?? boundedFetch)(`${r.baseUrl}/api/Bet/GetBetReceipt?ticketId=${ticketId}`, { timeoutMs: r.timeoutMs, maxBytes: MAX_ANSWER, headers: headers(r) });
  const body = bodyOf(answer.body);
  if (answer.status !== 200 || !body.success) throw new Error(`${answer.status} ${body.message ?? ''}`.trim());
  const prizes = ((body.data?.settlement as { prizes?: { drawDate: string; poolId: number; round: number; amount: number; state: string }[] })?.prizes ?? []).filter(
    (p) => p.drawDate === drawDate && Number(p.poolId) === poolId,
  );
  // A resettled draw lists each round: the latest is what the remote books now.
  const round = Math.max(0, ...prizes.map((p) => Number(p.round)));
  const latest = prizes.filter((p) => Number(p.round) === round);
  if (latest.some((p) => p.state === 'pending')) throw new Error('not settled yet at the remote');
  return latest.reduce((s, p) => s + Number(p.amount), 0);
}
