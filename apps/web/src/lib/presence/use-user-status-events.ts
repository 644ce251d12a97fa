// The one listener of user_status_changes for presence: every status heard is recorded for the lists that show
// it, and the tab announces its own stored status each time its socket connects, so others see it again after
// a reload or a reconnect (the relay announces 'offline' when a user's last tab goes).
import { useEffect } from 'react';
import { TOPICS } from '@showfloor/contracts';
import { useSocket } from '../socket/registry.ts';
import { useServerEvent } from '../socket/use-server-event.ts';
import { announceOwnStatus, recordUserStatus } from './user-status.ts';

export function useUserStatusEvents(): void {
  useServerEvent(TOPICS.USER_STATUS_CHANGES, (change) =>
    recordUserStatus(change.user_id, change.user_status),
  );
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
