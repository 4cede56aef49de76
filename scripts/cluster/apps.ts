// The app processes, started as deploy/4d-backoffice.service starts one: its ExecStart in its
// WorkingDirectory (relative to this checkout) with its Environment lines, then the cluster's own values.
import fs from 'node:fs';
import path from 'node:path';
import { adminPassword, appDatabaseUrl, deployDir, host, ownerDatabaseUrl, paths, ports, readDatabaseUrl, repoRoot } from './layout';
import { alive, readPid, startDetached, stopPid, waitFor } from './processes';

export interface Unit {
  /** Relative to the installation's root (/opt/4d-backoffice in the unit). */
  workingDirectory: string;
  execStart: string[];
  environment: Record<string, string>;
}

const installRoot = '/opt/4d-backoffice';

export function readUnit(file = path.join(deployDir, '4d-backoffice.service')): Unit {
  const lines = fs.readFileSync(file, 'utf8').split('\n').map((l) => l.trim());
  const value = (key: string) => lines.filter((l) => l.startsWith(`${key}=`)).map((l) => l.slice(key.length + 1));
  const environment: Record<string, string> = {};
  for (const e of value('Environment')) {
    const at = e.indexOf('=');
    environment[e.slice(0, at)] = e.slice(at + 1);
  }
  const [workingDirectory] = value('WorkingDirectory');
  const [execStart] = value('ExecStart');
  return { workingDirectory: path.relative(installRoot, workingDirectory), execStart: execStart.split(/\s+/), environment };
}

/** CLUSTER_APP_ENV="A=1 B=2": more settings for every app process (e.g. REPORT_CONCURRENCY=2). */
export function extraAppEnv(value = process.env.CLUSTER_APP_ENV ?? ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of value.split(/\s+/).filter(Boolean)) {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`CLUSTER_APP_ENV: "${pair}" is not NAME=value`);
    out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

export const appName = (n: number) => `app${n}`;
export const appPort = (n: number) => ports.apps[n - 1];

/**
 * The first app process runs the migrations as the database's owner; the others connect as the
 * application role only and refuse to start until the migrations are all there (dbRoles.ts), so one
 * process migrates and the others wait (`up` starts them once the first is ready).
 */
export function appEnv(n: number, opts: { demo: boolean }): NodeJS.ProcessEnv {
  const unit = readUnit();
  const dataDir = paths().apps(n);
  return {
    ...process.env,
    ...unit.environment,
    PORT: String(appPort(n)),
    HOST: host,
    DATA_DIR: dataDir,
    DATABASE_URL: appDatabaseUrl(),
    ...(n === 1 ? { DATABASE_OWNER_URL: ownerDatabaseUrl() } : {}),
    ...(process.env.CLUSTER_READ_REPLICA === '1' ? { DATABASE_READ_URL: readDatabaseUrl() } : {}),
    ADMIN_PASSWORD: adminPassword,
    TRUST_PROXY: host,
    ...(opts.demo ? { DEMO: '1' } : { DEMO: '0' }),
    ...extraAppEnv(),
  };
}

export function startApp(n: number, opts: { demo?: boolean } = {}): number {
  const unit = readUnit();
  const [command, ...args] = unit.execStart;
  fs.mkdirSync(paths().apps(n), { recursive: true, mode: 0o700 });
  return startDetached(appName(n), command.endsWith('/node') ? process.execPath : command, args, {
    cwd: path.join(repoRoot, unit.workingDirectory),
    env: appEnv(n, { demo: opts.demo ?? false }),
    log: `${paths().logs}/${appName(n)}.log`,
  });
}

export async function appReady(n: number, healthPath: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}:${appPort(n)}${healthPath}`, { signal: AbortSignal.timeout(2000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

export async function waitForApp(n: number, healthPath: string, ms: number): Promise<void> {
  const pid = readPid(appName(n));
  const ok = await waitFor(async () => !alive(pid) || (await appReady(n, healthPath)), ms, 500);
  if (!ok || !alive(pid)) {
    const log = fs.readFileSync(`${paths().logs}/${appName(n)}.log`, 'utf8').split('\n').slice(-15).join('\n');
    throw new Error(`${appName(n)} ${alive(pid) ? `is not ready after ${ms / 1000} s` : 'stopped'}:\n${log}`);
  }
}

/**
 * Starts an app process and, while it exits before it is ready (no database during a failover), starts it
 * again a second later: what the unit's Restart=on-failure and RestartSec=1 do under systemd.
 */
export async function startAppSupervised(n: number, healthPath: string, ms: number): Promise<number> {
  const end = Date.now() + ms;
  for (let starts = 1; ; starts++) {
    startApp(n);
    try {
      await waitForApp(n, healthPath, Math.max(1000, end - Date.now()));
      return starts;
    } catch (e) {
      if (appRunning(n) || Date.now() >= end) throw e;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** SIGTERM (a graceful stop), or SIGKILL (a crash). */
export const stopApp = (n: number, signal: NodeJS.Signals = 'SIGTERM') => stopPid(readPid(appName(n)), signal, 60_000);
export const appRunning = (n: number) => alive(readPid(appName(n)));
