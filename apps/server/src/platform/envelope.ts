import type { Envelope } from '@app/contract';
import type { MessageKey } from '@app/domain';

export function ok<T>(data: T, message: MessageKey = 'SUCCESS'): Envelope<T> {
  return { success: true, message, data, code: 200 };
}

export function fail(status: number, message: string, data: unknown = null): Envelope<unknown> {
  return { success: false, message, data, code: status };
}
