// Decision 0052: the report reads of this module run on the database the read rule picks
// (platform/readReplica.ts): the standby once it has replayed what the primary held when the read was
// asked, else the primary. The rule lives there, in one place; the routes only hand it their read.
import type { Db } from '../../platform/db';
import type { Deps } from '../../platform/http';
import { readReport } from '../../platform/readReplica';

export const reportReader =
  (deps: Deps) =>
  <T>(read: (db: Db) => Promise<T>): Promise<T> =>
    readReport(deps, read);
