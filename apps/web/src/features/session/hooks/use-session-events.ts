// Binds the realtime session events to the tab's socket (spec 01 §4), and answers the access catch-up the
// signed-in root runs after a reconnect.
import { useCallback, useEffect, useRef } from 'react';
import { RELAY_EVENTS } from '@showfloor/contracts';
import { useTranslation } from 'react-i18next';
import { browser } from '../../../lib/browser.ts';
import { showLoggedOutNotice } from '../../../lib/session/logged-out-notice.ts';
import { roomRefusedNoticeId, topLeftNotice } from '../../../lib/ui/notify.ts';
import { roomIdFromPath } from '../../../lib/shell/room-path.ts';
import { getCurrentUser, updateCurrentUser } from '../../../lib/session/session.ts';
import { endSessionLocally, signOut } from '../../../lib/session/sign-out.ts';
import { emitWithAck, listenerView, useSocket } from '../../../lib/socket/registry.ts';
import { useUserPictures } from '../../../hooks/use-user-pictures.ts';
import {
  bindSessionEvents,
  createSessionEventHandlers,
  type SessionEventHandlers,
} from '../session-events.ts';

/** How long the access catch-up waits for the relay's answer (it reads the provider: a list and a check per room). */
const ACCESS_CATCH_UP_TIMEOUT_MS = 10_000;

/** The rooms the user may access now, from the relay; undefined unless it answered them. */
async function readAccess() {
  const ack = await emitWithAck(RELAY_EVENTS.ACCESS_CATCH_UP, {}, ACCESS_CATCH_UP_TIMEOUT_MS);
  return ack?.statusCode === 200 ? ack.accessibleRooms : undefined;
}

/**
 * `scenePath`: the lobby or room the tab shows (behind the side menu's drawer), whose access loss counts;
 * `goToLobby`: sends that scene to the lobby (stable: the socket's handlers are bound once per socket).
 * Answers the access catch-up (stable): asks the relay the user's rooms and applies them as a `user_access_change`
 * (session-events.ts `catchUpAccess`); the signed-in root calls it in the wait after a reconnect.
 */
export function useSessionEvents(scenePath: string, goToLobby: () => void): () => void {
  const socket = useSocket();
  const path = useRef(scenePath);
  const handlers = useRef<SessionEventHandlers | null>(null);
  const pictures = useUserPictures();
  const { t } = useTranslation('session');

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
      readAccess,
      currentRoomId: () => roomIdFromPath(path.current),
      goToLobby,
      schedule: (run, delayMs) => {
        setTimeout(run, delayMs);
      },
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
      if (handlers.current === current) handlers.current = null;
    };
  }, [socket, goToLobby, pictures, t]);

  return useCallback(() => {
    void handlers.current?.catchUpAccess();
  }, []);
}
