// PostgreSQL with a hot standby by streaming replication, failover by pg_auto_failover: a monitor and two
// data nodes, each a `pg_autoctl run` keeper supervising its own PostgreSQL (decision 0051). pg_autoctl
// refuses to run as root: as root, every pg_autoctl runs as the `postgres` user, the folder its own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { database, host, nodeNames, paths, ports, roles, type NodeName } from './layout';
import { pgBin } from './packages';
import { alive, readPid, startDetached, stopPid, waitFor } from './processes';

/** The monitor's failure detection, tightened from its defaults (20 s unhealthy, 30 s demote timeout). */
const monitorSettings: Record<string, number> = {
  'pgautofailover.health_check_period': 1000,
  'pgautofailover.health_check_timeout': 2000,
  'pgautofailover.health_check_retry_delay': 1000,
  'pgautofailover.health_check_max_retries': 2,
  // A primary that neither answers the monitor's checks nor reports for this long is failed over.
  'pgautofailover.node_considered_unhealthy_timeout': 5000,
  // The standby is writable only this long after the failed primary was last seen: longer than the
  // keeper's network_partition_timeout below, after which a primary cut off from both the monitor and
  // its standby demotes itself, so two primaries never take writes at once.
  'pgautofailover.primary_demote_timeout': 10000,
};
const networkPartitionTimeoutSeconds = 8;

export function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const [, , uid, gid] = execFileSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).trim().split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function autoctlEnv(): NodeJS.ProcessEnv {
  const p = paths();
  return {
    PATH: `${pgBin}:${process.env.PATH}`,
    HOME: p.pg,
    // pg_autoctl keeps its configuration, state and pid files under these: all inside the cluster folder.
    XDG_CONFIG_HOME: `${p.pg}/config`,
    XDG_DATA_HOME: `${p.pg}/share`,
    XDG_RUNTIME_DIR: `${p.pg}/run`,
    PG_CONFIG: `${pgBin}/pg_config`,
    PGHOST: host,
  };
}

export function autoctl(args: string[], opts: { quiet?: boolean } = {}): string {
  return execFileSync('pg_autoctl', args, {
    ...runAs(),
    cwd: paths().pg,
    env: autoctlEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', opts.quiet ? 'pipe' : 'inherit'],
  });
}

/** The cluster folder for PostgreSQL, owned by the user pg_autoctl runs as. */
export function preparePgFolder(): void {
  const p = paths();
  for (const d of [p.pg, `${p.pg}/config`, `${p.pg}/share`, `${p.pg}/run`]) fs.mkdirSync(d, { recursive: true, mode: 0o700 });
  const user = runAs();
  if (user) for (const d of [p.pg, `${p.pg}/config`, `${p.pg}/share`, `${p.pg}/run`]) fs.chownSync(d, user.uid, user.gid);
}

const monitorUri = () => `postgres://autoctl_node@${host}:${ports.monitor}/pg_auto_failover?sslmode=disable`;
const keeperName = (name: 'monitor' | NodeName) => `pg-${name}`;

/** Starts the keeper (`pg_autoctl run`) of the monitor or a node in the background. */
export function runKeeper(name: 'monitor' | NodeName): void {
  startDetached(keeperName(name), 'pg_autoctl', ['run', '--pgdata', paths().pgdata(name)], {
    ...runAs(),
    cwd: paths().pg,
    env: autoctlEnv(),
    log: `${paths().logs}/${keeperName(name)}.log`,
  });
}

/** Stops a keeper and its PostgreSQL: `immediate` as a crash would (no checkpoint, connections cut). */
export async function stopKeeper(name: 'monitor' | NodeName, immediate = false): Promise<void> {
  try {
    autoctl(['stop', '--pgdata', paths().pgdata(name), ...(immediate ? ['--immediate'] : [])], { quiet: true });
  } catch {
    // not running
  }
  const pid = readPid(keeperName(name));
  if (!(await waitFor(() => !alive(pid), 30_000))) await stopPid(pid, 'SIGKILL');
}

export const keeperRunning = (name: 'monitor' | NodeName) => alive(readPid(keeperName(name)));

