// A proxy between an installation and its remote agent, for the posting tests' faults: for each request
// the test decides to pass it, refuse it (422 without forwarding: nothing placed), cut it before it arrives
// (the connection dropped: in doubt, nothing placed), drop the answer after the remote committed (in
// doubt, placed), or answer only after `slowMs` (past the caller's time-out, placed).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyMode = 'pass' | 'refuse' | 'cut' | 'drop' | 'slow';

export async function startProxy(target: string, decide: (req: { method: string; text: string }) => ProxyMode, slowMs = 5000) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const post = req.method === 'POST';
      const text = post ? String((JSON.parse(body.toString('utf8')) as { text?: string }).text ?? '') : '';
      const mode = decide({ method: req.method ?? 'GET', text });
      if (mode === 'cut') return req.socket.destroy();
      if (mode === 'refuse') {
        res.writeHead(422, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ success: false, message: 'INSUFFICIENT_CREDIT', data: null, code: 422 }));
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>;
      const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body: post ? body : undefined });
      const out = Buffer.from(await answer.arrayBuffer());
      if (mode === 'drop') return req.socket.destroy();
      if (mode === 'slow') await new Promise((done) => setTimeout(done, slowMs));
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(out);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** A port nobody listens on: a remote that is down (the connection is refused). */
export async function deadUrl(): Promise<string> {
  const gone = http.createServer();
  await new Promise<void>((done) => gone.listen(0, '127.0.0.1', () => done()));
  const url = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
  await new Promise((done) => gone.close(done));
  return url;
}
