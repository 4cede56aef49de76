import { useMemo } from 'react';
import { DEFAULT_CODE_ORDER, parseCodeOrder, type BetCode, type EatSequence, type PoolDef, type PoolId } from '@app/domain';
import { poolDefsOf, usePools } from './api';

/** How the order's owner writes bet text (its account settings): what the server reads the text by. */
export interface BetSettings {
  eatSequence: EatSequence;
  codeOrder: readonly BetCode[];
  defaultPools: readonly PoolId[];
  /** The pools there are (their bet-text digits), once read; the parser's default until then. */
  pools?: readonly PoolDef[];
}

type OwnerData = { eatSequence: EatSequence; betCodeOrder?: string; defaultPools?: number[] } | undefined;

/** The owner's bet settings once its account is read; undefined until then. */
export function useBetSettings(owner: OwnerData): BetSettings | undefined {
  const eatSequence = owner?.eatSequence;
  const order = owner?.betCodeOrder;
  const pools = owner?.defaultPools?.join(',');
  const list = usePools().data;
  return useMemo(() => {
    if (!eatSequence) return undefined;
    return {
      eatSequence,
      codeOrder: parseCodeOrder(order ?? '') ?? DEFAULT_CODE_ORDER,
      defaultPools: (pools ? pools.split(',').map(Number) : []) as PoolId[],
      pools: list ? poolDefsOf(list) : undefined,
    };
  }, [eatSequence, order, pools, list]);
}
