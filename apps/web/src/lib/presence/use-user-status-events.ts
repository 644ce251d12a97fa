// The one listener of presence: every status heard is recorded for the lists that show it, and the tab announces
// its own stored status each time its socket connects, so others see it again after a reload or a reconnect (the
// relay announces 'offline' when a user's last tab goes). The relay sends a change at once (user_status_changes)
// to the user's own tabs and the room the user's tab shows, and to the whole event within an interval in a
// user_status_batch (contracts' UserStatusBatchSchema); both are recorded the same way.
import { useEffect } from 'react';
import { RELAY_SERVER_EVENTS, TOPICS } from '@showfloor/contracts';
import { useSocket } from '../socket/registry.ts';
import { useServerEvent } from '../socket/use-server-event.ts';
import { announceOwnStatus, recordUserStatus, recordUserStatuses } from './user-status.ts';

export function useUserStatusEvents(): void {
  useServerEvent(TOPICS.USER_STATUS_CHANGES, (change) =>
    recordUserStatus(change.user_id, change.user_status),
  );
  useServerEvent(RELAY_SERVER_EVENTS.USER_STATUS_BATCH, (batch) => recordUserStatuses(batch.changes));
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return undefined;
    const announce = () => void announceOwnStatus();
    if (socket.connected) announce();
    socket.on('connect', announce);
    return () => {
      socket.off('connect', announce);
    };
  }, [socket]);
}
