// Announcements heard on the socket (spec 01 §7, spec 02 §9): shown with their own duration, and with their type
// (Information, Success, Warning, Error) as a word in the title and an icon, not by colour alone. Each id is shown
// once. Those missed are caught up (`announcements_catch_up`) as every kept kind is (`use-kept-catch-up.ts`: the
// first connect records the kept ids as seen, so only what is sent after the tab came is ever shown; a reconnect or
// `resync` shows the ones still within their duration for what is left of it).
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  ANNOUNCEMENTS_KEPT_PER_EVENT,
  AnnouncementSchema,
  RELAY_EVENTS,
  TOPICS,
  type Announcement,
  type RecoveredAnnouncement,
} from '@showfloor/contracts';
import { announcementNotice, announcementTone } from '../../../lib/ui/notify.ts';
import { keptCatchUp, type KeptCatchUpOptions } from '../../../lib/socket/use-kept-catch-up.ts';
import { useServerEvent } from '../../../lib/socket/use-server-event.ts';

/** An announcement to show: `duration` in seconds (a recovered one's is what is left of it), null until closed. */
type Shown = Omit<Announcement, 'duration'> & { duration: number | null };

/** The ids this tab has shown, oldest first; bounded (the relay keeps no more than its cap per event anyway). */
const shownIds = new Set<string>();
const SHOWN_IDS_KEPT = ANNOUNCEMENTS_KEPT_PER_EVENT * 4;

/** Records an id as shown, keeping the newest SHOWN_IDS_KEPT. False when it was recorded already. */
function remember(id: string): boolean {
  if (shownIds.has(id)) return false;
  shownIds.add(id);
  if (shownIds.size > SHOWN_IDS_KEPT) shownIds.delete(shownIds.values().next().value as string);
  return true;
}

/** Shows an announcement unless its id was shown already (heard live and recovered, or recovered twice). */
function showOnce(announcement: Shown, show: (announcement: Shown) => unknown): boolean {
  if (!remember(announcement.id)) return false;
  show(announcement);
  return true;
}

/** Forgets the ids shown (tests). */
export function forgetShownAnnouncements(): void {
  shownIds.clear();
}

/** Whether an id was shown or recorded as seen (tests). */
export function isAnnouncementSeen(id: string): boolean {
  return shownIds.has(id);
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

/** Shows a recovered announcement not shown yet, for what is left of its duration. */
function showRecovered(
  { remaining_ms: remainingMs, ...rest }: RecoveredAnnouncement,
  show: (announcement: Shown) => unknown,
): boolean {
  return showOnce({ ...rest, duration: remainingMs === null ? null : remainingMs / 1000 }, show);
}

/** The announcements the relay keeps for this tab, still within their duration. */
const useKeptAnnouncements = keptCatchUp(
  RELAY_EVENTS.ANNOUNCEMENTS_CATCH_UP,
  (answer) => answer.announcements,
);

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

export type AnnouncementsOptions = KeptCatchUpOptions;

export function useAnnouncements({ random }: AnnouncementsOptions = {}): void {
  const { t } = useTranslation('announcements');
  const show = (announcement: Shown) => showAnnouncement(announcement, t);
  useServerEvent(TOPICS.ANNOUNCEMENTS, (payload) => {
    handleAnnouncement(payload, show);
  });
  // Asked at once after a reconnect (a few short timers are the point); on the relay's `resync` after a random wait
  // in [0, spread_ms), as chat does (ChatSync.resync), cancelled by a drop, a new socket and an unmount.
  useKeptAnnouncements({
    record: ({ id }) => remember(id),
    act: (kept) => showRecovered(kept, show),
    random,
  });
}
