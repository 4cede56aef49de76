// Object-level security: every call that names a target account refuses a target outside the caller's
// subtree, and the refusal says nothing about the target, not even whether it exists: the answer for a
// real account outside is the same as for an id that does not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HierarchyLevel } from '@app/domain';
import { ADMIN, createTestApp, type TestApp } from './support/testApp';
import { targetedCalls, type Target } from './objectSecurity/calls';

let t: TestApp;
const PASSWORD = 'Passw0rd!';
const cookies: Record<string, string> = {};
let target: Target;
let ghost: Target;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login(ADMIN.username, ADMIN.password);
  const create = async (cookie: string, body: Record<string, unknown>) => {
    const res = await t.request({ url: '/api/Account/CreateOrUpdateUser', cookie, json: { password: PASSWORD, fullName: String(body.username), ...body } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data.userId as number;
  };
  const coA = await create(admin, { username: 'co-a', level: HierarchyLevel.Company, creditLimit: 100_000 });
  await create(admin, { username: 'co-b', level: HierarchyLevel.Company, creditLimit: 100_000 });
  cookies.owner = await t.login('co-a', PASSWORD);
  cookies.sibling = await t.login('co-b', PASSWORD);
  const agentA = await create(cookies.owner, { username: 'agent-a', level: HierarchyLevel.Agent, creditLimit: 10_000 });
  cookies.agentA = await t.login('agent-a', PASSWORD);
  await create(cookies.agentA, { username: 'player-a', level: HierarchyLevel.Player, creditLimit: 1_000 });
  cookies.below = await t.login('player-a', PASSWORD);
  await t.createUser({ username: 'co-a-staff', password: PASSWORD, roleId: 3, mainAccountId: coA, skipTnc: true });
  cookies.staff = await t.login('co-a-staff', PASSWORD);
  for (const who of ['owner', 'sibling', 'below', 'staff']) {
    await t.request({ url: '/api/Configuration/VerifySecondaryPassword', method: 'POST', query: { secondaryPassword: PASSWORD }, cookie: cookies[who] });
  }
  target = { userId: agentA, username: 'agent-a', uplineId: coA };
  ghost = { userId: 987_654, username: 'no-such-user', uplineId: coA };
});
afterAll(async () => t?.close());

const refused = [403, 404];

describe.each(targetedCalls)('$name', (call) => {
  it('is allowed for the owner of the subtree (the control)', async () => {
    const res = await t.request({ ...call.request(target), cookie: cookies.owner });
    expect([200, 409, 422]).toContain(res.status);
  });

  for (const who of ['sibling', 'below', 'staff'] as const) {
    it(`is refused to a caller ${who === 'sibling' ? 'from a sibling branch' : who === 'below' ? 'from below' : 'that is a sub-account without the right'}, leaking nothing`, async () => {
      const real = await t.request({ ...call.request(target), cookie: cookies[who] });
      expect(refused).toContain(real.status);
      expect(JSON.stringify(real.body)).not.toContain('agent-a');
      if (real.status === 404) {
        const missing = await t.request({ ...call.request(ghost), cookie: cookies[who] });
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual(real.body);
      }
    });
  }
});
