// Notifications with the spec's positions and durations (spec 01 §9, spec 02 §9): toasts 10 s; top-left
// notifications (achievement, access, restricted room) 5 s; announcements their own duration; chat toasts
// bottom-left, at most four at a time (their own store, so the limit applies to them alone).
import { createNotificationsStore, notifications } from '@mantine/notifications';
import { NOTIFICATION_TYPES, TIMINGS } from '@showfloor/contracts';

/** The chat toasts' own store (bottom-left, limit 4). */
export const chatNotificationsStore = createNotificationsStore();

export type Tone = 'info' | 'success' | 'warning' | 'error';

const COLOURS: Record<Tone, string> = { info: 'blue', success: 'green', warning: 'yellow', error: 'red' };

export interface NotifyInput {
  title?: string;
  message: string;
  tone?: Tone;
  id?: string;
}

/** A toast: top-right, 10 s. */
export function toast({ title, message, tone = 'info', id }: NotifyInput): string {
  return notifications.show({
    ...(id ? { id } : {}),
    title,
    message,
    color: COLOURS[tone],
    position: 'top-right',
    autoClose: TIMINGS.TOAST_MS,
  });
}

/** A top-left notification (achievement, access, restricted room): 5 s. */
export function topLeftNotice({ title, message, tone = 'info', id }: NotifyInput): string {
  return notifications.show({
    ...(id ? { id } : {}),
    title,
    message,
    color: COLOURS[tone],
    position: 'top-left',
    autoClose: TIMINGS.TOP_LEFT_NOTIFICATION_MS,
  });
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

/** An announcement: its own duration in seconds; null keeps it until closed. */
export function announcementNotice(input: {
  title: string;
  message: string;
  type: number;
  duration: number | null;
}) {
  return notifications.show({
    title: input.title,
    message: input.message,
    color: COLOURS[announcementTone(input.type)],
    position: 'top-right',
    autoClose: input.duration === null ? false : input.duration * 1000,
  });
}

/** A chat toast: bottom-left, at most four shown (the rest wait in the queue). */
export function chatToast({ title, message, id }: NotifyInput): string {
  return notifications.show(
    {
      ...(id ? { id } : {}),
      title,
      message,
      position: 'bottom-left',
      autoClose: TIMINGS.TOAST_MS,
    },
    chatNotificationsStore,
  );
}
