// The API log masks secrets in answers as it does in requests (issue 30 line 4): GenerateApiCode's answer
// carries a clientSecret, and the API log (read by the admin, kept in every backup) stored it in clear.
// Masked at the mechanism: every secret-named field of an answer, at any depth, in and out. Each entry
// carries its request's id (X-Request-Id).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HierarchyLevel } from '@app/domain';
import { flushApiLogs, loggedFetch } from '../src/platform/apiLog';
import { REDACTED } from '../src/platform/logRedaction';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';

const PASSWORD = 'Passw0rd!';
let t: TestApp;
let basic: string;
let ownSecret: string;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

type Entry = { uri: string; request_header: unknown; request_body: string | null; response_content: string | null; response_message: string | null; request_id: string | null };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login(ADMIN.username, ADMIN.password);
  const created = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie: admin, json: { username: 'logco', fullName: 'Log Co', password: PASSWORD, level: HierarchyLevel.Company, creditLimit: 1_000_000, positionTaking: 100 } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const co = await t.login('logco', PASSWORD);
  await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: PASSWORD }, cookie: co });
  const code = (await t.request({ url: '/api/Account/GenerateApiCode', method: 'POST', cookie: co })).body.data as { clientOpcode: string; clientSecret: string };
  const saved = await t.request({ url: '/api/Account/CreateOrUpdateApiAccount', cookie: co, json: { userId: created.body.data.userId, ...code } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  ownSecret = code.clientSecret;
  basic = `Basic ${Buffer.from(`${code.clientOpcode}:${code.clientSecret}`).toString('base64')}`;
});
afterAll(async () => t?.close());

describe('the API log', () => {
  it('keeps no clientSecret of a GenerateApiCode answer, and the entry carries the request id', async () => {
    const res = await t.request({ url: '/api/Account/GenerateApiCode', method: 'POST', headers: { authorization: basic } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answered = res.body.data.clientSecret as string;
    expect(answered.length).toBeGreaterThan(20);
    await flushApiLogs(t.db);
    const entries = await rows<Entry>(sql`select uri, request_header, request_body, response_content, response_message, request_id from api_logs where direction = 'in' and uri = '/api/Account/GenerateApiCode'`);
    expect(entries).toHaveLength(1);
    const [e] = entries;
    const stored = JSON.stringify(e);
    expect(stored).not.toContain(answered);
    expect(stored).not.toContain(ownSecret);
    // Still a useful entry: the answer's shape, its other fields and its message.
    expect(JSON.parse(e.response_content!)).toMatchObject({ success: true, data: { clientOpcode: res.body.data.clientOpcode, clientSecret: REDACTED } });
    expect(e.response_message).toBe('SUCCESS');
    expect(e.request_id).toBe(res.headers['x-request-id']);
    expect(e.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('masks secret-named fields of an answer at any depth, and a text answer\'s name=value pairs', async () => {
    const body = JSON.stringify({ data: { items: [{ password: 'Deep-Secret-Pw-1', nested: { apiToken: 'Deep-Token-2' } }], ok: 'visible' } });
    const site = http.createServer((req, res) => {
      if (req.url === '/text') res.writeHead(200, { 'content-type': 'text/plain' }).end('status=ok&secret=Text-Secret-3');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', () => done()));
    const url = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
    try {
      await loggedFetch({ db: t.db, clock: t.clock }, `${url}/json`, { timeoutMs: 2_000, maxBytes: 10_000 });
      await loggedFetch({ db: t.db, clock: t.clock }, `${url}/text`, { timeoutMs: 2_000, maxBytes: 10_000 });
    } finally {
      site.close();
    }
    await flushApiLogs(t.db);
    const out = await rows<Entry>(sql`select uri, response_content, request_id from api_logs where direction = 'out' order by id`);
    expect(out).toHaveLength(2);
    const text = JSON.stringify(out);
    for (const secret of ['Deep-Secret-Pw-1', 'Deep-Token-2', 'Text-Secret-3']) expect(text).not.toContain(secret);
    expect(JSON.parse(out[0].response_content!)).toEqual({ data: { items: [{ password: REDACTED, nested: { apiToken: REDACTED } }], ok: 'visible' } });
    expect(out[1].response_content).toBe(`status=ok&secret=${REDACTED}`);
    // An outbound call's own id.
    expect(out[0].request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(out[0].request_id).not.toBe(out[1].request_id);
  });
});
