import pg from 'pg';

/** Runs one statement on its own connection to `url` (creating and dropping test databases and roles). */
export async function runOn(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}
