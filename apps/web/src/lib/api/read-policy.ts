// The app's one rule for reads, shared by TanStack Query (query-client.ts) and the signed-out pages' read cache
// (gateway-reads.ts, which must not load TanStack Query: issue 17, the login route's weight). Only app-error.ts
// is imported here, so both sides can use it.
import { parseAppError } from './app-error.ts';

/** How long a read's answer is fresh: a component mounting within it asks nothing. */
export const READ_STALE_TIME_MS = 60_000;

/** How long a failed read waits before it is asked again (TanStack Query's default for a first retry). */
export const READ_RETRY_DELAY_MS = 1000;

/**
 * Whether a read that failed `failureCount + 1` times is asked again: once, and only when the gateway gave no
 * error_code (a code is an answer, asking again gives the same one; a network failure may pass).
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !parseAppError(error).errorCode;
}
