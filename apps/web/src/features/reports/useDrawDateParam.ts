import { useSearchParams } from 'react-router';
import { businessToday } from '../../ui/time';
import { useInitReport } from './api';

/**
 * The draw date of a screen about one date's money (draw payment, the winning report): the address's
 * `drawDate`, else the newest settled date (InitReport), else today; undefined while that is asked. Today
 * has nothing settled before the evening's draws, so it is a poor first page for reconciling.
 */
export function useDrawDateParam(): string | undefined {
  const [params] = useSearchParams();
  const init = useInitReport();
  const requested = params.get('drawDate');
  if (requested && /^\d{4}-\d{2}-\d{2}$/.test(requested)) return requested;
  if (init.isPending) return undefined;
  return init.data?.lastSettledDate ?? businessToday();
}
