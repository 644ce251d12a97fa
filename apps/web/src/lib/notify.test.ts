import { afterEach, describe, expect, it } from 'vitest';
import { notifications, notificationsStore } from '@mantine/notifications';
import { announcementNotice, chatNotificationsStore, chatToast, toast, topLeftNotice } from './notify.ts';

afterEach(() => {
  notifications.clean();
  notifications.clean(chatNotificationsStore);
  notifications.cleanQueue(chatNotificationsStore);
});

const shown = (id: string) =>
  [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue].find(
    (n) => n.id === id,
  );

describe('notifications', () => {
  it('closes toasts after 10 s and top-left notices after 5 s', () => {
    const a = toast({ message: 'toast' });
    const b = topLeftNotice({ message: 'notice' });
    expect(shown(a)).toMatchObject({ autoClose: 10_000, position: 'top-right' });
    expect(shown(b)).toMatchObject({ autoClose: 5000, position: 'top-left' });
  });

  it('gives announcements their own duration, or keeps them until closed', () => {
    const a = announcementNotice({ title: 't', message: 'm', type: 2, duration: 20 });
    const b = announcementNotice({ title: 't', message: 'm', type: 4, duration: null });
    expect(shown(a)).toMatchObject({ autoClose: 20_000, color: 'green' });
    expect(shown(b)).toMatchObject({ autoClose: false, color: 'red' });
  });

  it('shows at most four chat toasts at the bottom left and queues the rest', () => {
    chatNotificationsStore.setState({ ...chatNotificationsStore.getState(), limit: 4 });
    for (let i = 0; i < 6; i += 1) chatToast({ message: `chat ${i}` });
    const state = chatNotificationsStore.getState();
    expect(state.notifications).toHaveLength(4);
    expect(state.queue).toHaveLength(2);
    expect(state.notifications.every((n) => n.position === 'bottom-left')).toBe(true);
    expect(notificationsStore.getState().notifications).toHaveLength(0);
  });
});
