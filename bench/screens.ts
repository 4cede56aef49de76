// npm run bench:screens (issue 28 line 10): how long each screen of the demo takes to show its content, in
// Chromium, on PostgreSQL (DATABASE_URL; PGlite in a temp folder without it). Not a test, not in CI. In
// Debian's full browser, as users run it (`apt-get install chromium`; the tests use the headless shell,
// decision 0057), or CHROMIUM_PATH.
//
// The real server (apps/server/src/main.ts, DEMO=1 with the demo history) is started as its own process on
// a new database (dropped at the end) and the web app built into a temp folder (or WEB_DIST). Then:
// - the login form after the fresh start: a browser with an empty cache opens /login, until the username
//   field shows; then FRESH more times, each with an empty cache; the bytes /login loads (as sent, and
//   decoded);
// - every demo role logs in (1366x768) and opens every screen of its left menu (read from the menu's
//   `data-path`), ROUNDS times, as the menu does (the app's router, no reload), and Edit Fight Limit as the
//   account dropdown opens it (a popup window loading the app, until its grid shows). A screen is shown when its
//   content area ([data-testid=content]) holds no antd skeleton or spinning Spin, and no API call or screen
//   file is in flight; the time is from the navigation to the first moment that holds, once it has held
//   for QUIET ms (a later request or spinner starts the wait again). The first round loads each screen's
//   file, as a user's first visit does; the later rounds have it cached.
// Prints each screen's median and p95 (over its rounds and roles), the overall p95 over every visit, and
// the slowest visits.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:screens
//   ROUNDS=3 FRESH=5 QUIET=300 WEB_DIST=/tmp/dist ROLES=admin,demoagent ONLY=/help SERVER_LOG=/tmp/s.log ROUTES_FILE=/tmp/routes.json
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Browser, type Page } from '@playwright/test';
import { machine } from './support';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const FRESH = Number(process.env.FRESH ?? 5);
const QUIET = Number(process.env.QUIET ?? 300);
const TIMEOUT = 20_000;
const ADMIN_PASSWORD = 'Admin12345';
const DEMO_PASSWORD = 'Demo12345';
const ALL_ROLES = ['admin', 'demoit', 'democo', 'demoagent', 'demoplayer', 'democostaff'];
const ROLES = (process.env.ROLES ?? ALL_ROLES.join(',')).split(',').filter(Boolean);
const ONLY = process.env.ONLY ? process.env.ONLY.split(',') : null;
const ROUTES_FILE = process.env.ROUTES_FILE;
const VIEWPORT = { width: 1366, height: 768 };
/** Edit Fight Limit, a popup of the account dropdown (not in the left menu). */
const FIGHT_LIMIT_POPUP = 'fight limit popup';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
const fmt = (ms: number) => `${Math.round(ms)}`.padStart(6);

/** A new database on the PostgreSQL server of DATABASE_URL (dropped by `drop`), or none (PGlite). */
async function freshDatabase() {
  if (!process.env.DATABASE_URL) return { url: undefined, drop: async () => {} };
  const name = `bench_screens_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function buildWeb(): string {
  if (process.env.WEB_DIST) return path.resolve(process.env.WEB_DIST);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'fourd-bench-web-'));
  const r = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], { cwd: path.join(ROOT, 'apps/web'), stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
  return out;
}

/** Starts main.ts as a process of its own, the demo seeded on start; resolves once it listens. */
async function startServer(databaseUrl: string | undefined, webDist: string, dataDir: string) {
  const port = 20000 + Math.floor(Math.random() * 10000);
  const env: NodeJS.ProcessEnv = { ...process.env, DEMO: '1', PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD, WEB_DIST: webDist, DATABASE_URL: databaseUrl };
  if (!databaseUrl) delete env.DATABASE_URL;
  const started = Date.now();
  // node itself (tsx as its loader, as `npm start` runs it), so that SIGTERM reaches the server's own handler.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      log += d.toString();
      if (log.includes('running at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => void (log += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${log.slice(-3000)}`)));
  });
  // SERVER_LOG=<file>: the server's log (each request with its responseTime) kept there, to see which call
  // a slow screen waited for.
  if (process.env.SERVER_LOG) {
    const out = fs.createWriteStream(process.env.SERVER_LOG);
    child.stdout!.pipe(out);
    child.stderr!.pipe(out);
  } else {
    child.stdout!.resume();
    child.stderr!.resume();
  }
  return { base: `http://127.0.0.1:${port}`, child, startMs: Date.now() - started };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
}

/**
 * The login form with an empty cache: ms until the username field shows, and the bytes /login loaded by
 * then (`critical`) and once the network is idle (`total`: with what is fetched in the background).
 */
