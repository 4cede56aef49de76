import type { TFunction } from 'i18next';
import type { DrawSelector } from '@app/domain';
import { knownPool } from '../../api/knownPools';
import { translateMessage } from '../../i18n';
import { formatCents } from '../../ui/text';

/** "22/11" for a business date "2026-11-22". */
export const shortDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/** The pool letters of pool ids ("M P T"). */
export const poolLetters = (ids: readonly number[]) => ids.map((id) => knownPool(id)?.letter ?? String(id)).join(' ');

/** What a draw selector means: next draw, next n draws, or the dates. */
export function drawText(t: TFunction, draw: DrawSelector): string {
  if (draw.kind === 'next') return draw.count === 1 ? t('betting.draw.next') : t('betting.draw.nextN', { count: draw.count });
  return draw.dates.map(shortDate).join(', ');
}

/** A problem of a line: the translated message, with the bet code it concerns. */
export function problemText(t: TFunction, p: { key: string; code?: string }): string {
  const text = translateMessage(t, p.key);
  return p.code ? `${text} (${p.code})` : text;
}

/** A refusal kept as how to say it, so it follows a change of language while shown. */
export type Said = (t: TFunction) => string;

/** The text of a refused order: the translated key, with the available credit of INSUFFICIENT_CREDIT. */
export function refusalText(t: TFunction, r: { status: number; message: string; serverMessage: string; data: unknown }): string {
  const key = r.status === 400 ? r.serverMessage || 'VALIDATION_FAILED' : r.message;
  const text = translateMessage(t, key);
  const d = (r.data && typeof r.data === 'object' ? r.data : {}) as Record<string, unknown>;
  return typeof d.available === 'number' ? `${text} (${t('betting.availableCredit')}: ${formatCents(d.available)})` : text;
}
