// The pools the server last listed (GetPoolsSelection), for the pure label helpers that turn pool ids into
// letters and names (receipts, previews, history, report columns): pools are data (decision 0037). Every
// read of the pool list refreshes it; until the first one the seeded eight stand in.
import { SEEDED_POOLS, type PoolDef } from '@app/domain';

let known: readonly Pick<PoolDef, 'id' | 'letter' | 'name'>[] = SEEDED_POOLS;

export function rememberPools(list: readonly { poolId: number; letter: string; name: string }[]) {
  if (list.length) known = list.map((p) => ({ id: p.poolId, letter: p.letter, name: p.name }));
}

export const knownPool = (id: number) => known.find((p) => p.id === id);
