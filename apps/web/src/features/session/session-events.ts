// What the tab does on each realtime session event (spec 01 §4 "Realtime session events", §8). Pure: every
// effect goes through `deps`, so each event is tested on its own.
import {
  LogoutEventSchema,
  RELAY_ERRORS,
  RECONNECT_SPREAD_MS,
  RELAY_REFUSAL_RETRY_MS,
  REFRESHES_KEPT_PER_EVENT,
  ProfilePictureChangeSchema,
  RefreshEventSchema,
  SERVER_EVENTS,
  TIMINGS,
  TOPICS,
  UserAccessChangeSchema,
  UserStatusChangeSchema,
  isPassingRelayRefusal,
  isSitePath,
  type AccessibleRoom,
  type CurrentUser,
} from '@showfloor/contracts';
import type { LoggedOutReason } from '../../lib/session/logged-out-notice.ts';

export interface SessionEventDeps {
  getUser: () => CurrentUser | null;
  /** Forgets the session in this tab (no provider call) and answers the event code to return to. */
  endSessionLocally: () => string;
  showLoggedOut: (reason: LoggedOutReason, eventCode: string) => void;
  /** The full sign-out (announce offline, end the session, clear, go to login, reload). */
  signOut: () => Promise<void>;
  reload: () => void;
  assign: (url: string) => void;
  updateUser: (patch: Partial<CurrentUser>) => Promise<void>;
  /** Someone's picture changed ('' when removed): what shows it shows the new one. */
  pictureChanged: (userId: number, path: string) => void;
  accessGained: (rooms: AccessibleRoom[]) => void;
  /** The room the tab shows (`roomId`) is no longer the user's: says so (one notice per room, lib/ui/notify.ts). */
  accessLost: (roomId: number) => void;
  /**
   * Asks the relay which rooms the user may access now (`access_catch_up`); undefined when it did not answer
   * them (not connected, no answer in time, a refusal): the tab then keeps what it had.
   */
  readAccess: () => Promise<AccessibleRoom[] | 'unchanged' | undefined>;
  /** The room the tab shows, if any (not the lobby). */
  currentRoomId: () => number | undefined;
  goToLobby: () => void;
  schedule: (run: () => void, delayMs: number) => void;
  /** The random source of a refused access catch-up's retry spread, in [0, 1) (Math.random). */
  random: () => number;
  /** The server cannot take the tab's connection now; `kind` says why (the tab stays signed in). */
  connectionRefusedForNow: (kind: ConnectionPause) => void;
}

/** Why the relay refused the tab's connection for now: too many of the user's connections, or the server's state. */
export type ConnectionPause = 'too-many-connections' | 'server-busy';

/** A refresh target: a path on this site only (contracts' `isSitePath`; the relay checks the same rule). */
function safeUrl(url: string | undefined): string | undefined {
  return url !== undefined && isSitePath(url) ? url : undefined;
}

/**
 * The refresh ids this tab carried out or recorded as seen (hooks/use-refresh-catch-up.ts), the newest
 * SEEN_REFRESHES_KEPT: a refresh heard live and recovered after a reconnect, or recovered twice, runs once.
 */
const seenRefreshes = new Set<string>();
const SEEN_REFRESHES_KEPT = REFRESHES_KEPT_PER_EVENT * 4;

/** Records a refresh id as seen. False when it was recorded already. */
export function rememberRefresh(id: string): boolean {
  if (seenRefreshes.has(id)) return false;
  seenRefreshes.add(id);
  if (seenRefreshes.size > SEEN_REFRESHES_KEPT)
    seenRefreshes.delete(seenRefreshes.values().next().value as string);
  return true;
}

/** Whether a refresh id was carried out or recorded as seen (tests). */
export function isRefreshSeen(id: string): boolean {
  return seenRefreshes.has(id);
}

/** Forgets the refresh ids seen (tests). */
export function forgetSeenRefreshes(): void {
  seenRefreshes.clear();
}

