import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { plan, type Machine } from '../e2eBrowser';

const fresh: Machine = {
  chromium: '/usr/bin/chromium-headless-shell',
  hasChromium: false,
  hasChineseFont: false,
  isRoot: true,
  hasApt: true,
};

describe('providing the browser tests their Chromium and Chinese font', () => {
  it('does nothing when both are there', () => {
    expect(plan({ ...fresh, hasChromium: true, hasChineseFont: true })).toEqual({ kind: 'ready' });
  });

  it('as root on a fresh Debian machine installs both with apt-get, after updating its lists', () => {
    expect(plan(fresh)).toEqual({
      kind: 'install',
      packages: ['chromium-headless-shell', 'fonts-wqy-microhei'],
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'chromium-headless-shell', 'fonts-wqy-microhei'],
      ],
    });
  });

  it('installs only what is missing', () => {
    const p = plan({ ...fresh, hasChromium: true });
    expect(p.kind === 'install' && p.packages).toEqual(['fonts-wqy-microhei']);
  });

  it('as another user prints exactly the command to run', () => {
    const p = plan({ ...fresh, isRoot: false });
    expect(p.kind).toBe('tell');
    expect(p.kind === 'tell' && p.message).toContain(
      'sudo DEBIAN_FRONTEND=noninteractive apt-get update && ' +
        'sudo DEBIAN_FRONTEND=noninteractive apt-get install -y chromium-headless-shell fonts-wqy-microhei',
    );
  });

  it('does not install Debian Chromium for a CHROMIUM_PATH that points elsewhere', () => {
    const p = plan({ ...fresh, chromium: '/opt/chrome/chrome', hasChineseFont: true });
    expect(p.kind === 'tell' && p.message).toContain('CHROMIUM_PATH is /opt/chrome/chrome');
  });

  it('without apt-get says what is needed', () => {
    const p = plan({ ...fresh, hasApt: false });
    expect(p.kind === 'tell' && p.message).toContain('Chinese font');
  });

  it('the script run with a missing browser fails before anything starts, naming it', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/e2eBrowser.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('CHROMIUM_PATH is /nonexistent/chromium');
  });
});
