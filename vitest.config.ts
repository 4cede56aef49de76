import { defineConfig } from 'vitest/config';

// One runner for every unit and API suite; browser flows live in e2e/ under Playwright.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/*/test/**/*.test.ts'], environment: 'node' } },
      // Checks of the repository itself: its documents, its installed packages.
      { test: { name: 'repo', include: ['scripts/test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
