import { useSearchParams } from 'react-router';
import { businessToday } from '../../ui/time';
import { useInitReport } from './api';

/**
 * The draw date of a screen about one date's money: the address's `drawDate`, else (`settled`, draw payment
 * and the winning report) the newest settled date (InitReport), else today; undefined while that is asked.
 * Today has nothing settled before the evening's draws, so it is a poor first page for reconciling; the
 * strike report, where the evening's draws are distributed, asks for `today`.
 */
export function useDrawDateParam(fallback: 'settled' | 'today' = 'settled'): string | undefined {
  const [params] = useSearchParams();
  const init = useInitReport();
  const requested = params.get('drawDate');
  if (requested && /^\d{4}-\d{2}-\d{2}$/.test(requested)) return requested;
  if (fallback === 'today') return businessToday();
  if (init.isPending) return undefined;
  return init.data?.lastSettledDate ?? businessToday();
}
