// Notifications with the spec's positions and durations (spec 01 §9, spec 02 §9): toasts 10 s; top-left
// notifications (achievement, access, restricted room) 5 s; announcements their own duration; chat toasts
// bottom-left, at most four at a time (their own store, so the limit applies to them alone). Every close button
// is named in the UI language ('Close' / 'Schließen'); announcements carry an icon for their type besides the
// colour (the announcements feature puts the type word in the title).
import { createElement, type ReactElement } from 'react';
import { createNotificationsStore, notifications } from '@mantine/notifications';
import { getI18n } from 'react-i18next';
import { NOTIFICATION_TYPES, TIMINGS } from '@showfloor/contracts';
import { markNotificationShown } from './notification-shown.ts';

/** The chat toasts' own store (bottom-left, limit 4). */
export const chatNotificationsStore = createNotificationsStore();

export type Tone = 'info' | 'success' | 'warning' | 'error';

const COLOURS: Record<Tone, string> = { info: 'blue', success: 'green', warning: 'yellow', error: 'red' };

/**
 * The close button's accessible name, in the language of the app's i18n instance (the one react-i18next was set
 * up with) at the time the notification shows; English before i18n is set up.
 */
function closeButtonProps(): { 'aria-label': string } {
  const i18n = getI18n() as ReturnType<typeof getI18n> | undefined;
  return { 'aria-label': i18n?.t('common:actions.close') ?? 'Close' };
}

const GLYPHS: Record<Tone, string> = { info: 'i', success: '✓', warning: '!', error: '✕' };

/** A tone's icon (decorative: the title names the type), dark on the warning's yellow, white on the others. */
export function toneIcon(tone: Tone): ReactElement {
  return createElement(
    'span',
    {
      'aria-hidden': true,
      'data-tone': tone,
      style: {
        fontWeight: 700,
        lineHeight: 1,
        ...(tone === 'warning' ? { color: 'var(--mantine-color-black)' } : {}),
      },
    },
    GLYPHS[tone],
  );
}

export interface NotifyInput {
  title?: string;
  message: string;
  tone?: Tone;
  id?: string;
}

/** A toast: top-right, 10 s. */
export function toast({ title, message, tone = 'info', id }: NotifyInput): string {
  markNotificationShown();
  return notifications.show({
    ...(id ? { id } : {}),
    title,
    message,
    color: COLOURS[tone],
    position: 'top-right',
    autoClose: TIMINGS.TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
}

/** A top-left notification (achievement, access, restricted room): 5 s. */
export function topLeftNotice({ title, message, tone = 'info', id }: NotifyInput): string {
  markNotificationShown();
  return notifications.show({
    ...(id ? { id } : {}),
    title,
    message,
    color: COLOURS[tone],
    position: 'top-left',
    autoClose: TIMINGS.TOP_LEFT_NOTIFICATION_MS,
    closeButtonProps: closeButtonProps(),
  });
}

/**
 * The id of the notice that the room the tab shows is not the user's: the room page's restricted room (its read
 * answered 401) and the session's access denied (an access change took it). After a reconnect both can come, the
 * room's read again and the access catch-up (features/session): with one id, the first shown stands and the
 * other is not shown (Mantine shows no notification whose id is already shown).
 */
export function roomRefusedNoticeId(roomId: number): string {
  return `room-restricted-${roomId}`;
}

/** Announcement type (1 Information ... 4 Error) to tone. */
export function announcementTone(type: number): Tone {
  switch (type) {
    case NOTIFICATION_TYPES.Success:
      return 'success';
    case NOTIFICATION_TYPES.Warning:
      return 'warning';
    case NOTIFICATION_TYPES.Error:
      return 'error';
    default:
      return 'info';
  }
}

/**
 * An announcement: its own duration in seconds; null keeps it until closed. Its type shows as colour and icon;
 * the caller's title should name it too (the colour alone does not tell everyone).
 */
export function announcementNotice(input: {
  title: string;
  message: string;
  type: number;
  duration: number | null;
}): string {
  const tone = announcementTone(input.type);
  markNotificationShown();
  return notifications.show({
    title: input.title,
    message: input.message,
    color: COLOURS[tone],
    icon: toneIcon(tone),
    position: 'top-right',
    autoClose: input.duration === null ? false : input.duration * 1000,
    closeButtonProps: closeButtonProps(),
  });
}

/** A chat toast: bottom-left, at most four shown (the rest wait in the queue). */
export function chatToast({ title, message, id }: NotifyInput): string {
  markNotificationShown();
  return notifications.show(
    {
      ...(id ? { id } : {}),
      title,
      message,
      position: 'bottom-left',
      autoClose: TIMINGS.TOAST_MS,
      closeButtonProps: closeButtonProps(),
    },
    chatNotificationsStore,
  );
}
