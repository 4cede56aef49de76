// Issue 30 line 3: the web app serves the files of its build and nothing else. A file put into the web
// folder after the server started (a backup written there, anything) is not served: it answers as any
// unknown path does. A backup's name is never served, even when it lay there at start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let webDist: string;
const script = `export const x = [${Array.from({ length: 300 }, (_, i) => i).join(', ')}];\n`;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-files-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(webDist, 'assets/app-AbC123.js'), script);
  fs.writeFileSync(path.join(webDist, 'assets/app-AbC123.js.br'), zlib.brotliCompressSync(script));
  // Lying there before the start: still never served by its name.
  fs.writeFileSync(path.join(webDist, '4d-backup-pglite-20261122T040000Z-r1.tar.gz'), 'the whole database');
  fs.writeFileSync(path.join(webDist, '4d-backup-postgres-20261122T040000Z-r2.dump.part'), 'half a database');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const call = (method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}) => t.app.inject({ method, url, headers });

describe('the web build is served, nothing else', () => {
  it('the build files answer GET and HEAD, precompressed, with their caching', async () => {
    const res = await call('GET', '/assets/app-AbC123.js', { 'accept-encoding': 'br' });
    expect([res.statusCode, res.headers['content-encoding'], res.headers['cache-control']]).toEqual([200, 'br', 'public, max-age=31536000, immutable']);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    const head = await call('HEAD', '/assets/app-AbC123.js');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const url of ['/', '/index.html', '/login', '/order/ticket-history']) {
      const page = await call('GET', url);
      expect([page.statusCode, page.headers['cache-control']], url).toEqual([200, 'no-cache']);
      expect(page.body, url).toContain('<title>app</title>');
    }
  });

  it('a file written into the web folder after the start is the 404 envelope of any unknown path, for GET and HEAD', async () => {
    const unknown = await call('GET', '/no-such-file.dump');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: 'NO_RECORD_FOUND' });
    const late = ['4d-backup-postgres-20261123T040000Z-r3.dump', 'assets/4d-backup-postgres-20261123T040000Z-r4.dump', 'assets/late-XyZ.js', 'notes.txt'];
    for (const name of late) fs.writeFileSync(path.join(webDist, name), 'written after the start');
    for (const name of late) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await call(method, `/${name}`, { 'accept-encoding': 'br, gzip' });
        expect(res.statusCode, `${method} ${name}`).toBe(404);
        if (method === 'GET') expect(res.json(), name).toEqual(unknown.json());
      }
    }
  });

  it('a backup lying in the folder at start is not served either', async () => {
    for (const name of ['4d-backup-pglite-20261122T040000Z-r1.tar.gz', '4d-backup-postgres-20261122T040000Z-r2.dump.part']) {
      const res = await call('GET', `/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.body).not.toContain('database');
    }
  });
});
