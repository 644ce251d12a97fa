// A room (spec 01 §2 /room/{roomId}): the embedded room view is built in a later issue; this page names the
// room, or says that it cannot be entered. A room load answering 401 is a restricted room (spec 01 §8, §9): a
// top-left notice with its title and description, then /lobby after 5 s.
import { useEffect } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { TIMINGS } from '@showfloor/contracts';
import {
  isInvalidToken,
  isSessionExpired,
  parseAppError,
  type AppError,
} from '../../../lib/api/app-error.ts';
import { topLeftNotice } from '../../../lib/ui/notify.ts';
import { useGoToLobbyScene } from '../../../lib/shell/scene.ts';
import { trpc } from '../../../lib/api/trpc.ts';

/** A 401 that is about this room (token and session 401s are the query client's: sign-out, login page). */
const isRestricted = (error: AppError | undefined): boolean =>
  error?.httpStatus === 401 && !isInvalidToken(error) && !isSessionExpired(error);

export default function RoomPage() {
  const { t } = useTranslation('room');
  const goToLobby = useGoToLobbyScene();
  const { roomId = '' } = useParams();
  const id = /^\d+$/.test(roomId) ? Number(roomId) : undefined;
  const room = trpc.content.getRoom.useQuery({ id: id ?? 0 }, { enabled: id !== undefined, retry: false });
  const error = room.error ? parseAppError(room.error) : undefined;
  const restricted = isRestricted(error);

  useEffect(() => {
    if (!restricted || id === undefined) return undefined;
    topLeftNotice({
      id: `room-restricted-${id}`,
      tone: 'error',
      title: t('restricted.title'),
      message: t('restricted.description'),
    });
    // Leaving the room first cancels the redirect; a menu page opened over it meanwhile stays open.
    const timer = setTimeout(goToLobby, TIMINGS.ROOM_ACCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [restricted, id, goToLobby, t]);

  return (
    <Stack p="lg" component="section" aria-labelledby="room-title">
      <Title order={1} size="h2" id="room-title">
        {room.data?.name ?? t('title')}
      </Title>
      {id === undefined ? <Alert color="red">{t('invalid')}</Alert> : null}
      {error ? <Alert color="red">{restricted ? t('restricted.description') : error.message}</Alert> : null}
      {room.data ? <Text>{t('viewLater')}</Text> : null}
    </Stack>
  );
}
