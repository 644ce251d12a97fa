import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { Passport } from '@showfloor/contracts';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { setSocket } from '../../../lib/socket/registry.ts';
import { createFakeSocket } from '../../../testing/fake-socket.ts';
import { makeUser, prefs } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import PassportPage from '../routes/passport-page.tsx';
import { newlyCompleted, useAchievementEvents } from './use-achievement-events.ts';

function WithAchievements() {
  useAchievementEvents();
  return <PassportPage />;
}

const before: Passport = {
  badges: [
    { id: 1, title: 'Welcome', description: 'Lobby.', badge_complete: true, coin_value: 50 },
    { id: 3, title: 'Explorer', description: 'Expo Hall.', badge_complete: false, coin_value: 20 },
  ],
  coin_balance: 50,
  passport_claimed: false,
};
const after: Passport = {
  ...before,
  badges: before.badges.map((b) => ({ ...b, badge_complete: true })),
  coin_balance: 70,
};
const event = (userId: number) => ({
  user_id: userId,
  achievement_attribute: 'visit_booth_a',
  room_id: 4,
  event_code: 'DEMO',
});

beforeEach(async () => {
  await startSession(makeUser({ id: 7 }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  notifications.clean();
  setSocket(null);
  clearSession();
  await testI18n.changeLanguage('en');
});

describe('achievement events', () => {
  it('reload the open passport live and announce the completed badge with its coins', async () => {
    let current = before;
    const fake = mockTrpc({
      'event.getPreferences': () => prefs({ passport_badges: 'yes', achievement_store: 'yes' }),
      'event.getPassport': () => current,
    });
    const socket = createFakeSocket();
    socket.install();
    renderWithProviders(<WithAchievements />);
    expect(await screen.findByText('1 of 2 badges complete')).toBeInTheDocument();
    await waitFor(() => expect(socket.listenerCount('user_achievement_events')).toBe(1));
    const reads = fake.inputsOf('event.getPassport').length;

    // Someone else's achievement (heard in the room) changes nothing.
    act(() => socket.fire('user_achievement_events', event(8)));
    current = after;
    act(() => socket.fire('user_achievement_events', event(7)));
    expect(await screen.findByText('2 of 2 badges complete')).toBeInTheDocument();
    expect(screen.getByTestId('coin-balance')).toHaveTextContent('70 coins');
    expect(fake.inputsOf('event.getPassport')).toHaveLength(reads + 1);
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Badge completed')).toBeInTheDocument();
    expect(notice).toHaveTextContent('Explorer: +20 coins');
  });

  it('listens only while the event has a passport', async () => {
    const fake = mockTrpc({
      'event.getPreferences': () => prefs({ passport_badges: 'no' }),
      'event.getPassport': () => before,
    });
    const socket = createFakeSocket();
    socket.install();
    function Probe() {
      useAchievementEvents();
      return null;
    }
    const { queryClient } = renderWithProviders(<Probe />);
    await waitFor(() => expect(fake.inputsOf('event.getPreferences')).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(socket.listenerCount('user_achievement_events')).toBe(0);
    // No passport read either.
    expect(fake.inputsOf('event.getPassport')).toHaveLength(0);
  });

  it('finds the badges an achievement completed', () => {
    expect(newlyCompleted(before, after).map((b) => b.title)).toEqual(['Explorer']);
    expect(newlyCompleted(after, after)).toEqual([]);
    expect(newlyCompleted(undefined, after)).toEqual([]);
  });
});