export async function query<T extends pg.QueryResultRow>(port: number, text: string, db = 'postgres', user = superuser()): Promise<T[]> {
  const client = new pg.Client({ host, port, user, database: db, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** initdb names the superuser after the OS user pg_autoctl ran as. */
const superuser = () => (runAs() ? 'postgres' : os.userInfo().username);

export interface NodeState {
  name: string;
  port: number;
  reported: string;
  goal: string;
  health: number;
}

export async function nodeStates(): Promise<NodeState[]> {
  return query<NodeState>(
    ports.monitor,
    `select nodename as name, nodeport as port, reportedstate::text as reported, goalstate::text as goal, health
     from pgautofailover.node order by nodeid`,
    'pg_auto_failover',
  );
}

/** The node that takes writes: the monitor's primary (wait_primary while its standby is away). */
export async function primaryNode(): Promise<NodeState | undefined> {
  const states = await nodeStates();
  return states.find((s) => ['primary', 'wait_primary', 'single'].includes(s.reported) && s.reported === s.goal);
}

export async function createMonitor(): Promise<void> {
  autoctl(['create', 'monitor', '--pgdata', paths().pgdata('monitor'), '--pgport', String(ports.monitor), '--pgctl', `${pgBin}/pg_ctl`,
    '--hostname', host, '--listen', host, '--auth', 'trust', '--no-ssl'], { quiet: true });
  runKeeper('monitor');
  if (!(await waitFor(() => query(ports.monitor, 'select 1', 'pg_auto_failover').then(() => true), 60_000))) throw new Error('the monitor did not start');
  for (const [name, value] of Object.entries(monitorSettings)) await query(ports.monitor, `alter system set ${name} = ${value}`);
  await query(ports.monitor, 'select pg_reload_conf()');
}

/** Creates a data node (the first becomes the primary, the next a standby cloned from it) and runs it. */
export async function createNode(name: NodeName): Promise<void> {
  autoctl(['create', 'postgres', '--pgdata', paths().pgdata(name), '--pgport', String(ports.nodes[name]), '--pgctl', `${pgBin}/pg_ctl`,
    '--hostname', host, '--listen', host, '--name', name, '--dbname', database, '--auth', 'trust', '--no-ssl', '--monitor', monitorUri()], { quiet: true });
  autoctl(['config', 'set', '--pgdata', paths().pgdata(name), 'timeout.network_partition_timeout', String(networkPartitionTimeoutSeconds)], { quiet: true });
  runKeeper(name);
}

/** Waits until the monitor sees one primary and, with `standby`, a secondary caught up with it. */
export async function waitForFormation(standby: boolean, ms = 120_000): Promise<void> {
  const ok = await waitFor(async () => {
    const s = await nodeStates();
    const primary = s.some((n) => ['primary', 'single'].includes(n.reported) && n.reported === n.goal);
    const secondary = s.some((n) => n.reported === 'secondary' && n.goal === 'secondary');
    return primary && (!standby || secondary);
  }, ms, 500);
  if (!ok) throw new Error(`the formation did not settle: ${JSON.stringify(await nodeStates().catch(() => []))}`);
}

/** The roles of README "On PostgreSQL, as an application role that owns nothing", and HAProxy's check role. */
export async function createRoles(): Promise<void> {
  const primary = await primaryNode();
  if (!primary) throw new Error('no primary');
  // The monitor may have heard of the node before its keeper has started PostgreSQL again.
  await waitFor(() => query(primary.port, 'select 1').then(() => true), 60_000);
  await query(primary.port, `create role ${roles.owner} login`);
  await query(primary.port, `create role ${roles.app} login`);
  await query(primary.port, `create role ${roles.check} login`);
  // The standby check reads pg_stat_wal_receiver, whose status only monitoring roles may see.
  await query(primary.port, `grant pg_monitor to ${roles.check}`);
  await query(primary.port, `alter database ${database} owner to ${roles.owner}`);
}

export async function stopAll(): Promise<void> {
  for (const n of [...nodeNames].reverse()) await stopKeeper(n);
  await stopKeeper('monitor');
}
