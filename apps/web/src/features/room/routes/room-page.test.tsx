import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { notifications, notificationsStore } from '@mantine/notifications';
import { TIMINGS } from '@showfloor/contracts';
import { clearSession, startSession, updateCurrentUser } from '../../../lib/session/session.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, mockTrpc, type Handler } from '../../../testing/trpc-mock.ts';
import RoomPage from './room-page.tsx';

beforeEach(async () => {
  await startSession(makeUser());
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  notifications.clean();
  clearSession();
  await testI18n.changeLanguage('en');
});

function openRoom(handler: Handler, route = '/room/5') {
  const gateway = mockTrpc({ 'content.getRoom': handler });
  const view = renderWithProviders(<RoomPage />, {
    route,
    path: '/room/:roomId',
    routes: { '/lobby': <p>lobby page</p> },
  });
  return { ...view, gateway };
}

/** The notification titled `title` (the scene's own card says the same). */
async function findNotice(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const notice = screen
      .getAllByText(title)
      .map((element) => element.closest<HTMLElement>('.mantine-Notification-root'))
      .find((root) => root !== null);
    if (!notice) throw new Error(`'${title}' is not in a notification`);
    return notice;
  });
}

const restricted = () => fail({ message: 'Unauthorized', code: 'UNAUTHORIZED', httpStatus: 401 });

describe('room page', () => {
  it('names the room it loads', async () => {
    const { gateway } = openRoom(() => ({ id: 5, name: 'Expo Hall', link: 'https://rooms.test/expo' }));
    expect(await screen.findByRole('heading', { name: 'Expo Hall' })).toBeInTheDocument();
    expect(gateway.inputsOf('content.getRoom')).toEqual([{ id: 5 }]);
  });

  // A room's scene keeps per-room state from its mount (the iframe's link, the version of the user's microphone it
  // heard, sent as `heard` with each report): going to another room in the same tab mounts a new scene.
  it('mounts a new scene for another room, not the previous one with its state', async () => {
    const rooms: Record<number, { id: number; name: string; link: string }> = {
      5: { id: 5, name: 'Expo Hall', link: 'https://rooms.test/expo' },
      2: { id: 2, name: 'Stage', link: 'https://rooms.test/stage' },
    };
    mockTrpc({ 'content.getRoom': (input) => rooms[(input as { id: number }).id] });
    renderWithProviders(
      <>
        <RoomPage />
        <Link to="/room/2">next room</Link>
        <Link to="/room/5">back</Link>
      </>,
      { route: '/room/5', path: '/room/:roomId' },
    );
    expect((await screen.findByTitle('Expo Hall')).getAttribute('src')).toMatch(
      /^https:\/\/rooms\.test\/expo/,
    );
    fireEvent.click(screen.getByRole('link', { name: 'next room' }));
    expect((await screen.findByTitle('Stage')).getAttribute('src')).toMatch(/^https:\/\/rooms\.test\/stage/);
    // Back to a room already read: shown at once from the cache, with no loader between the scenes.
    fireEvent.click(screen.getByRole('link', { name: 'back' }));
    expect((await screen.findByTitle('Expo Hall')).getAttribute('src')).toMatch(
      /^https:\/\/rooms\.test\/expo/,
    );
  });

  it('shows a restricted room at the top left for 5 s and goes to /lobby after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { location } = openRoom(restricted);
    const notice = await findNotice('Restricted room');
    expect(
      within(notice).getByText(
        'You do not have access to this room. You will be taken to the lobby in a few seconds.',
      ),
    ).toBeInTheDocument();
    expect(notificationsStore.getState().notifications).toEqual([
      expect.objectContaining({ position: 'top-left', autoClose: TIMINGS.TOP_LEFT_NOTIFICATION_MS }),
    ]);
    await act(async () => {
      vi.advanceTimersByTime(TIMINGS.ROOM_ACCESS_REDIRECT_MS - 500);
    });
    expect(location().pathname).toBe('/room/5');
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    expect(location().pathname).toBe('/lobby');
    expect(await screen.findByText('lobby page')).toBeInTheDocument();
  });

  // After a reconnect the room's read again and the access catch-up (features/session) can both say the room is
  // gone: once the stored access no longer lists it, the access change's notice and redirect are the ones.
  it("leaves a read's 401 to the access change once the stored access no longer lists the room", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let isRefused = false;
    const { location, queryClient } = openRoom(() =>
      isRefused ? restricted() : { id: 5, name: 'Expo Hall', link: 'https://rooms.test/expo' },
    );
    expect(await screen.findByRole('heading', { name: 'Expo Hall' })).toBeInTheDocument();
    isRefused = true;
    await act(() => queryClient.invalidateQueries());
    await findNotice('Restricted room');
    await act(() => updateCurrentUser({ room_access: [1, 2] }));
    await act(async () => {
      vi.advanceTimersByTime(TIMINGS.ROOM_ACCESS_REDIRECT_MS + 1000);
    });
    // The page's own redirect was called off (the access change's goes instead); its card stays.
    expect(location().pathname).toBe('/room/5');
    expect(screen.getByRole('heading', { name: 'Restricted room', level: 2 })).toBeInTheDocument();
  });

  it('shows the restricted room as a card whose button goes to the lobby at once', async () => {
    const { user, location } = openRoom(restricted);
    expect(await screen.findByRole('heading', { name: 'Restricted room', level: 2 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the lobby now' }));
    expect(location().pathname).toBe('/lobby');
  });

  it('says so in Deutsch too', async () => {
    await testI18n.changeLanguage('de');
    openRoom(restricted);
    const notice = await findNotice('Eingeschränkter Raum');
    expect(notice).toHaveAttribute('role', 'alert');
  });

  it('leaves other failures, and token or session 401s, to their own handling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { location } = openRoom(() =>
      fail({ message: 'Login session expired.', code: 'UNAUTHORIZED', httpStatus: 401, error_code: '401.2' }),
    );
    expect(await screen.findByText('Login session expired.')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(TIMINGS.ROOM_ACCESS_REDIRECT_MS + 1000);
    });
    expect(notificationsStore.getState().notifications).toHaveLength(0);
    expect(location().pathname).toBe('/room/5');
  });
});
