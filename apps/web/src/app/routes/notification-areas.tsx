// The notification areas: the default store (toasts top-right, top-left notices, announcements) and the chat
// store (bottom-left, at most four at a time).
import { Notifications } from '@mantine/notifications';
import { MAX_CHAT_TOASTS } from '@showfloor/contracts';
import { chatNotificationsStore } from '../../lib/ui/notify.ts';

export default function NotificationAreas() {
  return (
    <>
      <Notifications position="top-right" />
      <Notifications store={chatNotificationsStore} position="bottom-left" limit={MAX_CHAT_TOASTS} />
    </>
  );
}
