import type { TFunction } from 'i18next';
import { translateMessage } from '../../i18n';
import { formatCents } from '../../ui/text';

/**
 * The text of a refused money call: the translated key, with the bound the server sent in `data`
 * (INSUFFICIENT_CREDIT {available}, CREDIT_LIMIT_EXCEEDS_UPLINE {max}, CREDIT_LIMIT_BELOW_* {min}).
 */
export function refusalText(t: TFunction, r: { status: number; message: string; serverMessage: string; data: unknown }): string {
  const key = r.status === 400 ? r.serverMessage || 'VALIDATION_FAILED' : r.message;
  const text = translateMessage(t, key);
  const d = (r.data && typeof r.data === 'object' ? r.data : {}) as Record<string, unknown>;
  for (const bound of ['available', 'max', 'min'] as const) {
    if (typeof d[bound] === 'number') return `${text} (${t(`payment.bounds.${bound}`)}: ${formatCents(d[bound])})`;
  }
  return text;
}

/** A date range picker's value as the API's business dates (YYYY-MM-DD). */
export function rangeToQuery(range: readonly [{ format(f: string): string } | null, { format(f: string): string } | null] | null | undefined): {
  from?: string;
  to?: string;
} {
  if (!range) return {};
  return { from: range[0]?.format('YYYY-MM-DD') ?? undefined, to: range[1]?.format('YYYY-MM-DD') ?? undefined };
}
