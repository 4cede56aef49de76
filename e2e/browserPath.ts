// Where Playwright finds Chromium: Debian's package, or CHROMIUM_PATH. Read by playwright.config.ts and by
// scripts/e2eBrowser.ts, which provides the browser before the tests start. Debian's headless shell: the same
// Blink as the full browser without its window layer, and what Playwright itself runs headless. Measured on
// two specs (foundation, statements): the browser's processes took 40 s of CPU against 65 s for the full
// browser in its headless mode, and the run 64 s against 72 s; on a 2-core CI machine the browser tests
// share with the API suites, that CPU is the run's length.
export const defaultChromiumPath = '/usr/bin/chromium-headless-shell';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || defaultChromiumPath;
}
