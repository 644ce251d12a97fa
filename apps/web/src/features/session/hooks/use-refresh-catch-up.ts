// Refreshes (`sessions_triggers`) sent while the tab's socket was down: the relay keeps each until REFRESH_KEEP_MS
// after it was due (relay README, `refreshes_catch_up`). Caught up as every kept kind is (`use-kept-catch-up.ts`:
// the first connect records the kept ids as seen, a reconnect or `resync` acts), each unseen one carried out as the
// live frame (`carryOut`: the session events' `refresh`, with its delay rule, url checks and once-per-id record).
import { RELAY_EVENTS, type RecoveredRefresh } from '@showfloor/contracts';
import { keptCatchUp, type KeptCatchUpOptions } from '../../../lib/socket/use-kept-catch-up.ts';
import { rememberRefresh } from '../session-events.ts';

const useKeptRefreshes = keptCatchUp(RELAY_EVENTS.REFRESHES_CATCH_UP, (answer) => answer.refreshes);

export type RefreshCatchUpOptions = KeptCatchUpOptions;

export function useRefreshCatchUp(
  carryOut: (refresh: RecoveredRefresh) => void,
  { random }: RefreshCatchUpOptions = {},
): void {
  useKeptRefreshes({ record: ({ id }) => rememberRefresh(id), act: carryOut, random });
}