export function createSessionEventHandlers(deps: SessionEventDeps) {
  let ended = false;
  const endWith = (reason: LoggedOutReason) => {
    if (ended) return;
    ended = true;
    const eventCode = deps.endSessionLocally();
    deps.showLoggedOut(reason, eventCode);
  };
  // How many live `user_access_change` frames this tab has heard: an access catch-up answer asked before the
  // latest of them may predate it, and is dropped.
  let accessChanges = 0;
  // How many access catch-ups (reconnects) these handlers started: a later one (or `dispose`) drops an earlier
  // one's retry.
  let catchUps = 0;

  /**
   * The rooms the user may access now (a `user_access_change`, or the answer of an access catch-up): stored as the
   * user's room_access, rooms gained named in a notice, and when the room the tab shows is no longer one of them,
   * a notice and the lobby after ROOM_ACCESS_REDIRECT_MS.
   */
  const applyAccess = (rooms: readonly AccessibleRoom[]): void => {
    const user = deps.getUser();
    if (!user) return;
    const had = new Set(user.room_access);
    const gained = rooms.filter((room) => !had.has(room.roomId));
    const nowAccessible = rooms.map((room) => room.roomId).filter((id) => id > 0);
    void deps.updateUser({ room_access: nowAccessible });
    if (gained.length > 0) deps.accessGained(gained);
    const current = deps.currentRoomId();
    if (current !== undefined && !nowAccessible.includes(current)) {
      deps.accessLost(current);
      deps.schedule(deps.goToLobby, TIMINGS.ROOM_ACCESS_REDIRECT_MS);
    }
  };

  /**
   * Asks the relay for the rooms the user may access now and applies the answer (see `catchUpAccess`). Without an
   * answer (a refusal: the provider or the relay's budget; none in time) the tab keeps what it had and, when
   * `mayRetry`, asks once more after RELAY_REFUSAL_RETRY_MS plus a random part of RECONNECT_SPREAD_MS (the tabs
   * of a busy node's reconnect come back spread) unless a live change or a newer catch-up came meanwhile.
   */
  const catchUp = async (mayRetry: boolean): Promise<void> => {
    if (ended || !deps.getUser()) return;
    const asked = accessChanges;
    const generation = catchUps;
    const rooms = await deps.readAccess();
    if (ended || accessChanges !== asked) return;
    if (rooms === undefined) {
      if (!mayRetry) return;
      const retry = (): void => {
        if (generation === catchUps && accessChanges === asked) void catchUp(false);
      };
      deps.schedule(retry, RELAY_REFUSAL_RETRY_MS + Math.floor(deps.random() * RECONNECT_SPREAD_MS));
      return;
    }
    if (rooms !== 'unchanged') applyAccess(rooms);
  };

  return {
    /**
     * The server refused the connection (socket.io will not retry). A passing refusal (contracts'
     * PASSING_RELAY_REFUSALS: too many connections of this user, server at capacity, authentication
     * unavailable) says so and connects again after RELAY_REFUSAL_RETRY_MS; any other signs out and shows the
     * logged-out dialog.
     */
    connectError(message: string, reconnect: () => void): void {
      if (!deps.getUser() || ended) return;
      if (isPassingRelayRefusal(message)) {
        deps.connectionRefusedForNow(
          message === RELAY_ERRORS.TOO_MANY_SOCKETS ? 'too-many-connections' : 'server-busy',
        );
        deps.schedule(reconnect, RELAY_REFUSAL_RETRY_MS);
        return;
      }
      endWith('session-problem');
    },

    logout(payload: unknown): void {
      const parsed = LogoutEventSchema.safeParse(payload);
      const user = deps.getUser();
      if (!parsed.success || !user || parsed.data.user_id !== user.id) return;
      endWith('switched-devices');
    },

    /**
     * A `refresh`, live or recovered after a reconnect (`refreshes_catch_up`, with what is left of its delay): reload
     * after its delay, or go to its url if that is a path on this site. Once per id (a relay of before ids sends
     * none: each such frame runs).
     */
    refresh(payload: unknown): void {
      const parsed = RefreshEventSchema.safeParse(payload ?? {});
      if (!parsed.success) return;
      if (parsed.data.id !== undefined && !rememberRefresh(parsed.data.id)) return;
      const delay = parsed.data.refresh_delay ?? TIMINGS.REFRESH_DEFAULT_DELAY_MS;
      const url = safeUrl(parsed.data.url);
      deps.schedule(() => (url ? deps.assign(url) : deps.reload()), delay);
    },

    userStatusChange(payload: unknown): void {
      const parsed = UserStatusChangeSchema.safeParse(payload);
      const user = deps.getUser();
      if (!parsed.success || !user) return;
      if (parsed.data.user_id === user.id && parsed.data.user_status === 'offline') void deps.signOut();
    },

    profilePictureChange(payload: unknown): void {
      const parsed = ProfilePictureChangeSchema.safeParse(payload);
      if (!parsed.success) return;
      const { user_id: userId, profile_picture_path: path } = parsed.data;
      if (deps.getUser()?.id === userId) void deps.updateUser({ profile_picture: path || null });
      deps.pictureChanged(userId, path);
    },

    userAccessChange(payload: unknown): void {
      const parsed = UserAccessChangeSchema.safeParse(payload);
      if (!parsed.success || !deps.getUser()) return;
      accessChanges += 1;
      applyAccess(parsed.data.accessibleRooms);
    },

    /**
     * After a reconnect (not the first connect: the sign-in answer is fresh): a `user_access_change` sent while the
     * socket was down never arrives, so the tab asks the relay for the rooms the user may access now and applies
     * the answer as that frame. Kept out: an answer when the session ended meanwhile, or when a live
     * `user_access_change` came while it was asked (it may be older than that frame); no answer keeps what the tab
     * had (no notice) and is asked once more later (`catchUp`).
     */
    catchUpAccess(): Promise<void> {
      catchUps += 1;
      return catchUp(true);
    },

    /** These handlers are done (their socket's binding ended): a catch-up's pending retry asks nothing. */
    dispose(): void {
      catchUps += 1;
    },
  };
}

