// Refreshes (`sessions_triggers`) sent while the tab's socket was down: the relay keeps each until REFRESH_KEEP_MS
// after it was due (relay README, `refreshes_catch_up`). On a socket's first connect the tab asks what the relay
// keeps and records those ids as seen without acting: a reload (which a refresh itself causes) never runs an old
// one again, nor one sent before the tab came. After a reconnect, and on the relay's `resync` (its fan-out to this
// socket may have dropped frames while it stayed connected), it asks again and carries out each unseen one as the
// live frame (`carryOut`: the session events' `refresh`, with its delay rule, url checks and once-per-id record).
import { RELAY_EVENTS, type RecoveredRefresh } from '@showfloor/contracts';
import { emitWithAck, type AppSocket } from '../../../lib/socket/registry.ts';
import { useSocketRecovery } from '../../../lib/socket/use-socket-recovery.ts';
import { rememberRefresh } from '../session-events.ts';

/** The sockets whose first catch-up was answered (and recorded). */
const primedSockets = new WeakSet<AppSocket>();

export interface RefreshCatchUpOptions {
  /** The random source of the wait after a `resync`, in [0, 1). @default Math.random */
  random?: () => number;
}

export function useRefreshCatchUp(
  carryOut: (refresh: RecoveredRefresh) => void,
  { random }: RefreshCatchUpOptions = {},
): void {
  useSocketRecovery(
    (cause, socket) => {
      // Bound to a socket already primed (mounted again): nothing is recorded again.
      if (cause === 'first_connect' && primedSockets.has(socket)) return;
      // The first answered catch-up of a socket only records; every later one carries out what was missed. A first
      // one not answered is asked again as a first one (the next connect or resync), never acted on.
      const primed = primedSockets.has(socket);
      void emitWithAck(RELAY_EVENTS.REFRESHES_CATCH_UP, {}, 10_000).then((ack) => {
        if (ack?.statusCode !== 200) return;
        if (primed) {
          for (const refresh of ack.refreshes) carryOut(refresh);
          return;
        }
        for (const { id } of ack.refreshes) rememberRefresh(id);
        primedSockets.add(socket);
      });
    },
    { causes: ['first_connect', 'reconnect', 'resync'], random },
  );
}
