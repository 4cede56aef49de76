// /health/live and /health/ready (issue 30 line 6, decision 0050): what a load balancer asks of a process,
// with no session and no marker header. Ready says 503 while the database does not answer within its
// time-out, while the database lacks a migration of this build (an upgrade under way), and from the
// moment a stop begins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { registerHealth } from '../src/platform/health';
import type { Db } from '../src/platform/db';
import { loadConfig } from '../src/platform/config';
import { createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('/health/live', () => {
  it('answers 200 in JSON without a session or the XHR header', async () => {
    const res = await get('/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 'live' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('/health/ready', () => {
  it('answers 200 when the database answers and holds every migration', async () => {
    const res = await get('/health/ready');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'ok', draining: false });
  });

  it('answers 503 while the database lacks a migration of this build', async () => {
    const [last] = (
      (await t.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`)) as unknown as {
        rows: { id: number; hash: string; created_at: string }[];
      }
    ).rows;
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const res = await get('/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', database: 'ok', migrations: 'behind' });
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`);
    }
    expect((await get('/health/ready')).statusCode).toBe(200);
  });

  it('answers 503 from the moment the process drains (a stop began)', async () => {
    t.app.lifecycle.draining = true;
    try {
      const res = await get('/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', draining: true });
      // Live still: the process is up, finishing what it has.
      expect((await get('/health/live')).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('answers 503 when the database does not answer within its time-out (1.5 s)', async () => {
    const hanging = { execute: () => new Promise(() => {}) } as unknown as Db;
    const app = Fastify();
    registerHealth(app, { db: hanging, config: loadConfig({}) }, { draining: false });
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not ready', database: 'unreachable' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(Date.now() - started).toBeLessThan(2_500);
    await app.close();
  });

  it('answers 503 when the database refuses', async () => {
    const broken = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
    const app = Fastify();
    registerHealth(app, { db: broken, config: loadConfig({}) }, { draining: false });
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ database: 'unreachable' });
    await app.close();
  });

  it('is no API route: an /api spelling of it is the API\'s 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(res.statusCode).toBe(404);
  });
});
