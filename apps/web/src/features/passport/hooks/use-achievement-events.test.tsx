import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { AchievementResult, Passport } from '@showfloor/contracts';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { setSocket } from '../../../lib/socket/registry.ts';
import { createFakeSocket } from '../../../testing/fake-socket.ts';
import { makeUser, prefs } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { withAchievement } from '../api/use-passport.ts';
import PassportPage from '../routes/passport-page.tsx';
import { useAchievementEvents } from './use-achievement-events.ts';

function WithAchievements() {
  useAchievementEvents();
  return <PassportPage />;
}

const explorer = { id: 3, title: 'Explorer', description: 'Expo Hall.', coin_value: 20 };
const before: Passport = {
  badges: [
    { id: 1, title: 'Welcome', description: 'Lobby.', badge_complete: true, coin_value: 50 },
    { ...explorer, badge_complete: false },
  ],
  coin_balance: 50,
  passport_claimed: false,
};
/** What the provider recorded for the Explorer's attribute: the badge complete, 20 coins credited. */
const completed: AchievementResult = {
  badge: { ...explorer, badge_complete: true },
  coins_credited: 20,
  coin_balance: 70,
};
/** The same achievement again: nothing new. */
const repeated: AchievementResult = { badge: null, coins_credited: 0, coin_balance: 70 };
const event = (userId: number, result?: AchievementResult) => ({
  user_id: userId,
  achievement_attribute: 'visit_booth_a',
  room_id: 4,
  event_code: 'DEMO',
  ...(result ? { result } : {}),
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

/** The passport page with the topic's hook, on a gateway that always answers `before` (a read would undo a write). */
async function openPassport() {
  const fake = mockTrpc({
    'event.getPreferences': () => prefs({ passport_badges: 'yes', achievement_store: 'yes' }),
    'event.getPassport': () => before,
  });
  const socket = createFakeSocket();
  socket.install();
  const rendered = renderWithProviders(<WithAchievements />);
  expect(await screen.findByText('1 of 2 badges complete')).toBeInTheDocument();
  await waitFor(() => expect(socket.listenerCount('user_achievement_events')).toBe(1));
  await waitFor(() => expect(rendered.queryClient.isFetching()).toBe(0));
  return {
    fake,
    socket,
    queryClient: rendered.queryClient,
    reads: fake.inputsOf('event.getPassport').length,
  };
}

describe('achievement events', () => {
  it('write the result into the open passport without reading it again and announce the badge with its coins', async () => {
    const { fake, socket, queryClient, reads } = await openPassport();

    // Someone else's achievement (heard in the room, without a result) changes nothing.
    act(() => socket.fire('user_achievement_events', event(8)));
    act(() => socket.fire('user_achievement_events', event(7, completed)));
    expect(await screen.findByText('2 of 2 badges complete')).toBeInTheDocument();
    expect(screen.getByTestId('coin-balance')).toHaveTextContent('70 coins');
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Badge completed')).toBeInTheDocument();
    expect(notice).toHaveTextContent('Explorer: +20 coins');

    // A repeat completes nothing: no second notice.
    act(() => socket.fire('user_achievement_events', event(7, repeated)));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByText('2 of 2 badges complete')).toBeInTheDocument();
    expect(screen.getByTestId('coin-balance')).toHaveTextContent('70 coins');
    expect(fake.inputsOf('event.getPassport')).toHaveLength(reads);
  });

  it('read the passport again when an own achievement comes without its result', async () => {
    const { fake, socket, reads } = await openPassport();
    act(() => socket.fire('user_achievement_events', event(7)));
    await waitFor(() => expect(fake.inputsOf('event.getPassport')).toHaveLength(reads + 1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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
});

describe('withAchievement', () => {
  it('completes the badge and takes the provider balance', () => {
    const after = withAchievement(before, completed);
    expect(after.badges.map((b) => [b.title, b.badge_complete])).toEqual([
      ['Welcome', true],
      ['Explorer', true],
    ]);
    expect(after.coin_balance).toBe(70);
    expect(after.passport_claimed).toBe(false);
  });

  it('adds a completed badge the passport did not list, and changes no badge when none completed', () => {
    const newBadge = { id: 9, title: 'Listener', description: '', badge_complete: true, coin_value: null };
    expect(withAchievement(before, { ...completed, badge: newBadge }).badges.map((b) => b.id)).toEqual([
      1, 3, 9,
    ]);
    const unchanged = withAchievement(before, { badge: null, coins_credited: 0, coin_balance: 55 });
    expect(unchanged.badges).toBe(before.badges);
    expect(unchanged.coin_balance).toBe(55);
  });
});
