// The rooms a missed `user_access_change` changed, recovered after a reconnect (features/session `catchUpAccess`,
// asked by useSessionEvents in its own wait of up to RECONNECT_SPREAD_MS): the tab asks the relay `access_catch_up`
// with how long its socket was down and applies the answer as that frame (`unchanged`: it keeps its list). Not on the socket's first connection (the sign-in answer is fresh). When
// the room on screen was taken, its read again answers 401 too: one notice, not the room page's and the session's.
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { notifications, notificationsStore } from '@mantine/notifications';
import {
  RECONNECT_SPREAD_MS,
  RELAY_EVENTS,
  RELAY_REFUSAL_RETRY_MS,
  TIMINGS,
  type AccessCatchUpAck,
  type AccessibleRoom,
} from '@showfloor/contracts';
import { clearSession, getCurrentUser, startSession } from '../../lib/session/session.ts';
import { setSocket } from '../../lib/socket/registry.ts';
import { unconnectedSocket, type Emitted } from '../../testing/fake-socket.ts';
import { makeLobby, makeRoom, makeUser, prefs } from '../../testing/fixtures.ts';
import { testI18n } from '../../testing/i18n.ts';
import { TestProviders, createTestQueryClient } from '../../testing/render.tsx';
import { fail, mockTrpc } from '../../testing/trpc-mock.ts';
import { AppRoutes } from '../router.tsx';

// The test installs the tab's socket itself (a fake): the shell opens none.
vi.mock('../../lib/socket/connection.ts', () => ({ useSocketConnection: () => undefined }));
// The scene's embedded room stands in as its name: what is tested is the page around it.
vi.mock('../../features/room/components/room-scene.tsx', () => ({
  SceneFrame: ({ heading, children }: { heading: string; children: React.ReactNode }) => (
    <section>
      <h1>{heading}</h1>
      {children}
    </section>
  ),
  SceneLoader: () => <p>loading</p>,
  RoomScene: ({ room }: { room: { name: string } }) => <p>inside {room.name}</p>,
}));

const HALL: AccessibleRoom = { roomId: 1, roomName: 'Lobby' };
const STAGE: AccessibleRoom = { roomId: 2, roomName: 'Stage' };
const MEETING: AccessibleRoom = { roomId: 3, roomName: 'Meeting room' };
const ROOM_5 = 5;

let path = '';
// A layout effect: the path is recorded in the commit that renders it.
function LocationProbe() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    path = pathname;
  }, [pathname]);
  return null;
}

/**
 * The app at `route` with the tab's socket not yet connected; `access` answers `access_catch_up` (every other emit
 * gets a plain 200), `room` the room's read.
 */
function renderApp(
  route: string,
  access: () => AccessCatchUpAck | Promise<AccessCatchUpAck>,
  room: () => unknown = () => makeRoom({ id: ROOM_5, name: 'Hall 5' }),
) {
  mockTrpc({
    'event.getPreferences': () => prefs({ private_chat: 'yes' }),
    'event.getOpenHours': () => ({ event_open_hours: [] }),
    'content.getLobby': () => makeLobby(),
    'content.getRoom': () => room(),
    'conversation.listConversations': () => ({ conversations: [] }),
  });
  const fake = unconnectedSocket((emitted: Emitted) =>
    emitted.topic === RELAY_EVENTS.ACCESS_CATCH_UP ? access() : { statusCode: 200 },
  );
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </TestProviders>,
  );
  return {
    asked: () => fake.emitted.filter((each) => each.topic === RELAY_EVENTS.ACCESS_CATCH_UP).length,
    payloads: () =>
      fake.emitted.filter((each) => each.topic === RELAY_EVENTS.ACCESS_CATCH_UP).map((each) => each.payload),
    connect: () => act(fake.connect),
    ping: () => act(fake.ping),
    drop: () => act(fake.drop),
  };
}

/** Moves the (fake) clock on by `ms` and lets what its timers started run. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The notification whose title is exactly `title`. */
const notice = (title: string) =>
  screen
    .queryAllByText(title, { exact: true })
    .map((element) => element.closest<HTMLElement>('.mantine-Notification-root'))
    .find((root) => root !== null);

beforeEach(async () => {
  await startSession(makeUser({ room_access: [1, 2, 5] }));
});

afterEach(async () => {
  vi.useRealTimers();
  await testI18n.changeLanguage('en');
  vi.restoreAllMocks();
  notifications.clean();
  setSocket(null);
  clearSession();
});

