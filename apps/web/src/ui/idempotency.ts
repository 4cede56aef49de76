// Calls that move money carry an idempotency key (packages/contract payments): one key per intended
// action, reused when that same action is retried after an uncertain failure (network, 5xx), so a retry
// or a double click is applied once. A success or a refusal ends the action; the next one gets a new key.

/** A random key; crypto.randomUUID where the page is a secure context, random bytes otherwise. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type Outcome = 'done' | 'refused' | 'uncertain';

/** How a call ended: applied, refused (nothing happened), or unknown (it may have been applied). */
export function outcomeOf(result: { success: boolean; status: number }): Outcome {
  if (result.success) return 'done';
  return result.status === 0 || result.status >= 500 ? 'uncertain' : 'refused';
}

/** Stable text of a payload (object keys sorted) so the same action compares equal. */
export function stablePayload(payload: unknown): string {
  return JSON.stringify(payload, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** The key of one intended action. */
export class IdempotentAction {
  private current: { key: string; payload: string } | null = null;

  constructor(private readonly makeKey: () => string = newIdempotencyKey) {}

  /** The key for this payload: the pending one if the same payload is being retried, else a new one. */
  keyFor(payload: unknown): string {
    const p = stablePayload(payload);
    if (this.current && this.current.payload === p) return this.current.key;
    this.current = { key: this.makeKey(), payload: p };
    return this.current.key;
  }

  /** After the call: keep the key only while the outcome is unknown. */
  settle(outcome: Outcome): void {
    if (outcome !== 'uncertain') this.current = null;
  }

  get pendingKey(): string | null {
    return this.current?.key ?? null;
  }
}
