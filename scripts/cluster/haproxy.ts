// HAProxy runs deploy/haproxy.cfg itself, its "${...}" values from the environment set here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { deployDir, host, paths, ports, repoRoot } from './layout';
import { readPid, startDetached, stopPid } from './processes';

export const configFile = path.join(deployDir, 'haproxy.cfg');

/**
 * What HAProxy checks an app process with: GET /health/ready where the server has it (database reachable,
 * migrations current, not draining), else the login page (the server answers; nothing more is known).
 */
export function appHealthPath(): string {
  const health = path.join(repoRoot, 'apps/server/src/platform/health.ts');
  return fs.existsSync(health) && fs.readFileSync(health, 'utf8').includes('/health/ready') ? '/health/ready' : '/login';
}

export function haproxyEnv(): NodeJS.ProcessEnv {
  const [app1, app2, app3] = ports.apps;
  return {
    PATH: process.env.PATH,
    HAPROXY_STATS_SOCKET: paths().haproxySocket,
    HAPROXY_HTTP_BIND: `${host}:${ports.http}`,
    HAPROXY_PG_WRITE_BIND: `${host}:${ports.pgWrite}`,
    HAPROXY_PG_READ_BIND: `${host}:${ports.pgRead}`,
    HAPROXY_STATS_BIND: `${host}:${ports.stats}`,
    APP_HEALTH_PATH: appHealthPath(),
    APP1_ADDR: `${host}:${app1}`,
    APP2_ADDR: `${host}:${app2}`,
    APP3_ADDR: `${host}:${app3}`,
    PG_NODE1_ADDR: `${host}:${ports.nodes.node1}`,
    PG_NODE2_ADDR: `${host}:${ports.nodes.node2}`,
  };
}

export function startHaproxy(): void {
  const env = haproxyEnv();
  // -c first: a configuration error is reported here, not lost in a background process's log.
  execFileSync('haproxy', ['-c', '-q', '-f', configFile], { env, stdio: 'inherit' });
  // -db: stay in the foreground of its own process group, so that its pid is ours to stop.
  startDetached('haproxy', 'haproxy', ['-db', '-f', configFile], { env, log: `${paths().logs}/haproxy.log` });
}

export const stopHaproxy = () => stopPid(readPid('haproxy'), 'SIGTERM');

export interface ServerStat {
  proxy: string;
  server: string;
  status: string;
}

/** Every backend server's state (UP, DOWN, ...), from the statistics socket. */
export function serverStats(): Promise<ServerStat[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(paths().haproxySocket);
    let text = '';
    socket.setTimeout(2000, () => socket.destroy(new Error('HAProxy did not answer')));
    socket.on('connect', () => socket.write('show stat\n'));
    socket.on('data', (d) => (text += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...lines] = text.trim().split('\n');
      const cols = head.replace(/^# /, '').split(',');
      const at = (name: string) => cols.indexOf(name);
      resolve(
        lines
          .map((l) => l.split(','))
          .filter((c) => c[at('svname')] !== 'FRONTEND' && c[at('svname')] !== 'BACKEND')
          .map((c) => ({ proxy: c[at('pxname')], server: c[at('svname')], status: c[at('status')] })),
      );
    });
  });
}
