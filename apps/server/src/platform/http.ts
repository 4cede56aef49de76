// The HTTP platform: envelope, errors, the XHR-header CSRF guard, security headers, sessions and the
// authorization hook that enforces every route's access declaration.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { hasAccess, RoleId, type AccessLevel, type FunctionName } from '@app/domain';
import type { RouteAccess } from './access';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db';
import { isApiRoute, isDocsRoute, isUnderApi } from './apiPath';
import { fail } from './envelope';
import { AppError, forbidden, unauthorized } from './errors';
import { loadApiClient } from './apiClient';
import { redactingStream } from './logRedaction';
import { loadSession, SESSION_COOKIE, type AuthContext } from './session';
import { securityHeaders } from './securityHeaders';
import { registerWebApp } from './webApp';
import { readNumericSettings } from './settings';
import { registerHealth, type Lifecycle } from './health';
import { httpRequests, refusals, statusClass } from './metrics';

export interface Deps {
  db: Db;
  /** Where report reads may go (a standby, platform/readReplica.ts); unset: `db`. Never written to. */
  readDb?: Db;
  clock: Clock;
  config: Config;
}

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** The route's input schemas (zod), as declared: tests walk them to send every field bad values. */
  input: { querystring?: unknown; body?: unknown };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** The process's draining state: server.ts's stop sets it, /health/ready reads it. */
    lifecycle: Lifecycle;
  }
}

const VALIDATION_KEYS: Record<string, string> = {
  too_small: 'minLength',
  too_big: 'maxLength',
  invalid_format: 'pattern',
  invalid_type: 'required',
  invalid_value: 'pattern',
};

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export interface HttpOptions {
  /** true: log to stdout; a stream: log there (tests read it). */
  logger?: boolean | { stream: { write(line: string): void } };
}

const hopsOf = (hops: number) => (_address: string, hop: number) => hop < hops;

/** An X-Request-Id a proxy (HAProxy's unique-id) may pass on: short, and nothing a log line could be broken by. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id: the caller's X-Request-Id when it is sane, else a new UUID (decision 0050). */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** The message key of an answer in SPEC's envelope, read from its first characters (error answers only). */
function refusalKey(payload: unknown): string {
  if (typeof payload !== 'string') return 'OTHER';
  const m = /"message"\s*:\s*"([A-Z0-9_]{1,64})"/.exec(payload.slice(0, 300));
  return m ? m[1] : 'OTHER';
}

