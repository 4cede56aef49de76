import type { MessageKey } from '@app/domain';

/** A refusal the client should see: HTTP status + catalogue key (+ optional per-field errors). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly data: unknown = null,
  ) {
    super(messageKey);
  }
}

export const badRequest = (key: MessageKey = 'VALIDATION_FAILED', fields?: Record<string, string>) =>
  new AppError(400, key, fields ?? null);
export const unauthorized = () => new AppError(401, 'USER_UNAUTHORIZED');
export const forbidden = (key: MessageKey = 'PERMISSION_DENIED') => new AppError(403, key);
export const notFound = () => new AppError(404, 'NO_RECORD_FOUND');

/**
 * The record a call addresses by id, when the caller may see it; else the answer for an id that does
 * not exist (decision 0049). One answer for both, so a caller cannot tell another branch's ids from free
 * ones. `visible` is the caller's reach (its subtree, its company, what it recorded); a refusal that
 * depends only on the caller (role, rights) is checked before the lookup, never after it.
 */
export function seenOrMissing<T>(row: T | null | undefined, visible: (row: T) => boolean = () => true): T {
  if (row === null || row === undefined || !visible(row)) throw notFound();
  return row;
}
export const conflict = (key: MessageKey) => new AppError(409, key);
export const refused = (key: MessageKey) => new AppError(422, key);
