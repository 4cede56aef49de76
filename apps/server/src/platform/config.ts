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
  };
}
