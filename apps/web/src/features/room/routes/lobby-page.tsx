// The lobby (spec 01 §2): the event's lobby room, embedded like every room; where a signed-in user lands.
import { Alert, Center } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { useLobby } from '../api/use-lobby.ts';
import { RoomScene, SceneFrame, SceneLoader } from '../components/room-scene.tsx';

export default function LobbyPage() {
  const { t } = useTranslation('room');
  const user = useCurrentUser();
  const lobby = useLobby(user?.event_code);
  return (
    <SceneFrame heading={t('lobby.title')}>
      {lobby.error ? (
        <Center h="100%" p="lg">
          <Alert color="red">{parseAppError(lobby.error).message}</Alert>
        </Center>
      ) : lobby.data && user ? (
        <RoomScene key={lobby.data.id} room={lobby.data} user={user} />
      ) : (
        <SceneLoader />
      )}
    </SceneFrame>
  );
}
