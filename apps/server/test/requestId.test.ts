// A request id on every answer (X-Request-Id) and every log line of its request (reqId), and the request
// log as configured (issue 30 lines 2 and 6, decision 0050): LOG_LEVEL, LOG_REQUESTS. A sane incoming
// X-Request-Id (a proxy's) is kept, anything else replaced by a new UUID.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { createTestApp, type TestApp } from './support/testApp';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A probe: one warning per request, as a module's request.log.warn would write. */
const probe = (app: TestApp['app']) =>
  app.addHook('onRequest', async (request) => {
    request.log.warn('probe warning');
  });

let t: TestApp;
const log: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (l) => void log.push(l) }, instrument: probe });
});
afterAll(async () => t?.close());

const linesOf = (id: string) => log.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; level: number }).filter((l) => l.reqId === id);

describe('the request id', () => {
  it('is a new UUID on every answer, and every log line of the request carries it', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/health/live' });
    const b = await t.app.inject({ method: 'GET', url: '/health/ready' });
    const idA = String(a.headers['x-request-id']);
    const idB = String(b.headers['x-request-id']);
    expect(idA).toMatch(UUID);
    expect(idB).toMatch(UUID);
    expect(idA).not.toBe(idB);
    // The request's lines (LOG_REQUESTS unset and a log that is no terminal: on) and the probe's.
    expect(linesOf(idB).map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'probe warning', 'request completed']));
  });

  it('keeps a sane X-Request-Id a proxy sent', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': 'haproxy-7F3A.01_x' } });
    expect(res.headers['x-request-id']).toBe('haproxy-7F3A.01_x');
    expect(linesOf('haproxy-7F3A.01_x').length).toBeGreaterThan(0);
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['spaces and quotes', 'x" y'],
    ['a line break', 'a\nb'],
    ['empty', ''],
  ])('replaces an incoming id that is not sane (%s) by a new UUID', async (_name, given) => {
    const res = await t.app.inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': given } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

describe('the request log as configured', () => {
  it('LOG_REQUESTS=0: no line per request, warnings still written with their request id', async () => {
    const lines: string[] = [];
    const quiet = await createTestApp({ logStream: { write: (l) => void lines.push(l) }, instrument: probe, config: { logRequests: false } });
    try {
      const res = await quiet.app.inject({ method: 'GET', url: '/health/live' });
      const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
      expect(parsed.map((l) => l.msg)).not.toContain('incoming request');
      expect(parsed.map((l) => l.msg)).not.toContain('request completed');
      expect(parsed).toContainEqual(expect.objectContaining({ msg: 'probe warning', reqId: res.headers['x-request-id'] }));
    } finally {
      await quiet.close();
    }
  });

  it('LOG_LEVEL=error: warnings and request lines are not written', async () => {
    const lines: string[] = [];
    const errorsOnly = await createTestApp({ logStream: { write: (l) => void lines.push(l) }, instrument: probe, config: { logLevel: 'error', logRequests: true } });
    try {
      await errorsOnly.app.inject({ method: 'GET', url: '/health/live' });
      expect(lines).toEqual([]);
    } finally {
      await errorsOnly.close();
    }
  });

  it('reads LOG_LEVEL and LOG_REQUESTS, and refuses what it cannot read', () => {
    expect(loadConfig({})).toMatchObject({ logLevel: 'info', logRequests: 'auto' });
    expect(loadConfig({ LOG_LEVEL: 'DEBUG', LOG_REQUESTS: '1' })).toMatchObject({ logLevel: 'debug', logRequests: true });
    expect(loadConfig({ LOG_REQUESTS: '0' }).logRequests).toBe(false);
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ LOG_REQUESTS: 'yes please' })).toThrow(/LOG_REQUESTS/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_PORT: '9464', STOP_TIMEOUT_MS: '1000' })).toMatchObject({ metricsPort: 9464, stopTimeoutMs: 1000, metricsToken: undefined });
    expect(loadConfig({}).stopTimeoutMs).toBe(25_000);
  });
});
