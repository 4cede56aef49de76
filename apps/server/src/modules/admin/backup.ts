// Backups (issue 14 item 7, decision 0036): PostgreSQL by pg_dump (custom format) of the whole database,
// PGlite by its own dumpDataDir (a gzipped tar of the data folder) taken while no transaction is open and
// no statement runs. A backup is written as <name>.part and renamed when complete, so a file with a
// backup's name is always a whole one. Each run is a row of admin_job_runs whose steps are its stages:
// started, dumping, written (file, size), pruned, or failed with the reason (Report/GetBackupStage).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { businessDateOf, businessMinuteOfDay } from '../../platform/businessTime';
import { databaseKind } from '../../platform/db';
import { refused } from '../../platform/errors';
import type { Deps } from '../../platform/http';
import { rows } from '../ledger/queries';
import { addStep, closeRun, listRunRows, openRun, say } from './jobHistory';

export const BACKUP_JOB = 'backup';
/** A backup's file name: the database kind, the instant (UTC) and the run, e.g. 4d-backup-postgres-20261122T040000Z-r7.dump. */
const FILE_RE = /^4d-backup-(pglite|postgres)-(\d{8}T\d{6}Z)-r\d+\.(dump|tar\.gz)$/;
/** A backup still marked running after this long is taken as dead (its process ended), so another may start. */
const STALE_RUN_MS = 3 * 3600_000;

interface PgliteClient {
  dumpDataDir(compression?: 'auto' | 'gzip' | 'none'): Promise<Blob>;
  transaction<T>(fn: (tx: { exec(q: string): Promise<unknown> }) => Promise<T>): Promise<T>;
}
interface PgPool {
  options: { connectionString?: string };
}

// ---- where a backup may be written (issue 30 line 3) ----

/** The application's install (the repository): its code, its packages, its web build. */
const APP_ROOT = path.resolve(import.meta.dirname, '../../../../..');
/** System folders: refused with everything in them. */
const SYSTEM_TREES = [
  '/bin', '/boot', '/dev', '/etc', '/lib', '/lib32', '/lib64', '/libx32', '/proc', '/root', '/run', '/sbin', '/snap', '/sys', '/usr',
  '/var/cache', '/var/lib/apt', '/var/lib/dpkg', '/var/lib/postgresql', '/var/lock', '/var/log', '/var/mail', '/var/run', '/var/spool', '/var/www',
];
/** Folders shared by everything on the machine: refused themselves, a folder of one's own inside them is fine. */
const SHARED_ROOTS = ['/', '/home', '/media', '/mnt', '/opt', '/srv', '/tmp', '/var', '/var/lib', '/var/tmp'];

/** The folder's real path: symbolic links of its nearest existing ancestor resolved, the rest appended. */
async function realFolder(folder: string): Promise<string> {
  let head = path.resolve(folder);
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(await fs.realpath(head), ...rest.reverse());
    } catch {
      const up = path.dirname(head);
      if (up === head) return path.resolve(folder);
      rest.push(path.basename(head));
      head = up;
    }
  }
}

/** Both spellings of a folder: as named and with its links resolved (/lib is /usr/lib, /var/run is /run). */
const spellings = async (folder: string) => [...new Set([path.resolve(folder), await realFolder(folder)])];

const isWithin = (folder: string, tree: string) => folder === tree || folder.startsWith(tree.endsWith(path.sep) ? tree : tree + path.sep);

/** The folder backups go to when `backupFolder` is empty: beside the data folder, never inside it. */
const defaultFolder = (deps: Deps) => path.join(path.dirname(deps.config.dataDir), 'backups');

/**
 * Why `folder` cannot hold backups, or null. A backup holds every account and password hash: never where
 * the web server serves files, and never where it would mix with the application, its database or the
 * system's own files (prune deletes by name there). 'pattern' for a path that is not absolute;
 * 'folderNotAllowed' for the web build, the application's install (but the default folder beside
 * the data folder), the data folder (and inside it when it is PGlite's: each backup would copy the
 * earlier ones), system folders, and the shared roots themselves (/, /tmp, /var ...). Links are
 * followed first, so a link elsewhere that leads into one of these is refused as well.
 */
