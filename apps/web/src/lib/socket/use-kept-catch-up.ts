// The catch-up of frames the relay keeps for a tab (announcements, refreshes): a socket's first answered catch-up
// records the kept ids as seen without acting (a reload never acts on an old one again, nor on one sent before the
// tab came); every later one (after a reconnect or the relay's `resync`) acts on each. An unanswered first acts on
// nothing and is asked again as a first one (the next connect or resync), which only records. The one place that
// asks `<kind>_catch_up`: its answer is checked with the topic's ack schema in the contracts (emitWithAck).
import type { EmitAck, RELAY_EVENTS } from '@showfloor/contracts';
import { ACK_TIMEOUT_MS, emitWithAck, type AppSocket } from './registry.ts';
import { useSocketRecovery } from './use-socket-recovery.ts';

/** The catch-up topics of the kinds the relay keeps. */
type KeptTopic = typeof RELAY_EVENTS.ANNOUNCEMENTS_CATCH_UP | typeof RELAY_EVENTS.REFRESHES_CATCH_UP;

/** A kept catch-up's answer when the relay gave the frames (200), as the topic's ack schema typed it. */
type KeptAnswer<T extends KeptTopic> = Extract<EmitAck<T>, { statusCode: 200 }>;

function isAnswered<A>(ack: A | undefined): ack is Extract<A, { statusCode: 200 }> {
  return (ack as { statusCode?: unknown } | undefined)?.statusCode === 200;
}

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
 * The catch-up hook of one kind: asks `topic` (empty payload: the relay takes the audience from the socket) and
 * takes the kept frames from its answer with `framesOf`; no answer (not connected, refused, late or malformed) gives
 * none. Made once per kind at module level: it keeps which sockets were primed, so a hook bound again to a primed
 * socket (mounted again) records nothing again.
 */
export function keptCatchUp<T extends KeptTopic, F>(
  topic: T,
  framesOf: (answer: KeptAnswer<T>) => readonly F[],
) {
  const ask = async (): Promise<readonly F[] | undefined> => {
    const ack = await emitWithAck(topic, {}, ACK_TIMEOUT_MS);
    return isAnswered(ack) ? framesOf(ack) : undefined;
  };
  const primedSockets = new WeakSet<AppSocket>();
  return function useKeptCatchUp({ record, act, random }: KeptCatchUpHandlers<F>): void {
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
