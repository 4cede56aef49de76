// `npm run cluster -- up|status|down`: on one machine, a cluster of real parts for trying and testing
// (issue 30 line 8, decision 0051): three app processes behind HAProxy, a PostgreSQL primary and a hot
// standby by streaming replication, failover by pg_auto_failover (its monitor on this machine too).
// Also, for the chaos run and for trying things by hand:
//   app <1|2|3> start|stop|kill      node <node1|node2> start|stop|crash      failover
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { appName, appPort, appRunning, startApp, startAppSupervised, stopApp, waitForApp } from './cluster/apps';
import { appHealthPath, serverStats, startHaproxy, stopHaproxy } from './cluster/haproxy';
import { adminPassword, appDatabaseUrl, baseUrl, demoPassword, nodeNames, paths, ports, readDatabaseUrl, repoRoot, type NodeName } from './cluster/layout';
import { ensurePackages } from './cluster/packages';
import { autoctl, createMonitor, createNode, createRoles, keeperRunning, nodeStates, preparePgFolder, query, runKeeper, stopAll, stopKeeper, waitForFormation } from './cluster/postgres';
import { alive, readPid, waitFor } from './cluster/processes';

const log = (s: string) => console.log(`cluster: ${s}`);

async function up(): Promise<void> {
  const p = paths();
  if (fs.existsSync(p.state)) throw new Error(`a cluster is already in ${p.dir} (npm run cluster -- status; down removes it)`);
  ensurePackages();
  buildWebOnce();
  const t0 = Date.now();
  fs.mkdirSync(p.logs, { recursive: true });
  fs.mkdirSync(p.run, { recursive: true });
  fs.writeFileSync(p.state, JSON.stringify({ startedAt: new Date().toISOString(), ports }, null, 2));
  preparePgFolder();
  log(`pg_auto_failover monitor on ${ports.monitor}`);
  await createMonitor();
  log(`primary node1 on ${ports.nodes.node1}`);
  await createNode('node1');
  await waitForFormation(false);
  await createRoles();
  log(`standby node2 on ${ports.nodes.node2} (a base backup of node1, then streaming, synchronous)`);
  await createNode('node2');
  await waitForFormation(true);
  log(`HAProxy: web ${ports.http}, PostgreSQL primary ${ports.pgWrite}, standby ${ports.pgRead}, statistics ${ports.stats}`);
  startHaproxy();
  if (!(await waitFor(() => query(ports.pgWrite, 'select 1').then(() => true), 30_000))) throw new Error('HAProxy finds no writable PostgreSQL node');
  const health = appHealthPath();
  log('app1 (migrates as the owner, seeds the demo)');
  startApp(1, { demo: true });
  await waitForApp(1, health, 600_000);
  log('app2, app3');
  startApp(2);
  startApp(3);
  await Promise.all([waitForApp(2, health, 300_000), waitForApp(3, health, 300_000)]);
  // HAProxy takes each app in after two good checks.
  await waitFor(async () => (await serverStats()).filter((x) => x.proxy === 'apps' && x.status === 'UP').length === 3, 15_000);
  log(`up in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  await status();
  console.log(`\nOpen ${baseUrl()}/ : super admin "admin" / "${adminPassword}"; demo accounts (demoplayer, demoagent, democo, demoit, ...) / "${demoPassword}"`);
  console.log(`DATABASE_URL of the apps: ${appDatabaseUrl()}; a standby for reads: ${readDatabaseUrl()}; logs in ${p.logs}`);
}

/** The apps serve apps/web/dist: built once, reused while present. */
function buildWebOnce(): void {
  if (fs.existsSync(`${repoRoot}/apps/web/dist/index.html`)) return;
  log('building the web app once (apps/web/dist)');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

async function status(): Promise<void> {
  const p = paths();
  if (!fs.existsSync(p.state)) {
    console.log(`no cluster in ${p.dir} (npm run cluster -- up)`);
    return;
  }
  const rows: string[][] = [['part', 'where', 'process', 'state']];
  const monitorUp = keeperRunning('monitor');
  rows.push(['monitor', `:${ports.monitor}`, monitorUp ? 'running' : 'stopped', '']);
  const states = await nodeStates().catch(() => []);
  for (const n of nodeNames) {
    const s = states.find((x) => x.name === n);
    rows.push([n, `:${ports.nodes[n]}`, keeperRunning(n) ? 'running' : 'stopped', s ? `${s.reported}${s.goal !== s.reported ? ` -> ${s.goal}` : ''}${s.health === 1 ? '' : ' (unhealthy)'}` : '?']);
  }
  const stats = alive(readPid('haproxy')) ? await serverStats().catch(() => []) : [];
  rows.push(['haproxy', `:${ports.http} :${ports.pgWrite} :${ports.pgRead}`, alive(readPid('haproxy')) ? 'running' : 'stopped', '']);
  for (const s of stats.filter((x) => x.proxy !== 'stats')) rows.push([`  ${s.proxy}/${s.server}`, '', '', s.status]);
  for (const n of [1, 2, 3]) rows.push([appName(n), `:${appPort(n)}`, appRunning(n) ? `running (pid ${readPid(appName(n))})` : 'stopped', '']);
  const width = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(width[i])).join('  ').trimEnd());
}

async function down(): Promise<void> {
  const p = paths();
  for (const n of [1, 2, 3]) await stopApp(n, 'SIGTERM').then((ok) => ok || stopApp(n, 'SIGKILL'));
  await stopHaproxy();
  if (fs.existsSync(p.pg)) await stopAll();
  fs.rmSync(p.dir, { recursive: true, force: true });
  log(`stopped; ${p.dir} removed`);
}

async function appCommand(n: number, action: string): Promise<void> {
  if (![1, 2, 3].includes(n)) throw new Error('app 1, 2 or 3');
  if (action === 'start') {
    if (appRunning(n)) throw new Error(`${appName(n)} is running`);
    await startAppSupervised(n, appHealthPath(), 300_000);
  } else if (action === 'stop') await stopApp(n, 'SIGTERM');
  else if (action === 'kill') await stopApp(n, 'SIGKILL');
  else throw new Error('start, stop or kill');
  log(`${appName(n)} ${action}: done`);
}

async function nodeCommand(name: NodeName, action: string): Promise<void> {
  if (!nodeNames.includes(name)) throw new Error('node1 or node2');
  if (action === 'start') runKeeper(name);
  else if (action === 'stop') await stopKeeper(name);
  else if (action === 'crash') await stopKeeper(name, true);
  else throw new Error('start, stop or crash');
  log(`${name} ${action}: done`);
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'up') await up();
  else if (command === 'status') await status();
  else if (command === 'down') await down();
  else if (command === 'app') await appCommand(Number(rest[0]), rest[1]);
  else if (command === 'node') await nodeCommand(rest[0] as NodeName, rest[1]);
  else if (command === 'failover') console.log(autoctl(['perform', 'failover', '--pgdata', paths().pgdata('monitor')]));
  else {
    console.error('usage: npm run cluster -- up|status|down | app <1-3> start|stop|kill | node <node1|node2> start|stop|crash | failover');
    process.exitCode = 2;
  }
} catch (e) {
  console.error(`cluster: ${(e as Error).message}`);
  process.exitCode = 1;
}
