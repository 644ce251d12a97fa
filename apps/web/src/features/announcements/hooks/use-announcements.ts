// Announcements heard on the socket (spec 01 §7, spec 02 §9): shown with their own duration, and with their type
// (Information, Success, Warning, Error) as a word in the title and an icon, not by colour alone. Each id is shown
// once: after a reconnect (not the first connect) the tab asks the relay for those it missed
// (`announcements_catch_up`) and shows the ones still within their duration for what is left of it.
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  ANNOUNCEMENTS_KEPT_PER_EVENT,
  AnnouncementSchema,
  RELAY_EVENTS,
  TOPICS,
  type Announcement,
} from '@showfloor/contracts';
import { announcementNotice, announcementTone } from '../../../lib/ui/notify.ts';
import { emitWithAck, useSocket, useSocketReconnect } from '../../../lib/socket/registry.ts';

/** An announcement to show: `duration` in seconds (a recovered one's is what is left of it), null until closed. */
type Shown = Omit<Announcement, 'duration'> & { duration: number | null };

/** The ids this tab has shown, oldest first; bounded (the relay keeps no more than its cap per event anyway). */
const shownIds = new Set<string>();
const SHOWN_IDS_KEPT = ANNOUNCEMENTS_KEPT_PER_EVENT * 4;

/** Shows an announcement unless its id was shown already (heard live and recovered, or recovered twice). */
function showOnce(announcement: Shown, show: (announcement: Shown) => unknown): boolean {
  if (shownIds.has(announcement.id)) return false;
  shownIds.add(announcement.id);
  if (shownIds.size > SHOWN_IDS_KEPT) shownIds.delete(shownIds.values().next().value as string);
  show(announcement);
  return true;
}

/** Forgets the ids shown (tests). */
export function forgetShownAnnouncements(): void {
  shownIds.clear();
}

/** A live `announcements` frame: shown once by its id. False when malformed or shown already. */
export function handleAnnouncement(
  payload: unknown,
  show: (announcement: Shown) => unknown = announcementNotice,
): boolean {
  const parsed = AnnouncementSchema.safeParse(payload);
  if (!parsed.success) return false;
  return showOnce(parsed.data, show);
}

/**
 * Asks the relay for the announcements meant for this tab still within their duration and shows those not shown
 * yet, each for what is left of its duration. Resolves with how many were shown (nothing when not answered).
 */
export async function recoverAnnouncements(show: (announcement: Shown) => unknown): Promise<number> {
  const ack = await emitWithAck(RELAY_EVENTS.ANNOUNCEMENTS_CATCH_UP, {}, 10_000);
  if (ack?.statusCode !== 200) return 0;
  let shown = 0;
  for (const { remaining_ms: remainingMs, ...announcement } of ack.announcements) {
    const duration = remainingMs === null ? null : remainingMs / 1000;
    if (showOnce({ ...announcement, duration }, show)) shown += 1;
  }
  return shown;
}

/** The type's word in the UI language (type 1 Information ... 4 Error; unknown types read as Information). */
export function announcementTypeWord(t: TFunction, type: number): string {
  // The catalogue's keys are the tones: types.info, types.success, types.warning, types.error.
  return t(`types.${announcementTone(type)}`, { ns: 'announcements' });
}

/** Shows an announcement whose title starts with its type, e.g. 'Warning: Keynote'. */
export function showAnnouncement(announcement: Shown, t: TFunction): string {
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
  // What was sent while the socket was down: asked at once (a few short timers are the point), not spread.
  useSocketReconnect(() => {
    void recoverAnnouncements((announcement) => showAnnouncement(announcement, t));
  });
}
