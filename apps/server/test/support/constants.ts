/** The super admin every test database starts with (seeded once per run: globalSetup.ts). */
export const ADMIN = { username: 'admin', password: 'Admin12345' };