export async function createHttp(deps: Deps, opts: HttpOptions = {}) {
  const headers = securityHeaders();
  const { logLevel, logRequests } = deps.config;
  // 'auto': a line per request unless a person reads the log in a terminal (config.ts, LOG_REQUESTS).
  const requestLines = logRequests === 'auto' ? opts.logger !== true || !process.stdout.isTTY : logRequests;
  const app = Fastify({
    // Every line passes through redaction: the URL of a request may carry a password (SPEC's query strings).
    logger: opts.logger ? { level: logLevel, stream: redactingStream(opts.logger === true ? process.stdout : opts.logger.stream) } : false,
    logController: new LogController({ disableRequestLogging: !requestLines }),
    // Every log line of a request carries its id (reqId), also sent back as X-Request-Id.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Only the proxies named in TRUST_PROXY (config.ts), never every client; a number is that many hops.
    trustProxy: typeof deps.config.trustProxy === 'number' ? hopsOf(deps.config.trustProxy) : deps.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // A path that cannot be decoded (`/%`) is refused before any hook runs: answered here with the same
    // headers and envelope as every other answer, not fastify's own error naming its code.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as unknown as FastifyReply).headers(headers).code(400).send(fail(400, 'VALIDATION_FAILED'));
    },
  }).withTypeProvider<ZodTypeProvider>();
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const method of methods) {
      if (method === 'HEAD' || !isApiRoute(r.url)) continue;
      routeTable.push({ method, url: r.url, access: r.config?.access, input: { querystring: r.schema?.querystring, body: r.schema?.body } });
    }
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
  // Request rate and latency by the route the router matched (never the raw URL: a label per pattern),
  // and every error answer by its envelope's message key.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400) refusals.inc({ reason: refusalKey(payload), status: String(reply.statusCode) });
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? 'not-found' : (request.routeOptions.url ?? 'not-found');
    httpRequests.observe({ route, method: request.method, status_class: statusClass(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  // Before every route (it hooks each route as it is declared): answers of 1 KB or more go out brotli- or
  // gzip-compressed to a client that accepts it (JSON, CSV, the web app's files not precompressed);
  // xlsx is a zip already and is left as it is. Compressed request bodies stay refused (415): nothing
  // sends them, and inflating them would let a small body outgrow bodyLimit's check.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: { info: { title: '4D back-office API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: { kind: 'public' } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  app.decorateRequest('auth', null);

  // The one guard of the API, on the route the router matched (its pattern and its declaration), never on
  // the raw URL: the router decodes and matches `/%61pi/...` as `/api/...`, so a test of the URL's
  // spelling can be skipped. It runs before the body is read, so a refused caller learns nothing of the
  // route's inputs, and every route not declared public needs a session before its handler runs.
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (request.is404 || route === undefined) return; // the not-found handler answers
    if (!isApiRoute(route)) {
      // The web app's static wildcard also matches spellings of /api paths: none of them is a file of it.
      if (!isDocsRoute(route) && isUnderApi(request.url)) return reply.callNotFound();
      return;
    }
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      return reply.code(403).send(fail(403, 'MISSING_XHR_HEADER'));
    }
    const access = request.routeOptions.config?.access;
    if (!access) {
      request.log.error({ route }, 'route has no access declaration');
      throw forbidden();
    }
    request.auth =
      (await loadSession(deps.db, deps.clock, request.cookies[SESSION_COOKIE])) ??
      (await loadApiClient(deps.db, deps.clock, request.headers.authorization));
    await authorize(deps, request.auth, access);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send(fail(error.status, error.messageKey, error.data));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const field =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String((v.params as { path?: unknown[] })?.path?.join('.') ?? error.validationContext ?? 'body');
        fields[field] = VALIDATION_KEYS[v.keyword] ?? 'pattern';
      }
      return reply.code(400).send(fail(400, 'VALIDATION_FAILED', fields));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key = status === 429 ? 'TOO_MANY_ATTEMPTS' : status === 404 ? 'NO_RECORD_FOUND' : 'VALIDATION_FAILED';
      return reply.code(status).send(fail(status, key));
    }
    request.log.error(error);
    return reply.code(500).send(fail(500, 'INTERNAL_SERVER_ERROR'));
  });

  registerHealth(app, deps, lifecycle);
  await registerWebApp(app, deps.config.webDist);

  return app;
}

export type HttpApp = Awaited<ReturnType<typeof createHttp>>;

/** Whether a session holds a function at one of the levels: the rule `allow.fn` routes are gated by. */
export function holdsFunction(auth: AuthContext, fn: FunctionName, levels: readonly AccessLevel[]): boolean {
  if (auth.disabledFunctions.includes(fn)) return false;
  // The platform's super admin is above every company's permission roles.
  const superAdmin = auth.roleId === RoleId.SuperAdmin && auth.isMainAccount;
  return superAdmin || hasAccess(auth.access, fn, levels);
}

export async function authorize(deps: Deps, auth: AuthContext | null, access: RouteAccess): Promise<void> {
  if (access.kind === 'public') return;
  if (!auth) throw unauthorized();
  // The terms (bettors are 18 or over) are agreed before anything else is done, whatever the client.
  if (!auth.termsAgreed && !access.beforeTerms) throw forbidden('TERMS_NOT_AGREED');
  if (access.roles && !access.roles.includes(auth.roleId)) throw forbidden();
  // A sub-account acts with the functions granted to it (decision 0013). A route declared by role alone
  // names none it could be granted (platform administration, results, posting): its main account's own.
  if (access.roles && !access.fn && !auth.isMainAccount) throw forbidden();
  if (access.mainAccountOnly && !auth.isMainAccount) throw forbidden();
  if (access.fn && !holdsFunction(auth, access.fn, access.levels ?? [1])) throw forbidden();
  if (access.secondary && !(await secondaryStillValid(deps, auth))) throw forbidden('SECONDARY_PASSWORD_REQUIRED');
}

export async function secondaryValidUntil(deps: Deps, verifiedAt: Date | null): Promise<Date | null> {
  if (!verifiedAt) return null;
  const { secondaryPasswordCheckTime } = await readNumericSettings(deps.db, ['secondaryPasswordCheckTime']);
  return new Date(verifiedAt.getTime() + secondaryPasswordCheckTime * 60_000);
}

async function secondaryStillValid(deps: Deps, auth: AuthContext): Promise<boolean> {
  const until = await secondaryValidUntil(deps, auth.secondaryVerifiedAt);
  return until !== null && deps.clock.now() < until;
}
