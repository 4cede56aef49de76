// Calls to addresses a company gave (seamless callbacks) reach public addresses only, including when a name
// answers DNS differently the second time it is asked (DNS rebinding): the addresses checked are those the
// connection is made to.
import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { boundedFetch, publicLookup } from '../src/platform/outboundHttp';

let server: http.Server;
let port = 0;
beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('inside'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => new Promise((resolve) => server.close(resolve)));
afterEach(() => vi.restoreAllMocks());

/** A name whose first answer (the check) is public and whose next answers (the connection) are this machine. */
function rebindingName() {
  vi.spyOn(dns.promises, 'lookup').mockResolvedValue([{ address: '93.184.216.34', family: 4 }] as never);
  vi.spyOn(dns, 'lookup').mockImplementation(((_host: string, _opts: unknown, cb: (e: null, a: dns.LookupAddress[]) => void) => cb(null, [{ address: '127.0.0.1', family: 4 }])) as never);
}

describe('outbound calls to a company\'s address', () => {
  it('refuses a name that resolves to this machine', async () => {
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicLookup('localhost', {}, (e) => resolve(e)));
    expect(err?.code).toBe('ENOTPUBLIC');
    await expect(boundedFetch(`http://localhost:${port}/`, { timeoutMs: 2_000, maxBytes: 1_000, publicOnly: true })).rejects.toThrow('the address is not public');
  });

  it('checks the address it connects to, not only the first answer of DNS', async () => {
    rebindingName();
    await expect(boundedFetch(`http://rebind.example:${port}/`, { timeoutMs: 2_000, maxBytes: 1_000, publicOnly: true })).rejects.toThrow('the address is not public');
  });

  it('reaches this machine when the address is the platform\'s own setting (not publicOnly)', async () => {
    rebindingName();
    const res = await boundedFetch(`http://rebind.example:${port}/`, { timeoutMs: 2_000, maxBytes: 1_000 });
    expect(res.body.toString()).toBe('inside');
  });
});
