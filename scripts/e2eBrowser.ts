// Run before Playwright (npm test, npm run test:e2e): the browser tests need Debian's Chromium (the project
// never downloads Playwright's browsers) and a Chinese font (without one Chinese renders as boxes). When
// either is missing: as root, install them with apt-get; otherwise print exactly what to run and fail, so
// Playwright never starts only to report a missing executable.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromiumPath, defaultChromiumPath } from '../e2e/browserPath';

export interface Machine {
  chromium: string;
  hasChromium: boolean;
  hasChineseFont: boolean;
  isRoot: boolean;
  hasApt: boolean;
}

export type Plan =
  | { kind: 'ready' }
  | { kind: 'install'; packages: string[]; commands: string[][] }
  | { kind: 'tell'; message: string };

const chromiumPackage = 'chromium-headless-shell';
const fontPackage = 'fonts-wqy-microhei';

export function plan(m: Machine): Plan {
  if (m.hasChromium && m.hasChineseFont) return { kind: 'ready' };
  if (!m.hasChromium && m.chromium !== defaultChromiumPath) {
    // Installing Debian's package would not create a browser where CHROMIUM_PATH points.
    return { kind: 'tell', message: `CHROMIUM_PATH is ${m.chromium}, which is not an executable file.` };
  }
  const packages = [...(m.hasChromium ? [] : [chromiumPackage]), ...(m.hasChineseFont ? [] : [fontPackage])];
  if (!m.hasApt) {
    return {
      kind: 'tell',
      message:
        `The browser tests need Chromium at ${defaultChromiumPath} (or CHROMIUM_PATH set to it) and a Chinese font ` +
        '(WenQuanYi Micro Hei). This machine has no apt-get: install them with its package manager.',
    };
  }
  const commands = [
    ['apt-get', 'update'],
    ['apt-get', 'install', '-y', ...packages],
  ];
  if (m.isRoot) return { kind: 'install', packages, commands };
  const line = commands.map((c) => `sudo DEBIAN_FRONTEND=noninteractive ${c.join(' ')}`).join(' && ');
  return {
    kind: 'tell',
    message: `The browser tests need ${packages.join(' and ')}. Run:\n\n  ${line}\n\nthen run the tests again.`,
  };
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasChineseFont(): boolean {
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false; // no fontconfig: no font it could find either
  }
}

function commandExists(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

export function probe(): Machine {
  const chromium = chromiumPath();
  return {
    chromium,
    hasChromium: isExecutable(chromium),
    hasChineseFont: hasChineseFont(),
    isRoot: process.getuid?.() === 0,
    hasApt: commandExists('apt-get'),
  };
}

function main(): number {
  const first = plan(probe());
  if (first.kind === 'ready') return 0;
  if (first.kind === 'tell') {
    console.error(`e2e: ${first.message}`);
    return 1;
  }
  console.log(`e2e: installing ${first.packages.join(' ')} for the browser tests`);
  for (const [cmd, ...args] of first.commands) {
    const run = spawnSync(cmd, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (run.status !== 0) {
      console.error(`e2e: '${[cmd, ...args].join(' ')}' failed (exit ${run.status ?? run.signal})`);
      return 1;
    }
  }
  const after = plan(probe());
  if (after.kind === 'ready') return 0;
  console.error(`e2e: still missing after apt-get: ${after.kind === 'install' ? after.packages.join(' ') : after.message}`);
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(main());