export type SessionEventHandlers = ReturnType<typeof createSessionEventHandlers>;

/** The parts of a socket.io client socket the handlers need. */
export interface SessionSocket {
  readonly active: boolean;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  off(event: string, listener: (...args: unknown[]) => void): unknown;
  connect(): unknown;
}

/** Wires the handlers to the socket; answers the unbinding function. */
export function bindSessionEvents(socket: SessionSocket, handlers: SessionEventHandlers): () => void {
  const listeners: Record<string, (...args: unknown[]) => void> = {
    // socket.io leaves `active` false only when the server refused the handshake; network errors retry.
    connect_error: (error) => {
      if (socket.active) return;
      handlers.connectError(error instanceof Error ? error.message : '', () => socket.connect());
    },
    // The server closed the socket (e.g. its session ended): connect again, so a refusal surfaces as above.
    disconnect: (reason) => {
      if (reason === 'io server disconnect') socket.connect();
    },
    [SERVER_EVENTS.LOGOUT]: (payload) => handlers.logout(payload),
    [SERVER_EVENTS.REFRESH]: (payload) => handlers.refresh(payload),
    [TOPICS.USER_STATUS_CHANGES]: (payload) => handlers.userStatusChange(payload),
    [SERVER_EVENTS.PROFILE_PICTURE_CHANGE]: (payload) => handlers.profilePictureChange(payload),
    [TOPICS.USER_ACCESS_CHANGE]: (payload) => handlers.userAccessChange(payload),
  };
  for (const [event, listener] of Object.entries(listeners)) socket.on(event, listener);
  return () => {
    for (const [event, listener] of Object.entries(listeners)) socket.off(event, listener);
  };
}
