// What the cluster needs from Debian: HAProxy and pg_auto_failover (which brings PostgreSQL 15). As root
// the cluster installs what is missing with apt-get (as scripts/e2eBrowser.ts does for Chromium);
// otherwise it prints the command and stops.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const pgBin = '/usr/lib/postgresql/15/bin';
const needs = [
  { what: 'haproxy', present: () => commandExists('haproxy'), pkg: 'haproxy' },
  { what: 'pg_autoctl', present: () => commandExists('pg_autoctl'), pkg: 'postgresql-15-auto-failover' },
  { what: 'PostgreSQL 15', present: () => fs.existsSync(`${pgBin}/pg_ctl`), pkg: 'postgresql-15' },
  { what: 'psql', present: () => commandExists('psql'), pkg: 'postgresql-client-15' },
];

function commandExists(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

export function missingPackages(): string[] {
  return [...new Set(needs.filter((n) => !n.present()).map((n) => n.pkg))];
}

export function ensurePackages(): void {
  const missing = missingPackages();
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`the cluster needs ${missing.join(', ')}. Run:\n\n  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing.join(' ')}\n`);
  }
  console.log(`cluster: installing ${missing.join(', ')} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => execFileSync('apt-get', ['install', '-y', ...missing], { stdio: 'inherit', env });
  try {
    install();
  } catch {
    // A machine whose package lists are old or empty: refresh them once.
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    install();
  }
  const still = missingPackages();
  if (still.length) throw new Error(`still missing after apt-get: ${still.join(', ')}`);
}
