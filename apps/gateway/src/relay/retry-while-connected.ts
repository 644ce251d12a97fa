/**
 * The back-off of the relay's retries of a failed room check, while the socket is connected: the handshake's
 * room at connect (handshake-room.ts) and the re-check after an access change (room-access.ts). Retry `n`
 * (1 = the first) waits ~`firstMs × 2^(n-1)`, at most `maxMs`, jittered to ×[0.5, 1.5) so the tabs whose checks
 * failed together (a mass reconnect, a provider outage) do not all ask again together; there are at most
 * `attempts` retries. A retry is never scheduled for a socket that has gone, and its timer is cleared when the
 * socket disconnects, so a gone tab holds no timer.
 */

/** A back-off: the first retry after ~`firstMs`, doubling up to `maxMs`, at most `attempts` retries. */
export interface RetrySchedule {
  readonly firstMs: number;
  readonly maxMs: number;
  readonly attempts: number;
}

/** The retries of a failed room check: ~0.5 s doubling to 16 s, at most 8 (~1 min in all). */
export const ROOM_CHECK_RETRY = { firstMs: 500, maxMs: 16_000, attempts: 8 } as const satisfies RetrySchedule;

/** What a retry needs of a socket (a RelaySocket is one). */
export interface RetrySocket {
  readonly connected: boolean;
  once(event: 'disconnect', listener: () => void): unknown;
  off(event: 'disconnect', listener: () => void): unknown;
}

/**
 * What {@link retryWhileConnected} did: scheduled the retry, or not, because the attempts are used up
 * ('exhausted': the caller gives up) or the socket has gone ('disconnected').
 */
export type RetryOutcome = 'scheduled' | 'exhausted' | 'disconnected';

/**
 * Runs `task` after the back-off of retry `attempt` (1 = the first retry) of `schedule`, unless the socket
 * disconnects first. Nothing is scheduled past `schedule.attempts` or for a disconnected socket.
 */
export function retryWhileConnected(
  socket: RetrySocket,
  schedule: RetrySchedule,
  attempt: number,
  task: () => void,
): RetryOutcome {
  if (!socket.connected) return 'disconnected';
  if (attempt > schedule.attempts) return 'exhausted';
  const backOff = Math.min(schedule.maxMs, schedule.firstMs * 2 ** (attempt - 1));
  const stop = (): void => clearTimeout(timer);
  const timer = setTimeout(
    () => {
      socket.off('disconnect', stop);
      task();
    },
    backOff * (0.5 + Math.random()),
  );
  socket.once('disconnect', stop);
  return 'scheduled';
}
