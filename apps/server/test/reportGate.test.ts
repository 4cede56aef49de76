// Decision 0045: report reads take turns (at most `concurrency` at once); nothing else waits for them.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerReportGate } from '../src/platform/reportGate';
import type { HttpApp } from '../src/platform/http';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function gatedApp(concurrency: number) {
  const app = Fastify();
  registerReportGate(app as unknown as HttpApp, concurrency);
  let running = 0;
  let most = 0;
  const order: string[] = [];
  const slow = async (name: string) => {
    running++;
    most = Math.max(most, running);
    order.push(name);
    await pause(30);
    running--;
    return { name };
  };
  app.get('/api/Report/GetA', async (req) => slow(`A${(req.query as { n: string; format?: string }).format ?? ''}${(req.query as { n: string }).n}`));
  app.post('/api/Report/SaveRunTicket', async () => slow('save'));
  app.get('/api/Bet/GetTicket', async () => slow('ticket'));
  await app.ready();
  return { app, stats: () => ({ most, order }) };
}

describe('report gate', () => {
  it('runs report reads one after another, first come first served', async () => {
    const { app, stats } = await gatedApp(1);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => app.inject({ method: 'GET', url: `/api/Report/GetA?n=${n}` })));
    expect(answers.map((a) => a.json().name)).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(stats()).toEqual({ most: 1, order: ['A1', 'A2', 'A3', 'A4'] });
    await app.close();
  });

  it('lets as many run at once as it is given', async () => {
    const { app, stats } = await gatedApp(2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => app.inject({ method: 'GET', url: `/api/Report/GetA?n=${n}` })));
    expect(stats().most).toBe(2);
    await app.close();
  });

  it('never holds up a write or another module', async () => {
    const { app, stats } = await gatedApp(1);
    const all = await Promise.all([
      app.inject({ method: 'GET', url: '/api/Report/GetA?n=1' }),
      app.inject({ method: 'POST', url: '/api/Report/SaveRunTicket' }),
      app.inject({ method: 'GET', url: '/api/Bet/GetTicket' }),
    ]);
    expect(all.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(stats().most).toBe(3);
    await app.close();
  });

  it('makes files take turns in their own lane, beside the screens', async () => {
    const { app, stats } = await gatedApp(1);
    await Promise.all([
      app.inject({ method: 'GET', url: '/api/Report/GetA?n=1&format=xlsx' }),
      app.inject({ method: 'GET', url: '/api/Report/GetA?n=2&format=csv' }),
      app.inject({ method: 'GET', url: '/api/Report/GetA?n=3' }),
      app.inject({ method: 'GET', url: '/api/Report/GetA?n=4&format=json' }),
    ]);
    // one file and one screen at a time: the second of each lane waits for its first, not for the other lane
    expect(stats().most).toBe(2);
    expect(stats().order.slice(0, 2).sort()).toEqual(['A3', 'Axlsx1']);
    expect(stats().order.slice(2).sort()).toEqual(['Acsv2', 'Ajson4']);
    await app.close();
  });
});
