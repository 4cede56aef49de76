import { seedDemo, DEMO_ACCOUNTS, DEMO_IT_ADMIN } from './db/demo';
import { seedDemoHistory } from './db/demoHistory';
import { scheduleFirstCalendar } from './db/firstCalendar';
import { systemClock } from './platform/clock';
import { loadConfig } from './platform/config';
import { boxed, writeInitialPassword } from './modules/auth/initialPassword';
import { prepareDatabase, serve } from './server';

const config = loadConfig();
const { database, admin } = await prepareDatabase(config);
const demoPassword = process.env.DEMO_PASSWORD || 'Demo12345';
// A new installation's pools get their regular draws to the end of next year, as a pool added later does.
const scheduled = admin.created ? await scheduleFirstCalendar(database.db, config.tzBusiness, systemClock.now()) : 0;
if (process.env.DEMO === '1') await seedDemo(database.db, config.adminUsername, demoPassword, config.tzBusiness, systemClock.now());
// The last two draw days played and settled, so the reports have figures to show (DEMO_HISTORY=0: none;
// the Playwright specs start from the bare demo so their figures are known).
if (process.env.DEMO === '1' && process.env.DEMO_HISTORY !== '0') await seedDemoHistory(database.db, config, config.adminUsername, demoPassword, systemClock.now());
const server = await serve(database, config, systemClock);

// What a person starting the server needs, in one box printed last, after the server listens: the log
// lines before it are the start's own, and the password is kept in a file until it is changed.
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
const lines = [`4D back-office running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${server.port}/ on ${where}`, ''];
if (admin.generatedPassword) {
  const file = await writeInitialPassword(config.dataDir, config.adminUsername, admin.generatedPassword, systemClock.now());
  lines.push(
    'Super admin created:',
    `  username  ${config.adminUsername}`,
    `  password  ${admin.generatedPassword}`,
    `Also kept, readable by this user only, in ${file}`,
    'until it is changed (account menu > Change password). Change it after logging in.',
  );
} else if (admin.created) {
  lines.push(`Super admin created: username "${config.adminUsername}" with the password from ADMIN_PASSWORD`);
} else {
  lines.push(`Log in with the existing super admin "${config.adminUsername}" (or any account).`);
}
if (scheduled > 0) lines.push(`Draw calendar: ${scheduled} regular draws scheduled from today to the end of next year (Admin > Draw Date to change it)`);
if (process.env.DEMO === '1') {
  const history = process.env.DEMO_HISTORY !== '0' ? ['demoplayer2 (demo history)'] : [];
  const names = [...DEMO_ACCOUNTS.map((a) => a.username), ...history, 'democostaff (sub-account)', `${DEMO_IT_ADMIN} (IT admin: releases results)`].join(', ');
  lines.push(`Demo accounts: ${names}`, `  password "${demoPassword}" (DEMO_PASSWORD)`);
}
console.log(`\n${boxed(lines)}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await server.stop();
    process.exit(0);
  });
}
