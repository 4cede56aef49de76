// A second real installation for the tests, in a process of its own on a database of its own: main.ts's
// startup (src/server.ts) with a ManualClock that the parent sets over IPC, because a lay-off is placed
// before a draw's cutoff and its result released after it, minutes of business time apart.
// Messages: parent -> { seq, clock } sets the clock, answered { seq }; child -> { port } once listening.
// TEST_IT_ADMIN=username: an IT admin (password ADMIN_PASSWORD) created at start, the second admin login a
// result's release needs (four eyes); no API creates one. No scheduled jobs: the test drives the day;
// TEST_JOBS=1: the scheduled jobs run as in main.ts (several processes on one database, each its timers).
import { RoleId } from '@app/domain';
import { createAccount } from '../../src/modules/accounts/service';
import { ManualClock } from '../../src/platform/clock';
import { loadConfig } from '../../src/platform/config';
import { hashPassword } from '../../src/platform/password';
import { prepareDatabase, serve } from '../../src/server';

const config = loadConfig();
const clock = new ManualClock(process.env.TEST_CLOCK ?? new Date());
const { database } = await prepareDatabase(config);
const itAdmin = process.env.TEST_IT_ADMIN;
if (itAdmin && config.adminPassword) {
  const passwordHash = await hashPassword(config.adminPassword);
  await database.db.transaction((tx) =>
    createAccount(tx, { username: itAdmin, fullName: itAdmin, passwordHash, secondaryPasswordHash: null, roleId: RoleId.ITAdmin, parentId: 1, isMainAccount: true, skipTnc: true }),
  );
}
const server = await serve(database, config, clock, { jobs: process.env.TEST_JOBS === '1', logger: false });

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('disconnect', stop);
process.on('message', (m: { seq: number; clock?: string }) => {
  if (m.clock) clock.set(m.clock);
  process.send!({ seq: m.seq });
});
process.send!({ port: server.port });
