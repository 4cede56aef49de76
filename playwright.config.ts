import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath } from './e2e/browserPath';

// The real server on a fresh embedded database with the demo hierarchy, serving the built web app.
// A port of its own per run (workers inherit the environment), so two runs on one machine never collide.
// Drawn from 20000-29999: Chromium refuses some lower ports as unsafe (5060/5061, 6000, 6665-6669, ...),
// and this range has none of them and sits below Linux's ephemeral ports.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 10000));
const port = Number(process.env.E2E_PORT);
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `fourd-e2e-${Date.now()}-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;
// The business time zone of the run: one where it is about 10:00 now. The draw-day setup needs draws of
// today still open (the pools close at 19:00), and on a draw day (Wednesday, Saturday, Sunday) every pool
// has one, so in Malaysia's zone a run after 19:00 found none open. The product takes any zone
// (TZ_BUSINESS); the specs read it from the server (GetDrawClock's timeZone). Whole hours within +-12 keep
// the business date the UTC date.
process.env.E2E_TZ_BUSINESS ??= ((offset: number) => (offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`))(
  Math.max(-12, Math.min(12, 10 - new Date().getUTCHours())),
);

export default defineConfig({
  testDir: 'e2e',
  // Generous: CI shares a 2-core machine with the API suites, where a long flow has taken 2.5 times its
  // quiet time (the pool schedule flow went past 150 s at load 8); a timeout only ends a test that hangs.
  timeout: 240_000,
  expect: { timeout: 10_000 },
  // One more try for a test that fails: on a loaded 2-core CI machine a wait can run out where nothing is
  // wrong, and the report names such a test "flaky" (a serial spec's group is tried again from its start).
  retries: 1,
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  // The draw-day setup opens today's closing draws of the seamless, settlement and stakeholder specs and
  // places their bets before every spec, so their cutoffs have passed when they run (e2e/drawDay.ts).
  projects: [
    { name: 'draw-day', testMatch: /drawDay\.setup\.ts$/ },
    { name: 'e2e', testMatch: /\.spec\.ts$/, dependencies: ['draw-day'] },
  ],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1920, height: 1080 },
    // The specs take the screenshots a person looks at (support.ts shot); Playwright's own only of a failure.
    screenshot: 'only-on-failure',
    // As a user who asked for reduced motion: the app then animates no dialog or menu, so a click never
    // meets a dialog still zooming in (CI lost such clicks under load).
    reducedMotion: 'reduce',
    // Recorded only when a failed test is tried again: recording every test (DOM snapshots and a screencast of
    // each action) took a third of the browser tests' time on a 2-core machine (foundation and accounts specs:
    // 3.2 min with, 2.2 without).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    url: `http://127.0.0.1:${port}/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'Admin12345',
      TZ_BUSINESS: process.env.E2E_TZ_BUSINESS,
      DEMO: '1',
      DEMO_HISTORY: '0',
      DEMO_PASSWORD: 'Demo12345',
      // Remote agents' secrets are sealed with it (posting.spec lays off to this same server).
      REMOTE_AGENT_KEY: 'e2e-remote-agent-key-not-secret',
      // The seamless spec's settlement receiver listens on 127.0.0.1, which a company may not name otherwise
      // (decision 0025: no internal callback addresses).
      CALLBACK_ALLOW_PRIVATE: '1',
    },
  },
});
