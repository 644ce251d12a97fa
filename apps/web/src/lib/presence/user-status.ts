// Presence (spec 02 §4.1): the signed-in user's own status, kept in local storage under activeUserStatus and
// announced on user_status_changes, and the statuses others announced, as this tab heard them. Lists read
// `useUserStatus(id, theListsValue)`: the live value once one was heard, else what the list said.
import { useCallback } from 'react';
import {
  STORAGE_KEYS,
  TOPICS,
  isPickableUserStatus,
  type PickableUserStatus,
  type UserStatus,
} from '@showfloor/contracts';
import { createExternalStore } from '../external-store.ts';
import { getCurrentUser } from '../session/session.ts';
import { emitWithAck } from '../socket/registry.ts';

/** Statuses heard on user_status_changes, by user id. */
const heard = createExternalStore<ReadonlyMap<number, UserStatus>>(new Map(), {
  // The own status may change in another tab of the same browser.
  subscribeExternal(notify) {
    window.addEventListener('storage', notify);
    return () => window.removeEventListener('storage', notify);
  },
});

/** Records a status someone announced (the relay's user_status_changes). */
export function recordUserStatus(userId: number, status: UserStatus): void {
  if (heard.get().get(userId) === status) return;
  const next = new Map(heard.get());
  next.set(userId, status);
  heard.set(next);
}

/**
 * Records the entries of a `user_status_batch` (the relay's coalesced changes of the event, in order) in one
 * update; the signed-in user's own entries are skipped (the own status is the stored one; a sign-out elsewhere
 * arrives as `user_status_changes`).
 */
export function recordUserStatuses(
  changes: ReadonlyArray<{ user_id: number; user_status: UserStatus }>,
): void {
  const self = getCurrentUser()?.id;
  let next: Map<number, UserStatus> | undefined;
  for (const { user_id: userId, user_status: status } of changes) {
    if (userId === self || (next ?? heard.get()).get(userId) === status) continue;
    next ??= new Map(heard.get());
    next.set(userId, status);
  }
  if (next) heard.set(next);
}

/** Forgets what was heard (sign-out, tests). */
export function clearHeardStatuses(): void {
  heard.set(new Map());
}

/** A user's status: what this tab last heard, else `fallback` (the value a list or summary carried). */
export function useUserStatus(userId: number | undefined, fallback?: UserStatus): UserStatus | undefined {
  return heard.useSelector((statuses) =>
    userId === undefined ? fallback : (statuses.get(userId) ?? fallback),
  );
}

/** The stored own status; 'available' (the sign-in default) when nothing valid is stored. */
export function readOwnStatus(): PickableUserStatus {
  const stored = window.localStorage.getItem(STORAGE_KEYS.ACTIVE_USER_STATUS);
  return isPickableUserStatus(stored) ? stored : 'available';
}

/** The signed-in user's own status, re-rendering when it changes (here or in another tab). */
export function useOwnStatus(): PickableUserStatus {
  return heard.useSelector(readOwnStatus, () => 'available');
}

/** Tells the user's event the status (also after a reconnect); false when the relay did not take it. */
export async function announceOwnStatus(status: PickableUserStatus = readOwnStatus()): Promise<boolean> {
  const user = getCurrentUser();
  if (!user) return false;
  const ack = await emitWithAck(TOPICS.USER_STATUS_CHANGES, {
    room_id: null,
    user_id: user.id,
    user_status: status,
  });
  return ack?.statusCode === 200;
}

/**
 * Chooses a status: stored under activeUserStatus at once (spec 02 §4.1), then announced. Answers whether the
 * relay took the announcement.
 */
export function useChangeOwnStatus(): (status: PickableUserStatus) => Promise<boolean> {
  return useCallback(async (status: PickableUserStatus) => {
    window.localStorage.setItem(STORAGE_KEYS.ACTIVE_USER_STATUS, status);
    const user = getCurrentUser();
    if (user) recordUserStatus(user.id, status);
    heard.notify();
    return announceOwnStatus(status);
  }, []);
}
