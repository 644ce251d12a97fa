// The one place a feature hears "recover now" from the tab's socket: after a reconnect (frames the relay sent while
// the socket was down are not stored and never arrive: what they would have changed is read again), after the
// relay's `resync` (its fan-out to this socket may have dropped frames while the socket stayed connected), and, for a
// feature that records a starting point, on the first connection (apps/web README, "After a reconnect"). A wait
// before the call spreads the reads of many tabs told at once; a drop of the socket, a new socket and an unmount
// cancel it, so no timer is left and a recovery never runs for a socket that is gone.
import { useEffect, useEffectEvent } from 'react';
import { RELAY_SERVER_EVENTS, serverEventSchemaOf } from '@showfloor/contracts';
import { connectCountOf, listenerView, useSocket, type AppSocket } from './registry.ts';

/**
 * Why the handler is called:
 * - 'first_connect': the first connection the hook sees of its socket: the socket's first connect, or, when the hook
 *   binds to a socket already connected (mounted late, or bound again: a new socket, other options), at once (that
 *   connection passed unheard). Called at once, in the 'connect' listener or while binding.
 * - 'reconnect': each connection of the socket after its first (socket.io's reconnection, or a connect after the
 *   server closed the socket: the relay's buffer cap, a node restart), also when the hook was bound after the first.
 *   After a random wait in [0, `spreadMs`).
 * - 'resync': the relay's `resync` event, after a random wait in [0, its `spread_ms`).
 */
export type RecoveryCause = 'first_connect' | 'reconnect' | 'resync';

export interface SocketRecoveryOptions {
  /** The causes the handler is called for. @default ['reconnect'] */
  causes?: readonly RecoveryCause[];
  /**
   * A reconnect's call comes after a random wait in [0, spreadMs), so the tabs of a restarted node, which all
   * reconnect within socket.io's reconnect delay, do not all call at once (a resync's wait is the relay's
   * `spread_ms`).
   * @default 0: called at once, in the 'connect' listener
   */
  spreadMs?: number;
  /** The random source of the waits, in [0, 1). @default Math.random */
  random?: () => number;
}

const RECONNECT_ONLY: readonly RecoveryCause[] = ['reconnect'];

/**
 * Calls `onRecover` with its cause (RecoveryCause) and the socket it came from, for each cause in `causes`. One wait
 * at a time: a cause that comes while a wait is pending replaces it (the handler is called once, with the later
 * cause). The wait is cancelled when the socket drops (its next reconnect starts a new one), when the tab's socket
 * changes and on unmount. The handler may change on every render without re-binding.
 */
export function useSocketRecovery(
  onRecover: (cause: RecoveryCause, socket: AppSocket) => void,
  { causes = RECONNECT_ONLY, spreadMs = 0, random }: SocketRecoveryOptions = {},
): void {
  const socket = useSocket();
  const recover = useEffectEvent(onRecover);
  // Math.random as it is when the wait starts (a test may mock it after the first render).
  const draw = useEffectEvent(() => (random ?? Math.random)());
  // Booleans, not the array: a caller's literal is a new array on every render and must not re-bind the listeners.
  const hearsFirstConnect = causes.includes('first_connect');
  const hearsReconnect = causes.includes('reconnect');
  const hearsResync = causes.includes('resync');
  useEffect(() => {
    if (!socket) return undefined;
    const target = listenerView(socket);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    /** Calls at once (no spread), or after a random wait in [0, spread) that replaces a pending one. */
    const recoverAfter = (cause: RecoveryCause, spread: number) => {
      cancel();
      if (spread <= 0) {
        recover(cause, socket);
        return;
      }
      timer = setTimeout(() => {
        timer = undefined;
        recover(cause, socket);
      }, draw() * spread);
    };
    const onConnect = () => {
      if (connectCountOf(socket) <= 1) {
        if (hearsFirstConnect) recoverAfter('first_connect', 0);
      } else if (hearsReconnect) {
        recoverAfter('reconnect', spreadMs);
      }
    };
    const resyncSchema = serverEventSchemaOf(RELAY_SERVER_EVENTS.RESYNC);
    const onResync = (payload: unknown) => {
      const parsed = resyncSchema.safeParse(payload);
      if (parsed.success) recoverAfter('resync', parsed.data.spread_ms);
    };
    target.on('connect', onConnect);
    target.on('disconnect', cancel);
    if (hearsResync) target.on(RELAY_SERVER_EVENTS.RESYNC, onResync);
    if (hearsFirstConnect && socket.connected) recover('first_connect', socket);
    return () => {
      target.off('connect', onConnect);
      target.off('disconnect', cancel);
      target.off(RELAY_SERVER_EVENTS.RESYNC, onResync);
      cancel();
    };
  }, [socket, spreadMs, hearsFirstConnect, hearsReconnect, hearsResync]);
}
