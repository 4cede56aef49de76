// A read-only pool on a hot standby for report reads (DATABASE_READ_URL). Placement, settlement and every
// write stay on the primary.
import type { Config } from './config';
import type { Db } from './db';

export interface ReadReplica {
  db: Db;
  close(): Promise<void>;
}

/** The standby's pool when DATABASE_READ_URL is set; none otherwise. */
export async function openReadReplica(config: Config): Promise<ReadReplica | undefined> {
  if (!config.databaseReadUrl) return undefined;
  throw new Error('DATABASE_READ_URL is not supported yet');
}
