// Whether the tab has shown a notification yet (notify.ts sets it): the root layout mounts the notification areas,
// and so loads @mantine/notifications, from the first one on; pages that never notify (login) carry neither.
import { createExternalStore } from '../external-store.ts';

export const notificationShownStore = createExternalStore(false);

export function markNotificationShown(): void {
  if (!notificationShownStore.get()) notificationShownStore.set(true);
}
