import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { notifications, notificationsStore } from '@mantine/notifications';
import { announcementTone } from '../../../lib/ui/notify.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { setSocket } from '../../../lib/socket/registry.ts';
import { createFakeSocket, unconnectedSocket } from '../../../testing/fake-socket.ts';
import {
  announcementTypeWord,
  forgetShownAnnouncements,
  handleAnnouncement,
  isAnnouncementSeen,
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

  /** The notices on screen or queued, as [title, autoClose], by title. */
  const notices = () => {
    const { notifications: shown, queue } = notificationsStore.getState();
    return [...shown, ...queue]
      .map((n) => [n.title, n.autoClose])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  };

  it('shows each id once, live or recovered, a recovered one for what is left of its duration', async () => {
    // Kept from before the tab came: recorded by the first connect's catch-up, never shown.
    const old = { ...live, id: 'old', title: 'Old', remaining_ms: 1_000 };
    const later = { ...missed, id: 'later', title: 'Later', type: 3, remaining_ms: 3_000 };
    let kept: unknown[] = [old];
    const fake = unconnectedSocket(() => ({ statusCode: 200, announcements: kept }));
    renderWithProviders(createElement('p', null, 'page'));
    renderHook(() => useAnnouncements());
    act(fake.connect);
    await waitFor(() => expect(isAnnouncementSeen('old')).toBe(true));
    // Heard live twice: shown once, for its own duration.
    act(() => fake.fire('announcements', live));
    act(() => fake.fire('announcements', live));
    expect(notices()).toEqual([['Information: Live', 10_000]]);

    // A reconnect recovers the live one again (not shown again), the missed ones (shown for what is left).
    kept = [old, ...catchUpAck().announcements];
    act(fake.drop);
    act(fake.connect);
    await waitFor(() => expect(notices()).toHaveLength(3));
    // A second reconnect recovers the same and one more: only that one shows.
    kept = [...kept, later];
    act(fake.drop);
    act(fake.connect);
    await waitFor(() => expect(notices()).toHaveLength(4));
    // Heard live after it was recovered: not shown again.
    act(() => fake.fire('announcements', missed));
    expect(notices()).toEqual([
      ['Information: Live', 10_000],
      ['Success: Missed', 12_500],
      ['Success: Missed', false],
      ['Warning: Later', 3_000],
    ]);
    expect(fake.emitted).toEqual([
      { topic: 'announcements_catch_up', payload: {} },
      { topic: 'announcements_catch_up', payload: {} },
      { topic: 'announcements_catch_up', payload: {} },
    ]);
  });

  it('on the first connect records what the relay keeps without showing it; after a reconnect shows the rest', async () => {
    // A reload: the relay still keeps 'live' (closed before the reload) and 'untimed' (sent before the tab came).
    const before = {
      statusCode: 200,
      announcements: catchUpAck().announcements.filter((a) => a.id !== 'missed'),
    };
    let answer: () => unknown = () => before;
    const fake = unconnectedSocket(() => answer());
    const { connect, drop } = fake;
    renderWithProviders(createElement('p', null, 'page'));
    renderHook(() => useAnnouncements());
    act(connect);
    expect(fake.emitted.map((e) => e.topic)).toEqual(['announcements_catch_up']);
    await waitFor(() => expect(isAnnouncementSeen('untimed')).toBe(true));
    expect(isAnnouncementSeen('live')).toBe(true);
    expect(notices()).toEqual([]);
    answer = catchUpAck;
    act(drop);
    act(connect);
    expect(fake.emitted.map((e) => e.topic)).toEqual(['announcements_catch_up', 'announcements_catch_up']);
    await waitFor(() => expect(notices()).toEqual([['Success: Missed', 12_500]]));
  });

  it('asks once after a resync without a reconnect, after its random wait, and shows what it missed', async () => {
    const fake = createFakeSocket(catchUpAck);
    fake.install();
    renderWithProviders(createElement('p', null, 'page'));
    // Mounted on a connected socket: its first connect passed unheard, so it asks at once and records.
    renderHook(() => useAnnouncements({ random: () => 0.5 }));
    expect(fake.emitted.map((e) => e.topic)).toEqual(['announcements_catch_up']);
    await waitFor(() => expect(isAnnouncementSeen('missed')).toBe(true));
    forgetShownAnnouncements(); // as if 'missed' and 'untimed' had been sent after the first answer
    handleAnnouncement(live, vi.fn());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => fake.fire('resync', { reason: 'fanout_interrupted', spread_ms: 1_000 }));
      act(() => {
        vi.advanceTimersByTime(499);
      });
      expect(fake.emitted).toHaveLength(1);
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(fake.emitted).toHaveLength(2);
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
    } finally {
      vi.useRealTimers();
    }
    expect(fake.emitted.map((e) => e.topic)).toEqual(['announcements_catch_up', 'announcements_catch_up']);
    await waitFor(() =>
      expect(notices()).toEqual([
        ['Success: Missed', 12_500],
        ['Success: Missed', false],
      ]),
    );
  });

  it("a drop and a reconnect during a resync's wait: one catch-up, the reconnect's", async () => {
    const fake = createFakeSocket(catchUpAck);
    fake.install();
    renderHook(() => useAnnouncements({ random: () => 0.5 }));
    await waitFor(() => expect(isAnnouncementSeen('missed')).toBe(true));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => fake.fire('resync', { reason: 'peer_lost', spread_ms: 1_000 }));
      act(fake.drop);
      act(fake.connect);
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
    } finally {
      vi.useRealTimers();
    }
    expect(fake.emitted.map((e) => e.topic)).toEqual(['announcements_catch_up', 'announcements_catch_up']);
  });

  it('mounted again on a socket whose first answer was recorded: asks nothing until a reconnect or a resync', async () => {
    const fake = createFakeSocket(catchUpAck);
    fake.install();
    const first = renderHook(() => useAnnouncements());
    await waitFor(() => expect(isAnnouncementSeen('missed')).toBe(true));
    first.unmount();
    renderHook(() => useAnnouncements());
    expect(fake.emitted).toHaveLength(1);
    act(fake.drop);
    act(fake.connect);
    expect(fake.emitted).toHaveLength(2);
  });
});
