// The API log and the API request log (SPEC 3 "API log"; issue 14 item 4; decision 0033): every call an
// API account makes to this server ('in') and every call this server makes out ('out': result sites,
// seamless callbacks, the SMS gateway). Writing never sits on the call's path: an entry goes to an
// in-memory buffer, written in one multi-row insert per second (or per 200 entries) by a timer. Credentials
// are masked before they are buffered (authorization, cookies, signatures, secret-named fields).
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiLogs } from '../db/schema';
import type { Clock } from './clock';
import type { Db } from './db';
import { boundedFetch, type OutboundAnswer } from './outboundHttp';
import { REDACTED, redactValue, scrubText } from './logRedaction';

export interface ApiLogEntry {
  direction: 'in' | 'out';
  at: Date;
  userId: number | null;
  region: string | null;
  uri: string;
  method: string;
  requestHeader: Record<string, string> | null;
  requestBody: string | null;
  responseStatus: number | null;
  responseContent: string | null;
  responseMessage: string | null;
  durationMs: number;
  /** The id of the request (X-Request-Id) an 'in' entry answered; an 'out' call's own id. */
  requestId?: string | null;
}

/** The most of a body or an answer kept per entry. */
const MAX_TEXT = 8_000;
const FLUSH_EVERY_MS = 1_000;
const FLUSH_AT = 200;
const MASKED_HEADER = /authorization|cookie|signature|secret|token|passw/i;

class ApiLogWriter {
  private buffer: ApiLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  push(e: ApiLogEntry) {
    this.buffer.push(e);
    if (this.buffer.length >= FLUSH_AT) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
      this.timer.unref();
    }
  }

  /** Writes what is buffered (one insert); a failure loses that batch, never the call it records. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    this.writing = this.writing.then(async () => {
      if (!batch.length) return;
      try {
        await this.db.insert(apiLogs).values(batch);
      } catch (e) {
        console.error(`api log: ${batch.length} entries not written`, e);
      }
    });
    return this.writing;
  }
}

const writers = new WeakMap<Db, ApiLogWriter>();

function writerOf(db: Db): ApiLogWriter {
  let w = writers.get(db);
  if (!w) {
    w = new ApiLogWriter(db);
    writers.set(db, w);
  }
  return w;
}

export const logApiCall = (db: Db, e: ApiLogEntry) => writerOf(db).push(e);

/** Writes the buffered entries now (tests; the server's close). */
export const flushApiLogs = (db: Db) => writerOf(db).flush();

const clip = (s: string | null | undefined) => (s == null ? null : s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);

export function maskHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    out[k] = MASKED_HEADER.test(k) ? REDACTED : scrubText(Array.isArray(v) ? v.join(', ') : String(v));
  }
  return out;
}

/**
 * A body or an answer with the values of secret-named fields masked, at any depth (the answer of
 * GenerateApiCode carries a clientSecret; an API log is read by the admin and kept in every backup).
 * JSON is masked as a value, then clipped; any other text by its name=value and "name": value pairs.
 */
function maskBody(body: unknown): string | null {
  if (body === undefined || body === null || body === '') return null;
  if (typeof body === 'string') return clip(maskText(body));
  if (Buffer.isBuffer(body)) return clip(scrubText(body.toString('utf8')));
  return clip(JSON.stringify(redactValue(body)));
}

function maskText(text: string): string {
  const t = text.trimStart();
  if (t[0] === '{' || t[0] === '[') {
    try {
      return JSON.stringify(redactValue(JSON.parse(text)));
    } catch {
      // not JSON after all: masked as text below
    }
  }
  return scrubText(text);
}

/** The message of an answer in SPEC's envelope ({ success, message }), when it is one. */
function envelopeMessage(content: string | null): string | null {
  if (!content || content[0] !== '{') return null;
  const m = /"message"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(content.slice(0, 2_000));
  return m ? m[1] : null;
}

const sent = Symbol('apiLogSent');
type Marked = FastifyRequest & { [sent]?: string };
const isApiCall = (req: FastifyRequest) => req.headers.authorization?.startsWith('Basic ') === true;

/**
 * Records every call an API account (Basic authentication) makes, refused ones too, after its answer has
 * gone out; the duration is Fastify's own measure from the request's arrival (reply.elapsedTime).
 */
export function registerApiLogHooks(
  app: {
    addHook(name: 'onSend', fn: (req: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>): unknown;
    addHook(name: 'onResponse', fn: (req: FastifyRequest, reply: FastifyReply) => Promise<void>): unknown;
    addHook(name: 'onClose', fn: () => Promise<void>): unknown;
  },
  deps: { db: Db; clock: Clock },
) {
  const { db } = deps;
  app.addHook('onSend', async (req, _reply, payload) => {
    if (isApiCall(req) && typeof payload === 'string') (req as Marked)[sent] = payload;
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    if (!isApiCall(req)) return;
    const answer = (req as Marked)[sent];
    const content = answer == null ? null : clip(maskText(answer));
    logApiCall(db, {
      direction: 'in',
      at: deps.clock.now(),
      userId: req.auth?.userId ?? null,
      region: req.ip,
      uri: scrubText(req.url),
      method: req.method,
      requestHeader: maskHeaders(req.headers),
      requestBody: maskBody(req.body),
      responseStatus: reply.statusCode,
      responseContent: content,
      responseMessage: envelopeMessage(content),
      durationMs: Math.round(reply.elapsedTime),
      requestId: req.id,
    });
  });
  app.addHook('onClose', async () => flushApiLogs(db));
}

/** boundedFetch, recorded in the API request log (the answer, or the error that stood for it). */
export async function loggedFetch(deps: { db: Db; clock: Clock }, url: string, opts: Parameters<typeof boundedFetch>[1]): Promise<OutboundAnswer> {
  const { db } = deps;
  const at = deps.clock.now();
  const requestId = randomUUID();
  const t0 = process.hrtime.bigint();
  const record = (status: number | null, content: string | null, message: string | null) =>
    logApiCall(db, {
      direction: 'out',
      at,
      userId: null,
      region: safeHost(url),
      uri: scrubText(url),
      method: opts.method ?? 'GET',
      requestHeader: opts.headers ? maskHeaders(opts.headers) : null,
      requestBody: maskBody(opts.body),
      responseStatus: status,
      responseContent: clip(content),
      responseMessage: message,
      durationMs: Math.round(Number(process.hrtime.bigint() - t0) / 1e6),
      requestId,
    });
  try {
    const res = await boundedFetch(url, opts);
    record(res.status, maskText(res.body.toString('utf8')), res.ok ? 'OK' : `HTTP ${res.status}`);
    return res;
  } catch (e) {
    record(null, null, (e as Error).message);
    throw e;
  }
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
