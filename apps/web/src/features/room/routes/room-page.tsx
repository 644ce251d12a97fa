// A room (spec 01 §2 /room/{roomId}): the embedded room, once the user may enter it. A room the user may not enter
// (not in their room_access) is never read or framed; like a room load answering 401 it is a restricted room
// (spec 01 §8, §9): a top-left notice with its title and description, then /lobby after 5 s. Access lost while
// inside (the access-change event) takes the frame down at once; the session events show the notice and redirect.
import { useEffect } from 'react';
import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { TIMINGS } from '@showfloor/contracts';
import {
  isInvalidToken,
  isSessionExpired,
  parseAppError,
  type AppError,
} from '../../../lib/api/app-error.ts';
import { roomRefusedNoticeId, topLeftNotice } from '../../../lib/ui/notify.ts';
import { useGoToLobbyScene } from '../../../lib/shell/scene.ts';
import { mayEnterRoomId } from '../../../lib/shell/room-path.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { useRoom } from '../api/use-room.ts';
import { RoomScene, SceneFrame, SceneLoader } from '../components/room-scene.tsx';

/** A 401 that is about this room (token and session 401s are the query client's: sign-out, login page). */
const isRestricted = (error: AppError | undefined): boolean =>
  error?.httpStatus === 401 && !isInvalidToken(error) && !isSessionExpired(error);

export default function RoomPage() {
  const { t } = useTranslation('room');
  const user = useCurrentUser();
  const goToLobby = useGoToLobbyScene();
  const { roomId = '' } = useParams();
  const id = /^\d+$/.test(roomId) ? Number(roomId) : undefined;
  const mayEnter = id !== undefined && mayEnterRoomId(user, id);
  const room = useRoom(id, { enabled: mayEnter });
  const error = room.error ? parseAppError(room.error) : undefined;
  // Refused before any read when the room is not the user's; a 401 read is refused too while the user's stored
  // access still lists the room. Losing access while inside is the access-change event's (features/session, also
  // its catch-up after a reconnect): the frame goes at once, the notice and redirect are its, even when the room's
  // read again answers 401 too (one notice, one redirect).
  const refusedUpFront = id !== undefined && !mayEnter && !room.data;
  const restricted = (isRestricted(error) && mayEnter) || refusedUpFront;

  useEffect(() => {
    if (!restricted || id === undefined) return undefined;
    topLeftNotice({
      id: roomRefusedNoticeId(id),
      tone: 'error',
      title: t('restricted.title'),
      message: t('restricted.description'),
    });
    // Leaving the room first cancels the redirect; a menu page opened over it meanwhile stays open.
    const timer = setTimeout(goToLobby, TIMINGS.ROOM_ACCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [restricted, id, goToLobby, t]);

  const heading = room.data?.name ?? t('title');
  const notice = (text: string) => (
    <Center h="100%" p="lg">
      <Alert color="red">{text}</Alert>
    </Center>
  );
  // The scene of a restricted room: what the notice says, with the way out at hand instead of a wait.
  const restrictedCard = (
    <Center h="100%" p="lg">
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={480}>
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="h3">
            {t('restricted.title')}
          </Title>
          <Text>{t('restricted.description')}</Text>
          <Button onClick={goToLobby}>{t('restricted.toLobby')}</Button>
        </Stack>
      </Paper>
    </Center>
  );
  let body: React.ReactNode;
  if (id === undefined) body = notice(t('invalid'));
  else if (restricted || (room.data && !mayEnter)) body = restrictedCard;
  else if (error) body = notice(error.message);
  else if (!room.data || !user) body = <SceneLoader />;
  else body = <RoomScene key={room.data.id} room={room.data} user={user} />;
  return <SceneFrame heading={heading}>{body}</SceneFrame>;
}