async function loginForm(browser: Browser, base: string) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const responses: Promise<{ at: number; sent: number; decoded: number; js: boolean }>[] = [];
  page.on('requestfinished', (request) => {
    const at = Date.now();
    responses.push(
      (async () => {
        const res = await request.response();
        const sizes = await request.sizes();
        const body = res ? await res.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
        return { at, sent: sizes.responseBodySize, decoded: body.length, js: request.resourceType() === 'script' };
      })(),
    );
  });
  const t0 = Date.now();
  await page.goto(`${base}/login`);
  await page.getByTestId('login-username').waitFor({ state: 'visible', timeout: 60_000 });
  const shown = Date.now();
  const ms = shown - t0;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2_500);
  const all = await Promise.all(responses);
  await context.close();
  const sum = (xs: typeof all) => ({ files: xs.length, ...xs.reduce((a, r) => ({ sent: a.sent + r.sent, decoded: a.decoded + r.decoded }), { sent: 0, decoded: 0 }) });
  const js = all.filter((r) => r.js);
  return { ms, critical: sum(js.filter((r) => r.at <= shown)), total: sum(js) };
}

/** Counts the page's API calls and screen files in flight (those it saw start: a popup's own document is not). */
function inFlightCounter(page: Page) {
  const open = new Set<object>();
  const counted = (r: { resourceType(): string }) => ['fetch', 'xhr', 'script', 'stylesheet'].includes(r.resourceType());
  page.on('request', (r) => void (counted(r) && open.add(r)));
  page.on('requestfinished', (r) => void open.delete(r));
  page.on('requestfailed', (r) => void open.delete(r));
  return {
    get n() {
      return open.size;
    },
  };
}

const contentBusy = () => {
  const content = document.querySelector('[data-testid=content]');
  return !content || !!content.querySelector('.ant-skeleton, .ant-spin-spinning');
};

/** Opens a route as the menu does and times it until its content is shown (see the header). */
async function timeScreen(page: Page, inFlight: { n: number }, route: string): Promise<number> {
  const t0 = Date.now();
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  let readySince: number | null = null;
  while (Date.now() - t0 < TIMEOUT) {
    const ready = inFlight.n === 0 && !(await page.evaluate(contentBusy));
    const now = Date.now();
    if (!ready || inFlight.n > 0) readySince = null;
    else if (readySince === null) readySince = now;
    else if (now - readySince >= QUIET) return readySince - t0;
    await new Promise((r) => setTimeout(r, 15));
  }
  return TIMEOUT;
}

/**
 * Edit Fight Limit as the account dropdown opens it: a popup window loading the whole app (its files
 * cached), timed from the click until the popup's content is shown; null when the viewer has no such item.
 */
async function timeFightLimitPopup(page: Page): Promise<number | null> {
  await page.getByTestId('account-dropdown').click({ timeout: 10_000 });
  const item = page.getByTestId('account-fight-limit');
  // isVisible does not wait: the dropdown's items appear after its opening animation.
  if (!(await item.waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false))) {
    await page.keyboard.press('Escape');
    return null;
  }
  const t0 = Date.now();
  const [popup] = await Promise.all([page.context().waitForEvent('page'), item.click()]);
  const inFlight = inFlightCounter(popup);
  let readySince: number | null = null;
  while (Date.now() - t0 < TIMEOUT) {
    const ready = inFlight.n === 0 && !(await popup.evaluate(contentBusy).catch(() => true)) && (await popup.getByTestId('fight-limit-grid').count()) > 0;
    const now = Date.now();
    if (!ready) readySince = null;
    else if (readySince === null) readySince = now;
    else if (now - readySince >= QUIET) break;
    await new Promise((r) => setTimeout(r, 15));
  }
  await popup.close();
  return readySince === null ? TIMEOUT : readySince - t0;
}

