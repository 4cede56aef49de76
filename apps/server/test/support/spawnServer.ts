// Starts test/support/serverProcess.ts as a child process: a second installation with its own database
// (a new PostgreSQL database from the run's template with TEST_DATABASE_URL, else a PGlite folder unpacked
// from the run's seeded template), listening on a free port, its clock set by the test.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { ADMIN } from './constants';
import { freshPostgres } from './testApp';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  url: string;
  /** Sets the child's clock; resolves once it has. */
  setClock(iso: string): Promise<void>;
  /** Stops the process (SIGTERM: it closes its database) and drops its database. */
  stop(): Promise<void>;
  /** Its output, for a failure's message. */
  output(): string;
}

export async function startServerProcess(opts: { clock: string; itAdmin?: string }): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: ADMIN.password, TEST_CLOCK: opts.clock, TEST_IT_ADMIN: opts.itAdmin ?? '' };
  for (const k of ['DATABASE_URL', 'DATABASE_OWNER_URL', 'DATA_DIR', 'REMOTE_AGENT_KEY', 'NODE_OPTIONS', 'DEMO']) delete env[k];
  let drop = async () => {};
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const fresh = await freshPostgres(pgUrl);
    env.DATABASE_URL = fresh.url;
    drop = fresh.drop;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fourd-remote-'));
    const template = inject('pgliteTemplate');
    // The seeded template's data folder: no initdb and no migrations in the child (decision 0038).
    if (template) execFileSync('tar', ['-xf', template, '-C', dir], { stdio: 'ignore' });
    env.DATA_DIR = dir;
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'serverProcess.ts')], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const port = await new Promise<number>((done, fail) => {
    child.once('message', (m: { port?: number }) => (m.port ? done(m.port) : fail(new Error(`unexpected message ${JSON.stringify(m)}`))));
    void exited.then((code) => fail(new Error(`server process exited (${code}) before listening:\n${out}`)));
  });
  let seq = 0;
  return {
    url: `http://127.0.0.1:${port}`,
    setClock: (iso) =>
      new Promise<void>((done) => {
        const mine = ++seq;
        const answer = (m: { seq?: number }) => {
          if (m.seq !== mine) return;
          child.off('message', answer);
          done();
        };
        child.on('message', answer);
        child.send({ seq: mine, clock: iso });
      }),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      await drop();
    },
    output: () => out,
  };
}
