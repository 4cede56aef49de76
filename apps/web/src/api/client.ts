import { interpretResponse, type ApiResult, type InterpretOptions } from './interpret';

// The shared call wrapper (SPEC 8). Every /api call goes through `apiCall`: it adds the CSRF marker
// header, sends the session cookie, encodes the body, counts itself in the busy indicator, and performs
// the global effect of a failure through hooks that the app shell installs with `configureApi`.

export type { ApiResult } from './interpret';

type QueryValue = string | number | boolean | null | undefined;

export interface CallOptions extends InterpretOptions {
  query?: Record<string, QueryValue>;
  /** JSON body. */
  json?: unknown;
  /** Form-encoded body. */
  form?: Record<string, QueryValue>;
  /** Counts in the busy indicator unless false. */
  busy?: boolean;
  busyMessage?: string;
}

export interface ApiHooks {
  busyStarted(message?: string): void;
  busyEnded(): void;
  /** Shows an error alert for a catalogue key (translated by the hook). */
  alert(messageKey: string): void;
  /** 401: alert USER_UNAUTHORIZED and log out locally. */
  unauthorized(): void;
  /** 403: alert PERMISSION_DENIED and set the forbidden flag. */
  forbidden(): void;
  /** 403 SECONDARY_PASSWORD_REQUIRED: prompt; resolves true once verified (the call is then retried). */
  secondaryRequired(): Promise<boolean>;
  /** 403 TERMS_NOT_AGREED: show the terms again. */
  termsRequired(): void;
  result(success: boolean, url: string): void;
}

const noHooks: ApiHooks = {
  busyStarted: () => {},
  busyEnded: () => {},
  alert: () => {},
  unauthorized: () => {},
  forbidden: () => {},
  secondaryRequired: async () => false,
  termsRequired: () => {},
  result: () => {},
};

let hooks: ApiHooks = noHooks;

export function configureApi(next: Partial<ApiHooks> | null): void {
  hooks = next ? { ...noHooks, ...next } : noHooks;
}

function encode(values: Record<string, QueryValue>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null) params.append(k, String(v));
  return params;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const qs = query ? encode(query).toString() : '';
  return qs ? `${path}?${qs}` : path;
}

interface Answer {
  status: number;
  parsed: unknown;
}

async function send(url: string, init: RequestInit): Promise<Answer> {
  try {
    const res = await fetch(url, init);
    return { status: res.status, parsed: await res.json().catch(() => null) };
  } catch {
    // Network failure: status 0, read as a server error.
    return { status: 0, parsed: null };
  }
}

const JSON_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
/** How long a read started by the page load waits for the screen that asks for it (then it is dropped). */
const EARLY_READ_TTL_MS = 10_000;
const earlyReads = new Map<string, Promise<Answer>>();

/**
 * Starts a GET before the app has loaded (a page load, a popup: app/earlyReads.ts): the first `apiCall` of
 * the same address takes its answer instead of asking again, so the screen's data travels beside the
 * app's code instead of after its first render (issue 28 line 10). Used once, and only within seconds.
 */
export function startEarlyRead(endpoint: string, query?: Record<string, QueryValue>): void {
  const [method, path] = endpoint.split(' ');
  if (method !== 'GET') return;
  const url = buildUrl(path, query);
  if (earlyReads.has(url)) return;
  earlyReads.set(url, send(url, { method, headers: JSON_HEADERS, credentials: 'same-origin' }));
  setTimeout(() => earlyReads.delete(url), EARLY_READ_TTL_MS);
}

function takeEarlyRead(method: string, url: string): Promise<Answer> | undefined {
  if (method !== 'GET') return undefined;
  const answer = earlyReads.get(url);
  earlyReads.delete(url);
  return answer;
}

/** `endpoint` is "METHOD /api/Controller/Action" (see endpoints.ts). */
export async function apiCall<T>(endpoint: string, options: CallOptions = {}, retried = false): Promise<ApiResult<T>> {
  const space = endpoint.indexOf(' ');
  const method = endpoint.slice(0, space);
  const path = endpoint.slice(space + 1);
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { ...JSON_HEADERS };
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = encode(options.form).toString();
  }

  const counted = options.busy !== false;
  if (counted) hooks.busyStarted(options.busyMessage);
  let answer: Answer;
  try {
    answer = await (takeEarlyRead(method, url) ?? send(url, { method, headers, body, credentials: 'same-origin' }));
  } finally {
    if (counted) hooks.busyEnded();
  }
  const { status, parsed } = answer;

  const { result, effect } = interpretResponse<T>(status, parsed, options);
  hooks.result(result.success, path);
  switch (effect.kind) {
    case 'alert':
      hooks.alert(effect.message);
      break;
    case 'unauthorized':
      hooks.unauthorized();
      break;
    case 'forbidden':
      hooks.forbidden();
      break;
    case 'terms':
      hooks.termsRequired();
      break;
    case 'secondary':
      if (!retried && (await hooks.secondaryRequired())) return apiCall<T>(endpoint, options, true);
      break;
    case 'none':
      break;
  }
  return result;
}

/** For react-query: resolves to the data of a successful call, rejects otherwise (already alerted). */
export async function fetchData<T>(endpoint: string, options: CallOptions = {}): Promise<T> {
  const r = await apiCall<T>(endpoint, options);
  if (!r.success) throw new ApiError(r.message, r.status);
  return r.data as T;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
