import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { notifications, notificationsStore } from '@mantine/notifications';
import { testI18n } from '../../testing/i18n.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { announcementNotice, chatNotificationsStore, chatToast, toast, topLeftNotice } from './notify.ts';

afterEach(async () => {
  await testI18n.changeLanguage('en');
  notifications.clean();
  notifications.clean(chatNotificationsStore);
  notifications.cleanQueue(chatNotificationsStore);
});

const shown = (id: string) =>
  [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue].find(
    (n) => n.id === id,
  );

const shownChat = (id: string) =>
  [...chatNotificationsStore.getState().notifications, ...chatNotificationsStore.getState().queue].find(
    (n) => n.id === id,
  );

/** Every kind of notification, once. */
function showOneOfEach() {
  return {
    main: [
      toast({ message: 'toast' }),
      topLeftNotice({ message: 'notice' }),
      announcementNotice({ title: 't', message: 'm', type: 1, duration: 5 }),
    ],
    chat: chatToast({ message: 'chat' }),
  };
}

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

  it("names every close button 'Close', in the UI language", async () => {
    const english = showOneOfEach();
    for (const id of english.main)
      expect(shown(id)?.closeButtonProps).toMatchObject({ 'aria-label': 'Close' });
    expect(shownChat(english.chat)?.closeButtonProps).toMatchObject({ 'aria-label': 'Close' });
    await testI18n.changeLanguage('de');
    const german = showOneOfEach();
    for (const id of german.main)
      expect(shown(id)?.closeButtonProps).toMatchObject({ 'aria-label': 'Schließen' });
    expect(shownChat(german.chat)?.closeButtonProps).toMatchObject({ 'aria-label': 'Schließen' });
  });

  it('gives announcements an icon for their type besides the colour', () => {
    const tones = [1, 2, 3, 4].map((type) =>
      shown(announcementNotice({ title: 't', message: 'm', type, duration: 5 })),
    );
    const icons = tones.map((n) => (n?.icon as { props: Record<string, unknown> } | undefined)?.props);
    expect(icons.map((p) => p?.['data-tone'])).toEqual(['info', 'success', 'warning', 'error']);
    expect(new Set(icons.map((p) => p?.children)).size).toBe(4);
    expect(icons.every((p) => p?.['aria-hidden'] === true)).toBe(true);
  });

  it('renders a close button screen readers can name', async () => {
    const { user } = renderWithProviders(createElement('p', null, 'page'));
    act(() => {
      toast({ title: 'Saved', message: 'Your profile was saved.', tone: 'success' });
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Saved')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(notificationsStore.getState().notifications).toHaveLength(0);
  });
});
