// Announcements heard on the socket (spec 01 §7, spec 02 §9): shown with their own duration, and with their type
// (Information, Success, Warning, Error) as a word in the title and an icon, not by colour alone.
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AnnouncementSchema, TOPICS, type Announcement } from '@showfloor/contracts';
import { announcementNotice, announcementTone } from '../../../lib/ui/notify.ts';
import { useSocket } from '../../../lib/socket/registry.ts';

export function handleAnnouncement(
  payload: unknown,
  show: (announcement: Announcement) => unknown = announcementNotice,
): boolean {
  const parsed = AnnouncementSchema.safeParse(payload);
  if (!parsed.success) return false;
  show(parsed.data);
  return true;
}

/** The type's word in the UI language (type 1 Information ... 4 Error; unknown types read as Information). */
export function announcementTypeWord(t: TFunction, type: number): string {
  // The catalogue's keys are the tones: types.info, types.success, types.warning, types.error.
  return t(`types.${announcementTone(type)}`, { ns: 'announcements' });
}

/** Shows an announcement whose title starts with its type, e.g. 'Warning: Keynote'. */
export function showAnnouncement(announcement: Announcement, t: TFunction): string {
  return announcementNotice({
    ...announcement,
    title: t('titleWithType', {
      ns: 'announcements',
      type: announcementTypeWord(t, announcement.type),
      title: announcement.title,
    }),
  });
}

export function useAnnouncements(): void {
  const socket = useSocket();
  const { t } = useTranslation('announcements');
  useEffect(() => {
    if (!socket) return undefined;
    const listener = (payload: unknown) => {
      handleAnnouncement(payload, (announcement) => showAnnouncement(announcement, t));
    };
    socket.on(TOPICS.ANNOUNCEMENTS, listener);
    return () => {
      socket.off(TOPICS.ANNOUNCEMENTS, listener);
    };
  }, [socket, t]);
}
