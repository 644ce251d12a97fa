// The catch-up of frames the relay keeps for a tab (announcements, refreshes): a socket's first answered catch-up
// records the kept ids as seen without acting (a reload never acts on an old one again, nor on one sent before the
// tab came); every later one (after a reconnect or the relay's `resync`) acts on each. An unanswered first acts on
// nothing and is asked again as a first one (the next connect or resync), which only records.
import type { AppSocket } from './registry.ts';
import { useSocketRecovery } from './use-socket-recovery.ts';

export interface KeptCatchUpOptions {
  /** The random source of the wait after a `resync`, in [0, 1). @default Math.random */
  random?: () => number;
}

export interface KeptCatchUpHandlers<T> extends KeptCatchUpOptions {
  /** Records a kept frame as seen without acting on it (the socket's first answered catch-up). */
  record: (frame: T) => void;
  /** Acts on a recovered frame (every later catch-up); skipping one seen already, live or recovered, is its own. */
  act: (frame: T) => void;
}

/**
 * The catch-up hook of one kind: `ask` emits its catch-up and resolves with the kept frames (undefined: no answer).
 * Made once per kind at module level: it keeps which sockets were primed, so a hook bound again to a primed socket
 * (mounted again) records nothing again.
 */
export function keptCatchUp<T>(ask: () => Promise<readonly T[] | undefined>) {
  const primedSockets = new WeakSet<AppSocket>();
  return function useKeptCatchUp({ record, act, random }: KeptCatchUpHandlers<T>): void {
    useSocketRecovery(
      (cause, socket) => {
        if (cause === 'first_connect' && primedSockets.has(socket)) return;
        void ask().then((frames) => {
          if (!frames) return;
          // Read when the answer comes, not when it was asked: an earlier ask answered meanwhile primed the socket
          // (act skips the ids it has seen).
          const primed = primedSockets.has(socket);
          for (const frame of frames) (primed ? act : record)(frame);
          if (!primed) primedSockets.add(socket);
        });
      },
      { causes: ['first_connect', 'reconnect', 'resync'], random },
    );
  };
}