export async function backupFolderRefusal(deps: Deps, folder: string): Promise<'pattern' | 'folderNotAllowed' | null> {
  if (!path.isAbsolute(folder)) return 'pattern';
  const real = await realFolder(folder);
  const inTree = async (tree: string) => (await spellings(tree)).some((t) => isWithin(real, t) || isWithin(path.resolve(folder), t));
  const isOne = async (dir: string) => (await spellings(dir)).some((t) => real === t || path.resolve(folder) === t);
  if (await inTree(deps.config.webDist)) return 'folderNotAllowed';
  if (kindOf(deps) === 'pglite' ? await inTree(deps.config.dataDir) : await isOne(deps.config.dataDir)) return 'folderNotAllowed';
  for (const tree of SYSTEM_TREES) if (await inTree(tree)) return 'folderNotAllowed';
  for (const dir of SHARED_ROOTS) if (await isOne(dir)) return 'folderNotAllowed';
  if (await inTree(APP_ROOT)) return (await inTree(defaultFolder(deps))) ? null : 'folderNotAllowed';
  return null;
}

async function readSettings(deps: Deps): Promise<{ folder: string; retentionDays: number; time: string }> {
  const list = await rows<{ key: string; value: string }>(
    deps.db,
    sql`select key, value from system_settings where key in ('backupFolder', 'backupRetentionDays', 'backupTime')`,
  );
  const get = (k: string) => list.find((r) => r.key === k)?.value;
  const folder = get('backupFolder')?.trim() || defaultFolder(deps);
  return { folder, retentionDays: Number(get('backupRetentionDays') ?? 14), time: get('backupTime') ?? '23:30' };
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
const stampTime = (s: string) => Date.parse(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);

/** Runs pg_dump with the password in the environment (never on the command line, where `ps` shows it). */
function pgDump(url: string, file: string): Promise<void> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${file}`, `--dbname=${u.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-2000)));
    child.on('error', (e) => reject(new Error(`pg_dump could not start: ${e.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump exited with ${code}: ${err.trim()}`))));
  });
}

/** Writes the database to `file`: pg_dump, or PGlite's data folder with writes held. */
async function dumpTo(deps: Deps, kind: 'pglite' | 'postgres', file: string): Promise<void> {
  const client = (deps.db as unknown as { $client: unknown }).$client;
  if (kind === 'postgres') {
    // The owner (DATABASE_OWNER_URL) can read every table; the application's role is the fallback.
    const url = deps.config.databaseOwnerUrl ?? (client as PgPool).options.connectionString;
    if (!url) throw new Error('no connection string to give pg_dump');
    await pgDump(url, file);
    return;
  }
  const pglite = client as PgliteClient;
  // PGlite runs one transaction (or statement) at a time: inside our own, no other transaction is open
  // and none can start, so nothing is written while the folder is copied (dumpDataDir takes only the
  // statement lock, which our transaction does not hold between statements). The checkpoint first puts
  // every committed page in the files, so a restore has little WAL to replay.
  const blob = await pglite.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return pglite.dumpDataDir('gzip');
  });
  await fs.writeFile(file, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
}

const kindOf = (deps: Deps): 'pglite' | 'postgres' => databaseKind(deps.db);

/** Deletes backups older than the retention, never the one just written. Returns the names deleted. */
async function prune(folder: string, now: Date, retentionDays: number, keep: string): Promise<string[]> {
  const before = now.getTime() - retentionDays * 86_400_000;
  const gone: string[] = [];
  for (const name of await fs.readdir(folder)) {
    const m = FILE_RE.exec(name);
    if (!m || name === keep || stampTime(m[2]) >= before) continue;
    await fs.rm(path.join(folder, name), { force: true });
    gone.push(name);
  }
  return gone.sort();
}

/** A backup runs alone: one still running (and not stale) refuses another. */
async function assertNoneRunning(deps: Deps) {
  const since = new Date(deps.clock.now().getTime() - STALE_RUN_MS).toISOString();
  const [r] = await rows<{ n: number }>(
    deps.db,
    sql`select count(*)::int as n from admin_job_runs where job = ${BACKUP_JOB} and status = 'running' and started_at > ${since}::timestamptz`,
  );
  if (r.n > 0) throw refused('BACKUP_RUNNING');
}

/**
 * Opens a backup run and returns its id and the work (which never throws: a failure is the run's last
 * stage). The caller awaits the work or leaves it running.
 */
