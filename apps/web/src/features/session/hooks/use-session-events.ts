// Binds the realtime session events to the tab's socket (spec 01 §4).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from '../../../lib/browser.ts';
import { showLoggedOutNotice } from '../../../lib/session/logged-out-notice.ts';
import { topLeftNotice } from '../../../lib/ui/notify.ts';
import { roomIdFromPath } from '../../../lib/shell/room-path.ts';
import { getCurrentUser, updateCurrentUser } from '../../../lib/session/session.ts';
import { endSessionLocally, signOut } from '../../../lib/session/sign-out.ts';
import { listenerView, useSocket } from '../../../lib/socket/registry.ts';
import { useUserPictures } from '../../../hooks/use-user-pictures.ts';
import { bindSessionEvents, createSessionEventHandlers } from '../session-events.ts';

/**
 * `scenePath`: the lobby or room the tab shows (behind the side menu's drawer), whose access loss counts;
 * `goToLobby`: sends that scene to the lobby (stable: the socket's handlers are bound once per socket).
 */
export function useSessionEvents(scenePath: string, goToLobby: () => void): void {
  const socket = useSocket();
  const path = useRef(scenePath);
  const pictures = useUserPictures();
  const { t } = useTranslation('session');

  useEffect(() => {
    path.current = scenePath;
  }, [scenePath]);

  useEffect(() => {
    if (!socket) return undefined;
    const handlers = createSessionEventHandlers({
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
      accessLost: () =>
        topLeftNotice({ tone: 'error', title: t('access.deniedTitle'), message: t('access.deniedMessage') }),
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
    return bindSessionEvents(listenerView(socket), handlers);
  }, [socket, goToLobby, pictures, t]);
}
