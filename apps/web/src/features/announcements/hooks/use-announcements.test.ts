import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { notifications, notificationsStore } from '@mantine/notifications';
import { announcementTone } from '../../../lib/ui/notify.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { announcementTypeWord, handleAnnouncement, showAnnouncement } from './use-announcements.ts';

afterEach(async () => {
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
