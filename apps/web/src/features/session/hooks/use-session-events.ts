// Binds the realtime session events to the tab's socket (spec 01 §4), and after a reconnect asks the relay which
// rooms the user may access now (the access catch-up).
import { useEffect, useEffectEvent, useRef } from 'react';
import {
  ACCESS_CATCH_UP_BUDGET_MS,
  ACCESS_CATCH_UP_MARGIN_MS,
  RECONNECT_SPREAD_MS,
  RELAY_EVENTS,
} from '@showfloor/contracts';
import { useTranslation } from 'react-i18next';
import { browser } from '../../../lib/browser.ts';
import { showLoggedOutNotice } from '../../../lib/session/logged-out-notice.ts';
import { roomRefusedNoticeId, topLeftNotice } from '../../../lib/ui/notify.ts';
import { roomIdFromPath } from '../../../lib/shell/room-path.ts';
import { getCurrentUser, updateCurrentUser } from '../../../lib/session/session.ts';
import { endSessionLocally, signOut } from '../../../lib/session/sign-out.ts';
import {
  awayOf,
  emitWithAck,
  listenerView,
  useSocket,
  type AppSocket,
} from '../../../lib/socket/registry.ts';
import { useSocketRecovery } from '../../../lib/socket/use-socket-recovery.ts';
import { useUserPictures } from '../../../hooks/use-user-pictures.ts';
import {
  bindSessionEvents,
  createSessionEventHandlers,
  type SessionEventHandlers,
} from '../session-events.ts';
import { useRefreshCatchUp } from './use-refresh-catch-up.ts';

/**
 * The access catch-up's read of the relay for one socket: the rooms the user may access now, 'unchanged' when the
 * relay says their access did not change while the socket was away, undefined unless it answered. It tells the
 * relay how long the socket was away (`down_ms`: registry.ts `awayOf`, from the last packet the server sent before
 * its first drop not yet covered by an answered catch-up, on the wall clock); when it cannot tell it asks for the
 * full list. It waits the relay's budget plus a margin (the contracts).
 */
function accessReader(socket: AppSocket) {
  return async () => {
    const away = awayOf(socket);
    const payload = away.awayMs === undefined ? {} : { down_ms: Math.round(away.awayMs) };
    const ack = await emitWithAck(
      RELAY_EVENTS.ACCESS_CATCH_UP,
      payload,
      ACCESS_CATCH_UP_BUDGET_MS + ACCESS_CATCH_UP_MARGIN_MS,
    );
    if (ack?.statusCode !== 200) return undefined;
    away.answered();
    return 'unchanged' in ack ? ('unchanged' as const) : ack.accessibleRooms;
  };
}

/**
 * `scenePath`: the lobby or room the tab shows (behind the side menu's drawer), whose access loss counts;
 * `goToLobby`: sends that scene to the lobby (stable: the socket's handlers are bound once per socket).
 * After each reconnect (never the first connect), after a random wait of up to RECONNECT_SPREAD_MS, asks the relay
 * the user's rooms and applies them as a `user_access_change` (session-events.ts `catchUpAccess`).
 */
export function useSessionEvents(scenePath: string, goToLobby: () => void): void {
  const socket = useSocket();
  const path = useRef(scenePath);
  const handlers = useRef<SessionEventHandlers | null>(null);
  const pictures = useUserPictures();
  const { t: tNow } = useTranslation('session');
  // The notices read the language at the time they show (an effect event: a language switch gives a new `tNow`
  // but keeps the handlers, and a refused catch-up's pending retry); only a new socket lets them go.
  const t = useEffectEvent((...args: Parameters<typeof tNow>) => tNow(...args));
  // A refresh missed while the socket was down is carried out as the live one after the reconnect.
  useRefreshCatchUp((refresh) => handlers.current?.refresh(refresh));

  useEffect(() => {
    path.current = scenePath;
  }, [scenePath]);

  useEffect(() => {
    if (!socket) return undefined;
    const current = createSessionEventHandlers({
      getUser: getCurrentUser,
      endSessionLocally,
      showLoggedOut: (reason, eventCode) => showLoggedOutNotice({ reason, eventCode }),
      signOut,
      reload: () => browser.reload(),
      assign: (url) => browser.assign(url),
      updateUser: updateCurrentUser,
      pictureChanged: (userId, path) => pictures.applyPicture(userId, path),
      accessGained: (rooms) =>
        topLeftNotice({
          tone: 'success',
          title: t('access.gainedTitle'),
          message: t('access.gainedMessage', { rooms: rooms.map((r) => r.roomName).join(', ') }),
        }),
      accessLost: (roomId) =>
        topLeftNotice({
          id: roomRefusedNoticeId(roomId),
          tone: 'error',
          title: t('access.deniedTitle'),
          message: t('access.deniedMessage'),
        }),
      readAccess: accessReader(socket),
      currentRoomId: () => roomIdFromPath(path.current),
      goToLobby,
      schedule: (run, delayMs) => {
        setTimeout(run, delayMs);
      },
      // Math.random as it is when the retry is planned (a test may mock it after the handlers were made).
      random: () => Math.random(),
      connectionRefusedForNow: (kind) =>
        topLeftNotice({
          tone: 'error',
          title: t('connection.pausedTitle'),
          message: t(kind === 'too-many-connections' ? 'connection.tooMany' : 'connection.busy'),
        }),
    });
    handlers.current = current;
    const unbind = bindSessionEvents(listenerView(socket), current);
    return () => {
      unbind();
      current.dispose();
      if (handlers.current === current) handlers.current = null;
    };
  }, [socket, goToLobby, pictures]);

  // Reconnects only (the hook's default causes): the sign-in answer is fresh on the first connect.
  useSocketRecovery(
    () => {
      void handlers.current?.catchUpAccess();
    },
    { spreadMs: RECONNECT_SPREAD_MS },
  );
}
