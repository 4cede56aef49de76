// Where each part of the local cluster lives: one folder (CLUSTER_DIR) and a port per part (decision 0051).
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const deployDir = path.join(repoRoot, 'deploy');

export const ports = {
  /** HAProxy: the web app and API, what people and the chaos run use. */
  http: 3100,
  apps: [3101, 3102, 3103],
  /** HAProxy's statistics page. */
  stats: 3190,
  /** HAProxy: the node that takes writes now (the apps' DATABASE_URL). */
  pgWrite: 5440,
  /** HAProxy: a streaming standby, else the primary (DATABASE_READ_URL). */
  pgRead: 5439,
  monitor: 5441,
  nodes: { node1: 5442, node2: 5443 } as Record<string, number>,
};

export const nodeNames = ['node1', 'node2'] as const;
export type NodeName = (typeof nodeNames)[number];
export const database = 'backoffice';
export const roles = { owner: 'backoffice_owner', app: 'backoffice_app', check: 'haproxy_check' };
export const host = '127.0.0.1';
export const adminPassword = process.env.CLUSTER_ADMIN_PASSWORD || 'Admin12345';
export const demoPassword = process.env.DEMO_PASSWORD || 'Demo12345';

export function clusterDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.CLUSTER_DIR || '/tmp/4d-cluster');
}

export const paths = (dir = clusterDir()) => ({
  dir,
  /** Everything of PostgreSQL and pg_autoctl, owned by the user pg_autoctl runs as. */
  pg: path.join(dir, 'pg'),
  pgdata: (name: 'monitor' | NodeName) => path.join(dir, 'pg', name),
  logs: path.join(dir, 'logs'),
  run: path.join(dir, 'run'),
  apps: (n: number) => path.join(dir, `app${n}`),
  haproxySocket: path.join(dir, 'run', 'haproxy.sock'),
  state: path.join(dir, 'state.json'),
});

export const url = (role: string, port: number, db = database) => `postgres://${role}@${host}:${port}/${db}`;

/** The apps' database addresses: always through HAProxy, which follows the primary after a failover. */
export const appDatabaseUrl = () => url(roles.app, ports.pgWrite);
export const ownerDatabaseUrl = () => url(roles.owner, ports.pgWrite);
export const readDatabaseUrl = () => url(roles.app, ports.pgRead);
export const baseUrl = () => `http://${host}:${ports.http}`;
