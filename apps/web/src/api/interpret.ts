// How the shared call wrapper reads an HTTP answer (SPEC 8), as a pure function: the result the caller
// gets and the one global effect (alert, local logout, secondary-password prompt) the wrapper performs.

export interface ApiResult<T> {
  success: boolean;
  /** A catalogue key (packages/domain MESSAGES) or a validation key; the UI translates it. */
  message: string;
  data: T | null;
  code: number;
  /** HTTP status; 0 when the network failed. */
  status: number;
  /** The server's own message key, even where the wrapper replaces `message` (400 and 500). */
  serverMessage: string;
}

export interface InterpretOptions {
  /** The caller shows every failure itself (login, change password, secondary password), except 401. */
  ownErrors?: boolean;
  /** A call made without a session (login, logout): a 401 is an answer, not an expired session. */
  anonymous?: boolean;
  /** The caller handles 404/409/422/429 refusals itself; 401/403 stay global. */
  handleErrors?: boolean;
}

export type Effect =
  | { kind: 'none' }
  | { kind: 'alert'; message: string }
  | { kind: 'unauthorized' }
  | { kind: 'forbidden' }
  | { kind: 'secondary' }
  | { kind: 'terms' };

interface Body {
  success?: unknown;
  message?: unknown;
  data?: unknown;
  code?: unknown;
}

export const INTERNAL_SERVER_ERROR = 'INTERNAL_SERVER_ERROR';

function asBody(body: unknown): Body {
  return body !== null && typeof body === 'object' ? (body as Body) : {};
}

export function interpretResponse<T>(
  status: number,
  rawBody: unknown,
  options: InterpretOptions = {},
): { result: ApiResult<T>; effect: Effect } {
  const body = asBody(rawBody);
  const serverMessage = typeof body.message === 'string' ? body.message : '';
  const code = typeof body.code === 'number' ? body.code : status;
  const data = (body.data ?? null) as T | null;
  const fail = (message: string, keepData = false): ApiResult<T> => ({
    success: false,
    message,
    data: keepData ? data : null,
    code,
    status,
    serverMessage,
  });

  if (status >= 200 && status < 300) {
    return {
      result: { success: body.success !== false, message: serverMessage, data, code, status, serverMessage },
      effect: { kind: 'none' },
    };
  }
  if (options.anonymous || (options.ownErrors && status !== 401)) {
    return { result: fail(serverMessage || INTERNAL_SERVER_ERROR, true), effect: { kind: 'none' } };
  }
  if (status === 401) return { result: fail('USER_UNAUTHORIZED'), effect: { kind: 'unauthorized' } };
  if (status === 403) {
    if (serverMessage === 'SECONDARY_PASSWORD_REQUIRED') {
      return { result: fail(serverMessage), effect: { kind: 'secondary' } };
    }
    // The server refuses everything until the terms are agreed: the app goes back to them.
    if (serverMessage === 'TERMS_NOT_AGREED') return { result: fail(serverMessage), effect: { kind: 'terms' } };
    return { result: fail('PERMISSION_DENIED'), effect: { kind: 'forbidden' } };
  }
  if (status === 400) return { result: fail(INTERNAL_SERVER_ERROR, true), effect: { kind: 'none' } };
  if (status === 0 || status >= 500) return { result: fail(INTERNAL_SERVER_ERROR), effect: { kind: 'none' } };
  // 404, 409, 422, 429 and any other refusal: the server's key, shown unless the caller handles it.
  const message = serverMessage || INTERNAL_SERVER_ERROR;
  return {
    result: fail(message, true),
    effect: options.handleErrors ? { kind: 'none' } : { kind: 'alert', message },
  };
}
