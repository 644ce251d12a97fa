import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../testing/fixtures.ts';
import {
  RECONNECT_SPREAD_MS,
  RELAY_ERRORS,
  RELAY_REFUSAL_RETRY_MS,
  type AccessibleRoom,
} from '@showfloor/contracts';
import {
  bindSessionEvents,
  createSessionEventHandlers,
  forgetSeenRefreshes,
  type SessionEventDeps,
  type SessionSocket,
} from './session-events.ts';

function setup(overrides: Partial<SessionEventDeps> = {}) {
  let user = makeUser({ id: 7, room_access: [1, 2] });
  const scheduled: Array<{ run: () => void; delayMs: number }> = [];
  const deps: SessionEventDeps = {
    getUser: () => user,
    endSessionLocally: vi.fn(() => 'DEMO'),
    showLoggedOut: vi.fn(),
    signOut: vi.fn(async () => undefined),
    reload: vi.fn(),
    assign: vi.fn(),
    updateUser: vi.fn(async (patch) => {
      user = { ...user, ...patch };
    }),
    pictureChanged: vi.fn(),
    accessGained: vi.fn(),
    accessLost: vi.fn(),
    readAccess: vi.fn(async () => undefined),
    currentRoomId: () => undefined,
    goToLobby: vi.fn(),
    schedule: (run, delayMs) => scheduled.push({ run, delayMs }),
    random: () => 0.5,
    connectionRefusedForNow: vi.fn(),
    ...overrides,
  };
  return { deps, handlers: createSessionEventHandlers(deps), scheduled, user: () => user };
}

class FakeSocket implements SessionSocket {
  active = true;
  connect = vi.fn();
  private listeners = new Map<string, (...args: unknown[]) => void>();
  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, listener);
  }
  off(event: string) {
    this.listeners.delete(event);
  }
  fire(event: string, ...args: unknown[]) {
    this.listeners.get(event)?.(...args);
  }
  get events() {
    return [...this.listeners.keys()];
  }
}

afterEach(() => {
  forgetSeenRefreshes();
});

