// Announcements heard on the socket (spec 01 §7, spec 02 §9): shown with their type and their own duration.
import { useEffect } from 'react';
import { AnnouncementSchema, TOPICS } from '@showfloor/contracts';
import { announcementNotice } from '../../../lib/notify.ts';
import { useSocket } from '../../../lib/socket-registry.ts';

export function handleAnnouncement(
  payload: unknown,
  show: typeof announcementNotice = announcementNotice,
): boolean {
  const parsed = AnnouncementSchema.safeParse(payload);
  if (!parsed.success) return false;
  show(parsed.data);
  return true;
}

export function useAnnouncements(): void {
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return undefined;
    const listener = (payload: unknown) => {
      handleAnnouncement(payload);
    };
    socket.on(TOPICS.ANNOUNCEMENTS, listener);
    return () => {
      socket.off(TOPICS.ANNOUNCEMENTS, listener);
    };
  }, [socket]);
}
