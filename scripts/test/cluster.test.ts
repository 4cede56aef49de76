// The local cluster's pieces that can be checked without starting it (decision 0051): the app processes
// start as deploy/4d-backoffice.service says, extra settings parse, and HAProxy accepts deploy/haproxy.cfg
// with the values the cluster gives it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appEnv, extraAppEnv, readUnit } from '../cluster/apps';
import { configFile, haproxyEnv } from '../cluster/haproxy';
import { repoRoot } from '../cluster/layout';

describe('the local cluster', () => {
  it('starts an app process with the systemd unit\'s command, folder and settings', () => {
    const unit = readUnit();
    expect(unit.execStart).toEqual(['/usr/bin/node', '--import', 'tsx', 'src/main.ts']);
    expect(fs.existsSync(path.join(repoRoot, unit.workingDirectory, 'src/main.ts'))).toBe(true);
    expect(unit.environment).toMatchObject({ HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1' });
  });

  it('lets only the first app process migrate, through HAProxy\'s writable port', () => {
    const first = appEnv(1, { demo: true });
    const second = appEnv(2, { demo: false });
    expect(first.DATABASE_OWNER_URL).toBe('postgres://backoffice_owner@127.0.0.1:5440/backoffice');
    expect(second.DATABASE_OWNER_URL).toBeUndefined();
    expect(second.DATABASE_URL).toBe('postgres://backoffice_app@127.0.0.1:5440/backoffice');
    expect([first.DEMO, second.DEMO, second.PORT]).toEqual(['1', '0', '3102']);
  });

  it('reads CLUSTER_APP_ENV as NAME=value pairs and refuses anything else', () => {
    expect(extraAppEnv(' REPORT_CONCURRENCY=2  LOG_REQUESTS=0 ')).toEqual({ REPORT_CONCURRENCY: '2', LOG_REQUESTS: '0' });
    expect(extraAppEnv('')).toEqual({});
    expect(() => extraAppEnv('REPORT_CONCURRENCY')).toThrow(/not NAME=value/);
  });

  it.skipIf(spawnSync('sh', ['-c', 'command -v haproxy']).status !== 0)('has a configuration HAProxy accepts, every value given', () => {
    const r = spawnSync('haproxy', ['-c', '-f', configFile], { env: haproxyEnv(), encoding: 'utf8' });
    expect(r.stderr + r.stdout).not.toMatch(/ALERT|WARNING/);
    expect(r.status).toBe(0);
    // Without the values, it is refused: the cluster's environment is what makes it whole.
    expect(spawnSync('haproxy', ['-c', '-f', configFile], { env: { PATH: process.env.PATH }, encoding: 'utf8' }).status).not.toBe(0);
  });
});
