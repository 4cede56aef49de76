import { afterEach, describe, expect, it } from 'vitest';
import { SEEDED_POOLS } from '@app/domain';
import { rememberPools } from '../src/api/knownPools';
import { chartPools } from '../src/features/reports/StatisticChart';

const listed = (extra: { poolId: number; letter: string; name: string }[]) => [...SEEDED_POOLS.map((p) => ({ poolId: p.id, letter: p.letter, name: p.name })), ...extra];

describe('the statistic chart\'s pools', () => {
  afterEach(() => rememberPools(listed([])));

  it('draws a pool added later, by its listed name, beside the seeded ones, in id order with one colour each', () => {
    rememberPools(listed([{ poolId: 9, letter: 'X', name: 'Lucky 6D' }]));
    const pools = chartPools([
      { drawDate: '2026-11-25', poolId: 9 },
      { drawDate: '2026-11-25', poolId: 1 },
      { drawDate: '2026-11-26', poolId: 9 },
    ]);
    expect(pools.map((p) => [p.id, p.name])).toEqual([
      [1, SEEDED_POOLS[0].name],
      [9, 'Lucky 6D'],
    ]);
    expect(new Set(pools.map((p) => p.colour)).size).toBe(2);
  });
});
