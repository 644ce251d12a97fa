// A room (spec 01 §2 /room/{roomId}): the embedded room view is built in a later issue; this page names the
// room, or says that it cannot be entered.
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { parseAppError } from '../../../lib/app-error.ts';
import { trpc } from '../../../lib/trpc.ts';

export default function RoomPage() {
  const { t } = useTranslation('room');
  const { roomId = '' } = useParams();
  const id = /^\d+$/.test(roomId) ? Number(roomId) : undefined;
  const room = trpc.content.getRoom.useQuery({ id: id ?? 0 }, { enabled: id !== undefined, retry: false });
  return (
    <Stack p="lg" component="section" aria-labelledby="room-title">
      <Title order={1} size="h2" id="room-title">
        {room.data?.name ?? t('title')}
      </Title>
      {id === undefined ? <Alert color="red">{t('invalid')}</Alert> : null}
      {room.error ? <Alert color="red">{parseAppError(room.error).message}</Alert> : null}
      {room.data ? <Text>{t('viewLater')}</Text> : null}
    </Stack>
  );
}
