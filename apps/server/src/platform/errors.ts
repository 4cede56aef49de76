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
export const conflict = (key: MessageKey) => new AppError(409, key);
export const refused = (key: MessageKey) => new AppError(422, key);
