import { defineConfig } from 'vitest/config';

// One runner for every unit and API suite; browser flows live in e2e/ under Playwright.
export default defineConfig({
  test: {
    projects: [
      // Time-outs are generous: in CI the suites run niced beside the browser tests on two cores (scripts/test.sh),
      // where a property test or a form render has taken several times its time alone.
      { test: { name: 'domain', include: ['packages/*/test/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      // Checks of the repository itself: its documents, its installed packages.
      { test: { name: 'repo', include: ['scripts/test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          // One migrated, seeded database per run that every test app copies.
          globalSetup: ['apps/server/test/support/globalSetup.ts'],
          // A worker imports the server's modules once for all its files: each file builds its own app and
          // database (test/support), and a module's state is only caches keyed by them. Isolated, each file
          // imported them again: 30 files took 197 s, 40 of them importing; shared, 118 s and 5.
          isolate: false,
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