describe('realtime session events', () => {
  it('logout for the current user ends the session and shows the switched-devices dialog', () => {
    const { deps, handlers } = setup();
    handlers.logout({ user_id: 7 });
    expect(deps.endSessionLocally).toHaveBeenCalledOnce();
    expect(deps.showLoggedOut).toHaveBeenCalledWith('switched-devices', 'DEMO');
  });

  it('ignores a logout for someone else and a malformed one', () => {
    const { deps, handlers } = setup();
    handlers.logout({ user_id: 8 });
    handlers.logout({ nope: true });
    expect(deps.endSessionLocally).not.toHaveBeenCalled();
    expect(deps.showLoggedOut).not.toHaveBeenCalled();
  });

  it('a refused connection signs out with the session-problem dialog, once', () => {
    const { deps, handlers } = setup();
    const reconnect = vi.fn();
    handlers.connectError(RELAY_ERRORS.TOKEN_REVOKED, reconnect);
    handlers.connectError(RELAY_ERRORS.TOKEN_REVOKED, reconnect);
    expect(deps.endSessionLocally).toHaveBeenCalledOnce();
    expect(deps.showLoggedOut).toHaveBeenCalledWith('session-problem', 'DEMO');
    expect(reconnect).not.toHaveBeenCalled();
  });

  it('keeps the user signed in on a passing refusal, says why, and connects again later', () => {
    const { deps, handlers, scheduled } = setup();
    const reconnect = vi.fn();
    handlers.connectError(RELAY_ERRORS.TOO_MANY_SOCKETS, reconnect);
    expect(deps.connectionRefusedForNow).toHaveBeenCalledWith('too-many-connections');
    handlers.connectError(RELAY_ERRORS.SERVER_FULL, reconnect);
    handlers.connectError(RELAY_ERRORS.AUTH_UNAVAILABLE, reconnect);
    expect(deps.connectionRefusedForNow).toHaveBeenLastCalledWith('server-busy');
    expect(deps.endSessionLocally).not.toHaveBeenCalled();
    expect(deps.showLoggedOut).not.toHaveBeenCalled();
    expect(scheduled.map((entry) => entry.delayMs)).toEqual([
      RELAY_REFUSAL_RETRY_MS,
      RELAY_REFUSAL_RETRY_MS,
      RELAY_REFUSAL_RETRY_MS,
    ]);
    scheduled[0]?.run();
    expect(reconnect).toHaveBeenCalledOnce();
  });

  it('refresh reloads after 1 ms by default, or goes to the given url after the given delay', () => {
    const { deps, handlers, scheduled } = setup();
    handlers.refresh({});
    expect(scheduled[0]?.delayMs).toBe(1);
    scheduled[0]?.run();
    expect(deps.reload).toHaveBeenCalledOnce();
    handlers.refresh({ refresh_delay: 2500, url: '/help' });
    expect(scheduled[1]?.delayMs).toBe(2500);
    scheduled[1]?.run();
    expect(deps.assign).toHaveBeenCalledWith('/help');
  });

  it('refresh runs once per id (live and recovered after a reconnect), and each frame without an id', () => {
    const { deps, handlers, scheduled } = setup();
    handlers.refresh({ id: 'r1', refresh_delay: 50, url: '/keynote' });
    handlers.refresh({ id: 'r1', refresh_delay: 0, url: '/keynote' });
    handlers.refresh({ id: 'r2' });
    handlers.refresh({});
    handlers.refresh({});
    expect(scheduled.map((task) => task.delayMs)).toEqual([50, 1, 1, 1]);
    for (const task of scheduled) task.run();
    expect(deps.assign).toHaveBeenCalledExactlyOnceWith('/keynote');
    expect(deps.reload).toHaveBeenCalledTimes(3);
  });

  it('refresh never follows a script url', () => {
    const { deps, handlers, scheduled } = setup();
    handlers.refresh({ url: 'javascript:alert(1)' });
    scheduled[0]?.run();
    expect(deps.assign).not.toHaveBeenCalled();
    expect(deps.reload).toHaveBeenCalledOnce();
  });

  it('refresh never leaves the site, however the url hides another host', () => {
    const { deps, handlers, scheduled } = setup();
    const offSite = [
      '/\t/evil.test/owned',
      '/\n/evil.test',
      '/\\evil.test',
      'https://evil.test/',
      '//evil.test',
    ];
    for (const url of offSite) handlers.refresh({ url });
    for (const task of scheduled) task.run();
    expect(deps.assign).not.toHaveBeenCalled();
    expect(deps.reload).toHaveBeenCalledTimes(offSite.length);
  });

  it("an 'offline' status for the current user signs them out; other users and statuses do not", () => {
    const { deps, handlers } = setup();
    handlers.userStatusChange({ user_id: 8, user_status: 'offline' });
    handlers.userStatusChange({ user_id: 7, user_status: 'busy' });
    expect(deps.signOut).not.toHaveBeenCalled();
    handlers.userStatusChange({ user_id: 7, user_status: 'offline', room_id: null });
    expect(deps.signOut).toHaveBeenCalledOnce();
  });

  it("profile_picture_change updates the current user's picture and refreshes pictures shown", () => {
    const { deps, handlers, user } = setup();
    handlers.profilePictureChange({ user_id: 7, profile_picture_path: 'pictures/7.png' });
    expect(user().profile_picture).toBe('pictures/7.png');
    handlers.profilePictureChange({ user_id: 9, profile_picture_path: 'pictures/9.png' });
    expect(user().profile_picture).toBe('pictures/7.png');
    expect(deps.pictureChanged).toHaveBeenCalledWith(9, 'pictures/9.png');
    handlers.profilePictureChange({ user_id: 7, profile_picture_path: '' });
    expect(user().profile_picture).toBeNull();
  });

  it('user_access_change toasts newly accessible rooms and stores the new list', () => {
    const { deps, handlers, user, scheduled } = setup();
    handlers.userAccessChange({
      accessibleRooms: [
        { roomId: 1, roomName: 'Hall' },
        { roomId: 2, roomName: 'Stage' },
        { roomId: 3, roomName: 'Meeting room' },
      ],
    });
    expect(deps.accessGained).toHaveBeenCalledWith([{ roomId: 3, roomName: 'Meeting room' }]);
    expect(user().room_access).toEqual([1, 2, 3]);
    expect(deps.accessLost).not.toHaveBeenCalled();
    expect(scheduled).toEqual([]);
  });

  it('user_access_change that removes the current room shows the error and goes to /lobby after 5 s', () => {
    const { deps, handlers, scheduled } = setup({ currentRoomId: () => 2 });
    handlers.userAccessChange({ accessibleRooms: [{ roomId: 1, roomName: 'Hall' }] });
    expect(deps.accessLost).toHaveBeenCalledExactlyOnceWith(2);
    expect(deps.accessGained).not.toHaveBeenCalled();
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]?.delayMs).toBe(5000);
    expect(deps.goToLobby).not.toHaveBeenCalled();
    scheduled[0]?.run();
    expect(deps.goToLobby).toHaveBeenCalledOnce();
  });

  it('an access catch-up answer is applied as a user_access_change: stored, rooms gained named, room lost left', async () => {
    const { deps, handlers, user, scheduled } = setup({
      currentRoomId: () => 2,
      readAccess: vi.fn(async () => [
        { roomId: 1, roomName: 'Hall' },
        { roomId: 3, roomName: 'Meeting room' },
      ]),
    });
    await handlers.catchUpAccess();
    expect(deps.readAccess).toHaveBeenCalledOnce();
    expect(user().room_access).toEqual([1, 3]);
    expect(deps.accessGained).toHaveBeenCalledWith([{ roomId: 3, roomName: 'Meeting room' }]);
    expect(deps.accessLost).toHaveBeenCalledExactlyOnceWith(2);
    expect(scheduled.map((each) => each.delayMs)).toEqual([5000]);
  });

  it('an access catch-up keeps what the tab had without an answer, or when a live change came while it was asked', async () => {
    let answer: (rooms: AccessibleRoom[] | undefined) => void = () => undefined;
    const { deps, handlers, user } = setup({
      readAccess: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const unanswered = handlers.catchUpAccess();
    answer(undefined);
    await unanswered;
    expect(user().room_access).toEqual([1, 2]);

    const overtaken = handlers.catchUpAccess();
    handlers.userAccessChange({ accessibleRooms: [{ roomId: 4, roomName: 'Newer' }] });
    answer([{ roomId: 1, roomName: 'Hall' }]);
    await overtaken;
    expect(user().room_access).toEqual([4]);
    expect(deps.accessGained).toHaveBeenCalledExactlyOnceWith([{ roomId: 4, roomName: 'Newer' }]);
  });

  it('asks an unanswered access catch-up once more, later and spread; not a third time, nor after a newer catch-up or a live change', async () => {
    /** Lets the retry's ask and its answer run (promises only). */
    const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
    const answers: Array<AccessibleRoom[] | undefined> = [
      undefined,
      [
        { roomId: 1, roomName: 'Hall' },
        { roomId: 3, roomName: 'Meeting room' },
      ],
    ];
    const { deps, handlers, scheduled, user } = setup({
      readAccess: vi.fn(async () => answers.shift()),
      random: () => 0.25,
    });
    await handlers.catchUpAccess();
    // Refused: the tab keeps its list and tells nobody.
    expect(user().room_access).toEqual([1, 2]);
    expect(deps.accessGained).not.toHaveBeenCalled();
    expect(deps.accessLost).not.toHaveBeenCalled();
    // Asked again after the wait plus the random part of the spread (a quarter of it here).
    expect(scheduled.map((s) => s.delayMs)).toEqual([RELAY_REFUSAL_RETRY_MS + RECONNECT_SPREAD_MS / 4]);
    scheduled[0]?.run();
    await flush();
    expect(deps.readAccess).toHaveBeenCalledTimes(2);
    expect(user().room_access).toEqual([1, 3]);
    expect(deps.accessGained).toHaveBeenCalledExactlyOnceWith([{ roomId: 3, roomName: 'Meeting room' }]);

    // The retry unanswered too: no third ask.
    const twice = setup();
    await twice.handlers.catchUpAccess();
    twice.scheduled[0]?.run();
    await flush();
    expect(twice.deps.readAccess).toHaveBeenCalledTimes(2);
    expect(twice.scheduled).toHaveLength(1);

    // A newer catch-up (the next reconnect) or a live change replaces the retry.
    const newer = setup();
    await newer.handlers.catchUpAccess();
    await newer.handlers.catchUpAccess();
    newer.scheduled[0]?.run();
    await flush();
    expect(newer.deps.readAccess).toHaveBeenCalledTimes(2);
    const live = setup();
    await live.handlers.catchUpAccess();
    live.handlers.userAccessChange({ accessibleRooms: [{ roomId: 4, roomName: 'Newer' }] });
    live.scheduled[0]?.run();
    await flush();
    expect(live.deps.readAccess).toHaveBeenCalledOnce();
    // Handlers done with (their socket's binding ended): the retry asks nothing.
    const done = setup();
    await done.handlers.catchUpAccess();
    done.handlers.dispose();
    done.scheduled[0]?.run();
    await flush();
    expect(done.deps.readAccess).toHaveBeenCalledOnce();
  });

  it('binds every event to the socket, signs out only on a refused connection, and unbinds', () => {
    const { deps, handlers } = setup();
    const socket = new FakeSocket();
    const unbind = bindSessionEvents(socket, handlers);
    expect(socket.events).toEqual(
      expect.arrayContaining([
        'connect_error',
        'disconnect',
        'logout',
        'refresh',
        'user_status_changes',
        'profile_picture_change',
        'user_access_change',
      ]),
    );
    socket.fire('connect_error', new Error('xhr poll error'));
    expect(deps.showLoggedOut).not.toHaveBeenCalled();
    socket.fire('disconnect', 'io server disconnect');
    expect(socket.connect).toHaveBeenCalledOnce();
    socket.active = false;
    socket.fire('connect_error', new Error(RELAY_ERRORS.TOO_MANY_SOCKETS));
    expect(deps.showLoggedOut).not.toHaveBeenCalled();
    expect(deps.connectionRefusedForNow).toHaveBeenCalledWith('too-many-connections');
    socket.fire('connect_error', new Error('Authentication failed: session ended.'));
    expect(deps.showLoggedOut).toHaveBeenCalledWith('session-problem', 'DEMO');
    unbind();
    expect(socket.events).toEqual([]);
  });
});
