import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeAtRemote } from '../src/modules/posting/remoteCall';

// What an answer proves about a lay-off (decision 0032): a refusal ends a first send, but once the key has
// been in doubt only an acceptance settles it (the refusal may come before the remote looks the key up).
describe('placeAtRemote: what an answer proves', () => {
  let status = 401;
  const server = http.createServer((_req, res) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(status === 200 ? { success: true, data: { ticketId: 7, ticketNo: 'T7' } } : { success: false, message: 'Unauthorized' }));
  });
  let target = { baseUrl: '', clientOpcode: 'op', secret: 's', timeoutMs: 5_000 };
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    target = { ...target, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('a first send refused with 401 is refused; sent again after doubt it stays in doubt', async () => {
    status = 401;
    expect((await placeAtRemote(target, 'D\n#1\n1234#1', 'k1')).kind).toBe('refused');
    const again = await placeAtRemote(target, 'D\n#1\n1234#1', 'k1', true);
    expect(again.kind).toBe('in-doubt');
    expect(again.kind !== 'accepted' && again.message).toContain('401');
  });

  it('a refused connection on a resend stays in doubt; an acceptance settles it', async () => {
    // A port nobody listens on: a server's, closed again.
    const gone = http.createServer();
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    const port = (gone.address() as AddressInfo).port;
    await new Promise<void>((r) => gone.close(() => r()));
    const closed = { ...target, baseUrl: `http://127.0.0.1:${port}` };
    expect((await placeAtRemote(closed, 'x', 'k2')).kind).toBe('unreachable');
    expect((await placeAtRemote(closed, 'x', 'k2', true)).kind).toBe('in-doubt');
    status = 200;
    expect(await placeAtRemote(target, 'x', 'k2', true)).toEqual({ kind: 'accepted', ticketId: 7, ticketNo: 'T7' });
  });
});
