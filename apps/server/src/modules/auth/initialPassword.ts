// The super admin's generated first password (issue 30 line 2): besides the console, where request logs
// would scroll it away, it is kept in a file of the data folder that only the server's user can read, until
// that password is changed. The file names the password it holds, so a change removes it only when it
// replaces that very password (a test database's super admin never touches a real installation's file).
import fs from 'node:fs/promises';
import path from 'node:path';

export const INITIAL_PASSWORD_FILE = 'initial-admin-password.txt';

const PASSWORD_LINE = 'password: ';

export const initialPasswordPath = (dataDir: string) => path.join(dataDir, INITIAL_PASSWORD_FILE);

/** Writes the file anew (mode 0600: owner read and write only) and returns its path. */
export async function writeInitialPassword(dataDir: string, username: string, password: string, at: Date): Promise<string> {
  const file = initialPasswordPath(dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  // A file left by an earlier installation in this folder is replaced, never appended to or reused.
  await fs.rm(file, { force: true });
  const text = [
    'The first password of this installation\'s super admin, generated at its first start.',
    'Log in with it and change it (account menu > Change password); this file is then removed.',
    '',
    `created: ${at.toISOString()}`,
    `username: ${username}`,
    `${PASSWORD_LINE}${password}`,
    '',
  ].join('\n');
  await fs.writeFile(file, text, { mode: 0o600, flag: 'wx' });
  return file;
}

/**
 * Removes the file if it holds `replacedPassword`, the password just changed away from. Returns whether it
 * did. A file that cannot be read is left as it is: the change itself has succeeded.
 */
export async function removeInitialPassword(dataDir: string, replacedPassword: string): Promise<boolean> {
  const file = initialPasswordPath(dataDir);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return false;
  }
  const held = text.split('\n').find((l) => l.startsWith(PASSWORD_LINE))?.slice(PASSWORD_LINE.length);
  if (held !== replacedPassword) return false;
  await fs.rm(file, { force: true });
  return true;
}

/** A block of lines in a box, to stand out from the log lines around it. */
export function boxed(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const bar = `+${'-'.repeat(width + 2)}+`;
  return [bar, ...lines.map((l) => `| ${l.padEnd(width)} |`), bar].join('\n');
}
