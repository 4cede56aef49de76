// Posting throughput (issue 13 item 10): `npm run bench:posting` (DATABASE_URL=postgres://... for PostgreSQL,
// as the target is stated for it). A company's unposted book of a draw, BENCH_NUMBERS (10,000) numbers, is
// posted (DoPost) and distributed (DoDistribute) to a local remote agent: a second installation, started as
// `tsx apps/server/src/main.ts` in its own process on its own database (a new PostgreSQL database beside the
// first with DATABASE_URL, else a PGlite folder), through its API account. Target: distributed in <= 60 s.
// Runs interleave the lot sizes of BENCH_LOTS (numbers per placement, POSTING_LOT_NUMBERS; default
// "500,1000,10000", 1,000 being the server's default and 10,000 one placement for the whole book),
// BENCH_PAIRS (2) times, each on a draw of its own pool.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { HierarchyLevel } from '@app/domain';
import { businessDateOf } from '../apps/server/src/platform/businessTime';
import { BENCH_PASSWORD, clientOf, machine, startBench } from './support';

const numbers = Number(process.env.BENCH_NUMBERS ?? 10_000);
const lots = (process.env.BENCH_LOTS ?? '500,1000,10000').split(',').map(Number);
const pairs = Number(process.env.BENCH_PAIRS ?? 2);
const pools = [1, 2, 3, 4, 5, 6, 7];
if (lots.length * pairs > pools.length) throw new Error(`at most ${pools.length} runs (one pool each)`);
const repoRoot = path.resolve(import.meta.dirname, '..');

/** The remote installation: main.ts in a process of its own, on a database of its own. */
async function startRemote() {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', ADMIN_USERNAME: 'benchadmin', ADMIN_PASSWORD: BENCH_PASSWORD };
  delete env.DATABASE_OWNER_URL;
  delete env.DEMO;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fourd-bench-remote-'));
  const dbName = `bench_posting_remote_${Date.now()}`;
  const server = process.env.DATABASE_URL;
  if (server) {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(server);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.toString();
  } else {
    delete env.DATABASE_URL;
    env.DATA_DIR = dataDir;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  const base = await new Promise<string>((done, fail) => {
    const read = (c: Buffer) => {
      out += c.toString();
      const m = /running at (http:\/\/[\d.]+:\d+)\//.exec(out);
      if (m) done(m[1]);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(() => fail(new Error(`remote exited before listening:\n${out}`)));
  });
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (server) {
        const admin = new pg.Client({ connectionString: server });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}

const seconds = (t0: number) => (performance.now() - t0) / 1000;

const [bench, remote] = await Promise.all([startBench('posting', { config: { remoteAgentKey: 'bench-posting-key-0123456789abcdef' } }), startRemote()]);
try {
  // A draw day at least three days ahead (a Wednesday), so no cutoff passes during the runs.
  const ahead = new Date(Date.now() + 3 * 86_400_000);
  while (ahead.getUTCDay() !== 3) ahead.setUTCDate(ahead.getUTCDate() + 1);
  const drawDate = businessDateOf(ahead, bench.config.tzBusiness);
  const [y, mo, d] = drawDate.split('-');

  // The remote: a company eating everything, the lay-off account with its API account, the draws.
  const r = clientOf(remote.base);
  const radmin = await r.login('benchadmin');
  await r.call(radmin, '/api/Account/CreateOrUpdateUser', { username: 'rco', fullName: 'rco', password: BENCH_PASSWORD, level: HierarchyLevel.Company, creditLimit: 9_000_000_000, positionTaking: 100 });
  const rco = await r.login('rco');
  const layoff = (await r.call(rco, '/api/Account/CreateOrUpdateUser', { username: 'layoff', fullName: 'layoff', password: BENCH_PASSWORD, level: HierarchyLevel.Player, creditLimit: 5_000_000_000 })) as { userId: number };
  await fetch(`${remote.base}/api/Configuration/VerifySecondaryPassword?secondaryPassword=${BENCH_PASSWORD}`, { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest', cookie: rco } });
  const code = (await r.call(rco, '/api/Account/GenerateApiCode', {})) as { clientOpcode: string; clientSecret: string };
  await r.call(rco, '/api/Account/CreateOrUpdateApiAccount', { userId: layoff.userId, ...code });

  // The first installation: a company eating nothing (its whole book is unposted), a player, the remote agent.
  const admin = await bench.login('benchadmin');
  await bench.call(admin, '/api/Account/CreateOrUpdateUser', { username: 'pco', fullName: 'pco', password: BENCH_PASSWORD, level: HierarchyLevel.Company, creditLimit: 9_000_000_000, positionTaking: 0 });
  const pco = await bench.login('pco');
  await bench.call(pco, '/api/Account/CreateOrUpdateUser', { username: 'pplayer', fullName: 'pplayer', password: BENCH_PASSWORD, level: HierarchyLevel.Player, creditLimit: 5_000_000_000 });
  const player = await bench.login('pplayer');
  await bench.call(admin, '/api/Configuration/ManageRemoteBetAgent', {
    name: 'Local',
    baseUrl: remote.base,
    ...code,
    priority: 1,
    postEnabled: true,
    capPerNumber: null,
    timeoutMs: 60_000,
    rates: [{ betCode: 'B', commissionBp: 2600, first: 250000, second: 100000, third: 50000, starter: 18000, consolation: 6000 }],
  });

  console.log(`# ${machine(bench.kind)}; remote: main.ts in its own process, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${numbers} numbers, Big RM1 each, lot sizes ${lots.join(' / ')}, ${pairs} pairs`);
  let run = 0;
  for (let pair = 0; pair < pairs; pair++) {
    for (const lot of lots) {
      const poolId = pools[run++];
      const draw = (await bench.call(admin, '/api/Pools/SubmitNewDraw', { poolId, drawDate, isSpecial: false })) as { drawId: number };
      await r.call(radmin, '/api/Pools/SubmitNewDraw', { poolId, drawDate, isSpecial: false });
      const t0 = performance.now();
      for (let from = 0; from < numbers; from += 500) {
        const lines = Array.from({ length: Math.min(500, numbers - from) }, (_, i) => `${String(from + i).padStart(4, '0')}#1`);
        await bench.call(player, '/api/Bet/PlaceExpressOrder', { text: `${d}/${mo}/${y}\n#${poolId}\n${lines.join('\n')}`, idempotencyKey: `bench-posting-${poolId}-${from}` });
      }
      const placed = seconds(t0);
      bench.config.postingLotNumbers = lot;
      const t1 = performance.now();
      const batch = (await bench.call(pco, '/api/Posting/DoPost', { drawId: draw.drawId })) as { batchId: number; items: number; amount: number };
      const posted = seconds(t1);
      const t2 = performance.now();
      const out = (await bench.call(pco, '/api/Posting/DoDistribute', { batchId: batch.batchId })) as { invoices: { status: string; total: number }[]; undistributed: number };
      const distributed = seconds(t2);
      const accepted = out.invoices.filter((i) => i.status === 'accepted');
      const states = [...new Set(out.invoices.map((i) => i.status))].join('/');
      console.log(
        `pool ${poolId}, ${lot} numbers per placement: DoDistribute ${distributed.toFixed(2)} s (${out.invoices.length} placements, ${states}, ` +
          `${accepted.reduce((s, i) => s + i.total, 0) / 100} RM accepted, ${out.undistributed / 100} RM left); DoPost ${posted.toFixed(2)} s ` +
          `(${batch.items} items); placing the book ${placed.toFixed(1)} s`,
      );
    }
  }
} finally {
  await remote.stop();
  await bench.stop();
}
