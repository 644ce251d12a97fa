// Announcements heard on the socket (spec 01 §7, spec 02 §9): shown with their own duration, and with their type
// (Information, Success, Warning, Error) as a word in the title and an icon, not by colour alone. Each id is shown
// once. On a socket's first connect the tab asks the relay what it keeps (`announcements_catch_up`) and records
// those ids as seen without showing them: only what is sent after the tab came is ever shown (a reload does not
// show again what was closed before it, nor what was sent before the tab came). After a reconnect, and on the
// relay's `resync` (its fan-out to this socket may have dropped frames while the socket stayed connected), it asks
// again and shows the ones still within their duration for what is left of it.
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
import { emitWithAck, type AppSocket } from '../../../lib/socket/registry.ts';
import { useServerEvent } from '../../../lib/socket/use-server-event.ts';
import { useSocketRecovery } from '../../../lib/socket/use-socket-recovery.ts';

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

/**
 * Asks the relay for the announcements it keeps for this tab and records their ids as seen without showing any
 * (a socket's first connect). Resolves false when not answered.
 */
export async function rememberKeptAnnouncements(): Promise<boolean> {
  const ack = await emitWithAck(RELAY_EVENTS.ANNOUNCEMENTS_CATCH_UP, {}, 10_000);
  if (ack?.statusCode !== 200) return false;
  for (const { id } of ack.announcements) remember(id);
  return true;
}

/** The sockets whose first catch-up (rememberKeptAnnouncements) was answered. */
const primedSockets = new WeakSet<AppSocket>();

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

export interface AnnouncementsOptions {
  /** The random source of the wait after a `resync`, in [0, 1). @default Math.random */
  random?: () => number;
}

export function useAnnouncements({ random }: AnnouncementsOptions = {}): void {
  const { t } = useTranslation('announcements');
  const show = (announcement: Shown) => showAnnouncement(announcement, t);
  useServerEvent(TOPICS.ANNOUNCEMENTS, (payload) => {
    handleAnnouncement(payload, show);
  });
  // What was sent while the socket was down is asked at once after a reconnect (a few short timers are the point).
  // On the relay's `resync` (its fan-out to this socket may have dropped frames while it stayed connected) it is
  // asked after a random wait in [0, spread_ms), as chat does (ChatSync.resync), so the tabs of a node told at once
  // do not ask at once; a drop cancels that wait (the reconnect asks anyway), and so do a new socket and an unmount.
  useSocketRecovery(
    (cause, socket) => {
      // Bound to a socket already primed (mounted again): nothing is recorded again.
      if (cause === 'first_connect' && primedSockets.has(socket)) return;
      // The first catch-up of a socket only records what the relay keeps; every later one shows what was missed. A
      // first one not answered is asked again as a first one (the next connect or resync), never shown.
      if (primedSockets.has(socket)) {
        void recoverAnnouncements(show);
        return;
      }
      void rememberKeptAnnouncements().then((answered) => {
        if (answered) primedSockets.add(socket);
      });
    },
    { causes: ['first_connect', 'reconnect', 'resync'], random },
  );
}