async function login(page: Page, base: string, username: string) {
  await page.goto(`${base}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/(terms-and-conditions|dashboard)$/);
  if (page.url().endsWith('/terms-and-conditions')) {
    await page.getByTestId('tnc-agree').click();
    await page.waitForURL(/\/dashboard$/);
  }
}

/** The paths of the viewer's left menu, every group opened (read at 1920 pixels, where the menu is open beside the content). */
async function menuPaths(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const menu = page.getByTestId('menu');
  await menu.waitFor({ state: 'visible' });
  const found = new Set<string>();
  const read = async () => {
    for (const p of await menu.locator('[data-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-path') ?? ''))) if (p) found.add(p);
  };
  await read();
  const titles = menu.locator('.ant-menu-submenu > .ant-menu-submenu-title');
  const groups = await titles.count();
  for (let i = 0; i < groups; i++) {
    const group = menu.locator('.ant-menu-submenu').nth(i);
    if (!(await group.getAttribute('class'))?.includes('ant-menu-submenu-open')) await titles.nth(i).click();
    await group.locator('[data-path]').first().waitFor({ state: 'attached', timeout: 5_000 }).catch(() => undefined);
    await read();
  }
  await page.setViewportSize(VIEWPORT);
  return [...found];
}

const webDist = buildWeb();
const db = await freshDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fourd-bench-screens-'));
let server: Awaited<ReturnType<typeof startServer>> | null = null;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
// Ctrl-C closes the browser: the waits below fail, and the finally still stops the server and drops the database.
process.once('SIGINT', () => void browser.close());
try {
  server = await startServer(db.url, webDist, dataDir);
  console.log(`${machine(db.url ? 'PostgreSQL' : 'PGlite')}; server started (demo seeded) in ${server.startMs} ms; ${ROUNDS} round(s), quiet ${QUIET} ms`);

  const first = await loginForm(browser, server.base);
  const fresh = [];
  for (let i = 0; i < FRESH; i++) fresh.push(await loginForm(browser, server.base));
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`\nlogin form, empty cache: first after the start ${first.ms} ms; then ${fresh.map((f) => f.ms).join(', ')} ms (median ${quantile(fresh.map((f) => f.ms), 0.5)})`);
  const js = (b: typeof first.total) => `${b.files} files, ${kb(b.sent)} sent (${kb(b.decoded)} decoded)`;
  console.log(`/login JavaScript until the form shows: ${js(first.critical)}; by network idle: ${js(first.total)}`);

  const visits: { role: string; route: string; round: number; ms: number }[] = [];
  for (const role of ROLES) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    const inFlight = inFlightCounter(page);
    await login(page, server.base, role);
    await timeScreen(page, inFlight, '/dashboard');
    // ROUTES_FILE: each role's menu paths are written there, or read from it when it names the role (to
    // time an older build whose menu had no `data-path`, on the same screens).
    const saved = ROUTES_FILE && fs.existsSync(ROUTES_FILE) ? (JSON.parse(fs.readFileSync(ROUTES_FILE, 'utf8')) as Record<string, string[]>) : {};
    if (!saved[role]) {
      saved[role] = await menuPaths(page);
      if (ROUTES_FILE) fs.writeFileSync(ROUTES_FILE, JSON.stringify(saved, null, 1));
    }
    const routes = saved[role].filter((r) => !ONLY || ONLY.includes(r));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const route of routes) visits.push({ role, route, round, ms: await timeScreen(page, inFlight, route) });
      if (!ONLY || ONLY.includes(FIGHT_LIMIT_POPUP)) {
        // From Home, no dialog of the last screen (the run map's secondary password) in front of the dropdown.
        await timeScreen(page, inFlight, '/dashboard');
        await page.keyboard.press('Escape');
        const ms = await timeFightLimitPopup(page).catch((e: Error) => {
          console.log(`${role}: fight limit popup not timed (${e.message.split('\n')[0]})`);
          return null;
        });
        if (ms !== null) visits.push({ role, route: FIGHT_LIMIT_POPUP, round, ms });
      }
    }
    console.log(`${role}: ${routes.length} screens x ${ROUNDS}`);
    await context.close();
  }

  const byRoute = new Map<string, number[]>();
  for (const v of visits) byRoute.set(v.route, [...(byRoute.get(v.route) ?? []), v.ms]);
  const rows = [...byRoute].map(([route, ms]) => ({ route, n: ms.length, median: quantile(ms, 0.5), p95: quantile(ms, 0.95), max: Math.max(...ms) }));
  rows.sort((a, b) => b.p95 - a.p95);
  console.log(`\n| screen | visits | median ms | p95 ms | max ms |\n|---|---:|---:|---:|---:|`);
  for (const r of rows) console.log(`| ${r.route} | ${r.n} | ${r.median} | ${r.p95} | ${r.max} |`);
  const all = visits.map((v) => v.ms);
  console.log(`\nevery visit (${all.length}): median ${quantile(all, 0.5)} ms, p95 ${quantile(all, 0.95)} ms, max ${Math.max(...all)} ms`);
  const later = visits.filter((v) => v.round > 1).map((v) => v.ms);
  if (later.length) console.log(`rounds 2+ (screen files cached, ${later.length}): median ${quantile(later, 0.5)} ms, p95 ${quantile(later, 0.95)} ms`);
  console.log('slowest visits:');
  for (const v of [...visits].sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${fmt(v.ms)} ms  ${v.role} ${v.route} (round ${v.round})`);
} finally {
  await browser.close();
  if (server) await stopServer(server.child);
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.WEB_DIST) fs.rmSync(webDist, { recursive: true, force: true });
}
