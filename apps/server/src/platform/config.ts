import os from 'node:os';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: a role owning the database, for migrations and grants; DATABASE_URL is then the app's role. */
  databaseOwnerUrl: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  tzBusiness: string;
  webDist: string;
  cookieSecure: boolean;
  /**
   * Which proxies' X-Forwarded-For is believed (fastify's trustProxy): false (the default, the socket's
   * address is the client's), a number of hops, or addresses/CIDRs separated by commas. Never `true`:
   * trusting every client lets each request name its own address and dodge the per-address throttle.
   */
  trustProxy: false | number | string;
  /** REMOTE_AGENT_KEY: the key remote agents' API secrets are encrypted with (platform/secretBox.ts). */
  remoteAgentKey: string | undefined;
  /** POSTING_LOT_NUMBERS: most numbers laid off in one placement at a remote agent (decision 0032). */
  postingLotNumbers: number;
  /**
   * CALLBACK_ALLOW_PRIVATE=1: seamless settlement callbacks may go to this machine and private networks
   * (a client's system on the same LAN). Off: a company cannot make the server call internal addresses.
   */
  allowPrivateCallbacks: boolean;
  /** REPORT_CONCURRENCY: most report reads running at once; the rest wait their turn (decision 0045). */
  reportConcurrency: number;
  /**
   * DATABASE_READ_URL: a read-only connection (a hot standby) that report reads may be served from
   * (platform/readReplica.ts and its decision); unset, every read goes to DATABASE_URL.
   */
  databaseReadUrl: string | undefined;
  /** LOG_LEVEL: the least severe log line written (pino's levels fatal..trace, or silent). Default info. */
  logLevel: LogLevel;
  /**
   * LOG_REQUESTS: a line per request answered (1) or not (0). Unset ('auto'): off when the log goes to a
   * terminal (a person's `npm start` stays readable), on when it goes to a file, a pipe or a journal.
   * Errors and warnings are written either way.
   */
  logRequests: boolean | 'auto';
  /** METRICS_TOKEN: the bearer token /metrics asks for; unset (and no METRICS_PORT), /metrics does not exist. */
  metricsToken: string | undefined;
  /** METRICS_PORT: /metrics on a listener of its own (on HOST), and not on PORT; the token still applies when set. */
  metricsPort: number | undefined;
  /** STOP_TIMEOUT_MS: how long a stop waits for requests in flight and a running job step before forcing. */
  stopTimeoutMs: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function logLevel(value: string | undefined): LogLevel {
  const v = value?.trim().toLowerCase() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(v)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return v as LogLevel;
}

function onOffAuto(name: string, value: string | undefined): boolean | 'auto' {
  const v = value?.trim().toLowerCase();
  if (!v) return 'auto';
  if (v === '1' || v === 'true' || v === 'on') return true;
  if (v === '0' || v === 'false' || v === 'off') return false;
  throw new Error(`${name} must be 1 or 0`);
}

function metricsToken(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  // A scrape token guessed is the server's inner life read by anyone: as long as a session secret.
  if (v.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return v;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number`);
  return n;
}

function parseTrustProxy(value: string | undefined): false | number | string {
  const v = value?.trim();
  if (!v) return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true') throw new Error('TRUST_PROXY=true would trust every client; name the proxy (addresses or CIDRs) or the number of hops');
  return v;
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (env.DATABASE_OWNER_URL && !env.DATABASE_URL) throw new Error('DATABASE_OWNER_URL needs DATABASE_URL: the role the server works as');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseOwnerUrl: env.DATABASE_OWNER_URL || undefined,
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    tzBusiness: env.TZ_BUSINESS || 'Asia/Kuala_Lumpur',
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    cookieSecure: env.COOKIE_SECURE === '1',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    remoteAgentKey: env.REMOTE_AGENT_KEY || undefined,
    postingLotNumbers: positiveInt('POSTING_LOT_NUMBERS', env.POSTING_LOT_NUMBERS, 1000),
    allowPrivateCallbacks: env.CALLBACK_ALLOW_PRIVATE === '1',
    reportConcurrency: positiveInt('REPORT_CONCURRENCY', env.REPORT_CONCURRENCY, os.availableParallelism()),
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    logLevel: logLevel(env.LOG_LEVEL),
    logRequests: onOffAuto('LOG_REQUESTS', env.LOG_REQUESTS),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    metricsPort: env.METRICS_PORT?.trim() ? positiveInt('METRICS_PORT', env.METRICS_PORT, 0) : undefined,
    stopTimeoutMs: positiveInt('STOP_TIMEOUT_MS', env.STOP_TIMEOUT_MS, 25_000),
  };
}
