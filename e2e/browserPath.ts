// Where Playwright finds Chromium: Debian's package, or CHROMIUM_PATH. Read by playwright.config.ts and by
// scripts/e2eBrowser.ts, which provides the browser before the tests start.
export const defaultChromiumPath = '/usr/bin/chromium';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || defaultChromiumPath;
}
