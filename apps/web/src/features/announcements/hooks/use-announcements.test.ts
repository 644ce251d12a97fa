import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { notifications, notificationsStore } from '@mantine/notifications';
import { announcementTone } from '../../../lib/ui/notify.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { setSocket } from '../../../lib/socket/registry.ts';
import { createFakeSocket } from '../../../testing/fake-socket.ts';
import {
  announcementTypeWord,
  forgetShownAnnouncements,
  handleAnnouncement,
  recoverAnnouncements,
  showAnnouncement,
  useAnnouncements,
} from './use-announcements.ts';

afterEach(async () => {
  setSocket(null);
  forgetShownAnnouncements();
  notifications.clean();
  await testI18n.changeLanguage('en');
});

describe('announcements', () => {
  it('shows an announcement with its type and its own duration', () => {
    const show = vi.fn();
    expect(
      handleAnnouncement(
        { id: 'a1', sent_at: 1, title: 'Keynote', message: 'Starts in 5 minutes', type: 3, duration: 20 },
        show,
      ),
    ).toBe(true);
    expect(show).toHaveBeenCalledWith({
      id: 'a1',
      sent_at: 1,
      title: 'Keynote',
      message: 'Starts in 5 minutes',
      type: 3,
      duration: 20,
    });
    expect(announcementTone(3)).toBe('warning');
    expect(announcementTone(4)).toBe('error');
    expect(announcementTone(2)).toBe('success');
    expect(announcementTone(1)).toBe('info');
  });

  it('ignores a malformed announcement', () => {
    const show = vi.fn();
    expect(handleAnnouncement({ title: 'x' }, show)).toBe(false);
    expect(show).not.toHaveBeenCalled();
  });

  it('names the type in words, in English and Deutsch', async () => {
    const t = testI18n.t.bind(testI18n);
    expect([1, 2, 3, 4].map((type) => announcementTypeWord(t, type))).toEqual([
      'Information',
      'Success',
      'Warning',
      'Error',
    ]);
    await testI18n.changeLanguage('de');
    expect([1, 2, 3, 4].map((type) => announcementTypeWord(t, type))).toEqual([
      'Information',
      'Erfolg',
      'Warnung',
      'Fehler',
    ]);
  });

  it('shows the type word in the title, not only a colour, with a named close button', async () => {
    renderWithProviders(createElement('p', null, 'page'));
    act(() => {
      showAnnouncement(
        { id: 'a1', sent_at: 1, title: 'Keynote', message: 'Starts in 5 minutes', type: 3, duration: 20 },
        testI18n.t.bind(testI18n),
      );
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Warning: Keynote')).toBeInTheDocument();
    expect(within(alert).getByText('Starts in 5 minutes')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('keeps announcements at their own duration, or open until closed', () => {
    const t = testI18n.t.bind(testI18n);
    const a = showAnnouncement({ id: 'a', sent_at: 1, title: 'A', message: 'm', type: 2, duration: 10 }, t);
    const b = showAnnouncement({ id: 'b', sent_at: 1, title: 'B', message: 'm', type: 4, duration: null }, t);
    const { notifications: shown, queue } = notificationsStore.getState();
    const all = [...shown, ...queue];
    expect(all.find((n) => n.id === a)).toMatchObject({ autoClose: 10_000, title: 'Success: A' });
    expect(all.find((n) => n.id === b)).toMatchObject({ autoClose: false, title: 'Error: B' });
  });
});

describe('announcements missed while the socket was down', () => {
  const live = { id: 'live', sent_at: 1, title: 'Live', message: 'm', type: 1, duration: 10 };
  const missed = { id: 'missed', sent_at: 2, title: 'Missed', message: 'm', type: 2, duration: 20 };
  const catchUpAck = () => ({
    statusCode: 200,
    announcements: [
      { ...live, remaining_ms: 4_000 },
      { ...missed, remaining_ms: 12_500 },
      { ...missed, id: 'untimed', duration: null, remaining_ms: null },
    ],
  });

  it('shows each id once: a live one is not shown again when recovered, nor a recovered one twice', async () => {
    const fake = createFakeSocket(catchUpAck);
    fake.install();
    const show = vi.fn();
    expect(handleAnnouncement(live, show)).toBe(true);
    expect(handleAnnouncement(live, show)).toBe(false);
    expect(await recoverAnnouncements(show)).toBe(2);
    expect(await recoverAnnouncements(show)).toBe(0);
    expect(handleAnnouncement(missed, show)).toBe(false);
    expect(
      show.mock.calls.map((call) => {
        const a = call[0] as { id: string; duration: number | null };
        return [a.id, a.duration];
      }),
    ).toEqual([
      ['live', 10],
      ['missed', 12.5],
      ['untimed', null],
    ]);
    expect(fake.emitted).toEqual([
      { topic: 'announcements_catch_up', payload: {} },
      { topic: 'announcements_catch_up', payload: {} },
    ]);
  });

  it('asks after a reconnect, not on the first connect, and shows what is left of the duration', async () => {
    const fake = createFakeSocket(catchUpAck);
    const state = fake.socket as unknown as { connected: boolean };
    state.connected = false;
    fake.install();
    renderWithProviders(createElement('p', null, 'page'));
    renderHook(() => useAnnouncements());
    const connect = () => {
      state.connected = true;
      fake.fire('connect', undefined);
    };
    act(connect);
    expect(fake.emitted).toEqual([]);
    act(() => {
      state.connected = false;
      fake.fire('disconnect', 'transport close');
    });
    act(connect);
    await waitFor(() => expect(fake.emitted.map((e) => e.topic)).toEqual(['announcements_catch_up']));
    await waitFor(() => {
      const { notifications: shown, queue } = notificationsStore.getState();
      expect(
        [...shown, ...queue]
          .map((n) => [n.title, n.autoClose])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      ).toEqual([
        ['Information: Live', 4_000],
        ['Success: Missed', 12_500],
        ['Success: Missed', false],
      ]);
    });
  });
});
