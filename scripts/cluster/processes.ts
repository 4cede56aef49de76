// Background processes that outlive the command starting them: each in its own process group, its output
// in a log file, its pid in CLUSTER_DIR/run/<name>.pid, so that status and down find it again.
import { spawn, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { paths } from './layout';

export function startDetached(name: string, command: string, args: string[], opts: SpawnOptions & { log: string }): number {
  const out = fs.openSync(opts.log, 'a');
  const child = spawn(command, args, { ...opts, detached: true, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  if (child.pid === undefined) throw new Error(`${name}: ${command} did not start`);
  child.unref();
  writePid(name, child.pid);
  return child.pid;
}

export function writePid(name: string, pid: number): void {
  fs.mkdirSync(paths().run, { recursive: true });
  fs.writeFileSync(path.join(paths().run, `${name}.pid`), String(pid));
}

export function readPid(name: string): number | undefined {
  try {
    const n = Number(fs.readFileSync(path.join(paths().run, `${name}.pid`), 'utf8').trim());
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

export function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    // A killed child of ours that nobody reaped yet is a zombie: dead for our purpose.
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Sends `signal` to the process (and, `group`, its whole process group), then waits up to `ms` for it to end. */
export async function stopPid(pid: number | undefined, signal: NodeJS.Signals, ms = 10_000, group = true): Promise<boolean> {
  if (!alive(pid)) return true;
  try {
    process.kill(group ? -pid! : pid!, signal);
  } catch {
    process.kill(pid!, signal);
  }
  return waitFor(() => !alive(pid), ms, 50);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every `every` ms until it holds or `ms` pass; whether it held. */
export async function waitFor(check: () => boolean | Promise<boolean>, ms: number, every = 250): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (await check()) return true;
    } catch {
      // not yet
    }
    if (Date.now() >= end) return false;
    await sleep(every);
  }
}