export async function startBackup(deps: Deps, trigger: 'manual' | 'schedule', byUserId: number | null): Promise<{ id: number; work: Promise<void> }> {
  await assertNoneRunning(deps);
  const id = await openRun(deps, BACKUP_JOB, trigger, byUserId);
  const work = (async () => {
    const kind = kindOf(deps);
    let tmp: string | null = null;
    try {
      const s = await readSettings(deps);
      // A value stored before the rules, or a default the data folder's place makes wrong: never written.
      if (await backupFolderRefusal(deps, s.folder)) {
        throw new Error(`backupFolder ${s.folder} cannot hold backups (the web build, the application, its data or a system folder): name another in System Setting`);
      }
      await addStep(deps, id, say('backupStarted', { database: kind === 'postgres' ? 'PostgreSQL' : 'PGlite', folder: s.folder }), 'started');
      // A backup holds every account and password hash: only the server's own user may read it. A folder
      // the operator made is left as it is (it may be shared); each file is private anyway.
      await fs.mkdir(s.folder, { recursive: true, mode: 0o700 });
      const name = `4d-backup-${kind}-${stamp(deps.clock.now())}-r${id}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`;
      const file = path.join(s.folder, name);
      tmp = `${file}.part`;
      await addStep(deps, id, say(kind === 'postgres' ? 'backupDumpingPostgres' : 'backupDumpingPglite'), 'dumping');
      await dumpTo(deps, kind, tmp);
      // pg_dump writes with the umask's mode: made private before it takes its final name.
      await fs.chmod(tmp, 0o600);
      await fs.rename(tmp, file);
      tmp = null;
      const { size } = await fs.stat(file);
      await addStep(deps, id, say('backupWritten', { name, size }), 'written');
      const gone = await prune(s.folder, deps.clock.now(), s.retentionDays, name);
      const days = s.retentionDays;
      await addStep(deps, id, gone.length ? say('backupPruned', { count: gone.length, days, names: gone.join(', ') }) : say('backupPrunedNone', { days }), 'pruned');
      await closeRun(deps, id, 'done', say('backupDone', { name, size }), { file, name, sizeBytes: size, pruned: gone });
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      if (tmp) await fs.rm(tmp, { force: true }).catch(() => undefined);
      await addStep(deps, id, reason, 'failed').catch(() => undefined);
      await closeRun(deps, id, 'failed', reason, { reason }).catch(() => undefined);
    }
  })();
  return { id, work };
}

/** The backups' stages (Report/GetBackupStage): the newest runs, each with its current stage. */
export async function backupStages(deps: Deps) {
  const list = await listRunRows(deps, BACKUP_JOB);
  return list.map((r) => {
    const d = (r.detail ?? {}) as { name?: string; sizeBytes?: number; pruned?: string[]; reason?: string };
    return {
      id: r.id,
      trigger: r.trigger,
      by: r.by,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
      status: r.status,
      stage: r.steps.at(-1)?.stage ?? 'started',
      file: d.name ?? null,
      sizeBytes: d.sizeBytes ?? null,
      pruned: d.pruned?.length ?? null,
      reason: r.status === 'failed' ? (d.reason ?? r.summary) : null,
      steps: r.steps.map((s) => ({ at: s.at, stage: s.stage ?? '', text: s.text, ...(s.key ? { key: s.key, params: s.params ?? {} } : {}) })),
    };
  });
}

/**
 * The daily backup of business date D: once every draw of D is settled (distributed), else at backupTime
 * (a day without draws, or a result that did not come); once per date across processes (job_runs).
 */
export async function runScheduledBackup(deps: Deps): Promise<number | null> {
  const now = deps.clock.now();
  const tz = deps.config.tzBusiness;
  const date = businessDateOf(now, tz);
  const done = await rows<{ job: string }>(deps.db, sql`select job from job_runs where job = ${BACKUP_JOB} and period = ${date}`);
  if (done.length) return null;
  const s = await readSettings(deps);
  const [h, m] = s.time.split(':').map(Number);
  const [d] = await rows<{ draws: number; open: number }>(
    deps.db,
    sql`select count(*)::int as draws, count(*) filter (where s.distributed_at is null)::int as open
        from draws d left join draw_settlements s on s.draw_id = d.id
        where d.draw_date = ${date}::date and d.record_status = 1`,
  );
  const settled = d.draws > 0 && d.open === 0;
  if (!settled && businessMinuteOfDay(now, tz) < h * 60 + m) return null;
  const claimed = await rows<{ job: string }>(
    deps.db,
    sql`insert into job_runs (job, period, claimed_at) values (${BACKUP_JOB}, ${date}, ${now.toISOString()}::timestamptz) on conflict do nothing returning job`,
  );
  if (!claimed.length) return null;
  let started: Awaited<ReturnType<typeof startBackup>>;
  try {
    started = await startBackup(deps, 'schedule', null);
  } catch (e) {
    // Refused (a backup already running): the day is not done, so the claim is released and a later
    // minute tries again instead of skipping the day.
    await deps.db.execute(sql`delete from job_runs where job = ${BACKUP_JOB} and period = ${date}`);
    throw e;
  }
  const { id, work } = started;
  await work;
  return id;
}
