import { startEarlyRead } from '../api/client';
import { API } from '../api/endpoints';
import { positiveIntParam } from '../features/accounts/params';

// What a page load of a screen opened in a window of its own fetches before the app has loaded: the
// screen's file and the reads of its first render, beside the app's code and the session check instead of
// after the app's first render (issue 28 line 10: the Edit Fight Limit popup, 2 s before, most of it
// waiting). The screen asks for the same addresses; api/client.ts hands it these answers.

interface EarlyLoad {
  screen: () => Promise<unknown>;
  reads: (params: URLSearchParams) => void;
}

const EARLY_LOADS: Record<string, EarlyLoad> = {
  // FightLimitPage: useFightLimit(userId) and usePools().
  '/manage-fight-limit': {
    screen: () => import('../features/risk/FightLimitPage'),
    reads: (params) => {
      startEarlyRead(API.Account.GetFightLimitRelatedData, { userId: positiveIntParam(params.get('userId')) });
      startEarlyRead(API.Pools.GetPoolsSelection);
    },
  },
};

/**
 * Starts the screen's file and its reads at once, beside the session check rather than after it: the
 * check's round trip was a tenth of the popup's time. Without a session the reads are refused (401,
 * nothing changes), the app shows the login form, and their answers are dropped unused.
 */
export function startEarlyLoad(location: Location): void {
  const early = EARLY_LOADS[location.pathname];
  if (!early) return;
  void early.screen().catch(() => {});
  early.reads(new URLSearchParams(location.search));
}