describe('room access after a reconnect', () => {
  it('asks nothing on the first connection; after a reconnect stores the rooms granted meanwhile and names them', async () => {
    const app = renderApp('/lobby', () => ({ statusCode: 200, accessibleRooms: [HALL, STAGE, MEETING] }));
    expect(await screen.findByRole('heading', { name: 'Lobby', level: 1 })).toBeInTheDocument();
    app.connect();
    await act(async () => {});
    expect(app.asked()).toBe(0);
    app.drop();

    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    app.connect();
    // Asked in the re-read's wait, not before it is over.
    await advance(RECONNECT_SPREAD_MS / 2 - 1);
    expect(app.asked()).toBe(0);
    await advance(1);
    expect(app.asked()).toBe(1);
    // The answer, then its notice (vi.waitFor moves the faked clock on while it polls).
    const gained = await act(() =>
      vi.waitFor(() => {
        expect(getCurrentUser()?.room_access).toEqual([1, 2, 3]);
        const shown = notice('New rooms');
        if (!shown) throw new Error("no 'New rooms' notice");
        return shown;
      }),
    );
    expect(within(gained).getByText('You can now enter: Meeting room')).toBeInTheDocument();
    expect(path).toBe('/lobby');
  });

  it('tells the relay how long the socket was away; an unchanged answer keeps the list and shows nothing', async () => {
    let clock = 1_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const app = renderApp('/lobby', () => ({ statusCode: 200, unchanged: true }));
    expect(await screen.findByRole('heading', { name: 'Lobby', level: 1 })).toBeInTheDocument();
    app.connect();
    app.drop();
    clock = 8_500;
    vi.spyOn(Math, 'random').mockReturnValue(0);
    app.connect();
    await waitFor(() => expect(app.asked()).toBe(1));
    await act(async () => {});
    expect(getCurrentUser()?.room_access).toEqual([1, 2, 5]);
    expect(notificationsStore.getState().notifications).toEqual([]);
    // Answered: the next time away counts from the last ping before its own drop.
    clock = 19_900;
    app.ping();
    clock = 20_000;
    app.drop();
    clock = 20_300;
    app.connect();
    await waitFor(() => expect(app.asked()).toBe(2));
    expect(app.payloads()).toEqual([{ down_ms: 7_500 }, { down_ms: 400 }]);
  });

  it('counts the time away from the last ping the server sent, not from the late disconnect (a half-open socket, sleep)', async () => {
    let clock = 1_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const app = renderApp('/lobby', () => ({ statusCode: 200, unchanged: true }));
    expect(await screen.findByRole('heading', { name: 'Lobby', level: 1 })).toBeInTheDocument();
    app.connect();
    clock = 2_000;
    app.ping();
    // The tab notices the dead connection only a ping interval and timeout later (or on waking from sleep).
    clock = 47_000;
    app.drop();
    clock = 48_000;
    vi.spyOn(Math, 'random').mockReturnValue(0);
    app.connect();
    await waitFor(() => expect(app.asked()).toBe(1));
    expect(app.payloads()).toEqual([{ down_ms: 46_000 }]);
  });

  it('keeps what the tab had when the relay could not tell', async () => {
    const app = renderApp('/lobby', () => ({ statusCode: 400, message: 'unavailable' }));
    expect(await screen.findByRole('heading', { name: 'Lobby', level: 1 })).toBeInTheDocument();
    app.connect();
    app.drop();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    app.connect();
    await waitFor(() => expect(app.asked()).toBe(1));
    await act(async () => {});
    expect(getCurrentUser()?.room_access).toEqual([1, 2, 5]);
    expect(notificationsStore.getState().notifications).toEqual([]);
  });

  it('asks a refused catch-up once more after a language switch meanwhile (only a new socket lets the retry go)', async () => {
    const app = renderApp('/lobby', () => ({ statusCode: 400, message: 'unavailable' }));
    expect(await screen.findByRole('heading', { name: 'Lobby', level: 1 })).toBeInTheDocument();
    app.connect();
    app.drop();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    app.connect();
    await advance(0);
    expect(app.asked()).toBe(1);
    // The refusal was handled: its retry is due in RELAY_REFUSAL_RETRY_MS (the random part is 0).
    await act(() =>
      vi.waitFor(() => expect(timers).toHaveBeenCalledWith(expect.any(Function), RELAY_REFUSAL_RETRY_MS)),
    );
    // The user switches the language while it waits: the same socket, the same handlers.
    await act(() => testI18n.changeLanguage('de'));
    await advance(RELAY_REFUSAL_RETRY_MS);
    expect(app.asked()).toBe(2);
  });

  it("shows one notice when the room's read answered 401 before the answer without the room, then the lobby", async () => {
    // Every timer faked from the start (the room page's redirect among them), running with the wall clock.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    let answer: (ack: AccessCatchUpAck) => void = () => undefined;
    let isRefused = false;
    const app = renderApp(
      `/room/${ROOM_5}`,
      () =>
        new Promise<AccessCatchUpAck>((resolve) => {
          answer = resolve;
        }),
      () =>
        isRefused
          ? fail({ message: 'Unauthorized', code: 'UNAUTHORIZED', httpStatus: 401 })
          : makeRoom({ id: ROOM_5, name: 'Hall 5' }),
    );
    expect(await screen.findByText('inside Hall 5')).toBeInTheDocument();
    app.connect();
    app.drop();
    // Taken away while the socket was down: the room's read again answers 401.
    isRefused = true;
    vi.spyOn(Math, 'random').mockReturnValue(0);
    app.connect();
    await waitFor(() => expect(notice('Restricted room')).toBeDefined());
    await waitFor(() => expect(app.asked()).toBe(1));

    await act(async () => answer({ statusCode: 200, accessibleRooms: [HALL, STAGE] }));
    await waitFor(() => expect(getCurrentUser()?.room_access).toEqual([1, 2]));
    // The access change's own notice is the same notice: not shown a second time.
    expect(notice('Access Denied')).toBeUndefined();
    expect(notificationsStore.getState().notifications).toHaveLength(1);
    await advance(TIMINGS.ROOM_ACCESS_REDIRECT_MS);
    expect(path).toBe('/lobby');
  });
});
