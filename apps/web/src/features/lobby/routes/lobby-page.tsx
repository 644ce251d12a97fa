// The lobby (spec 01 §2): where a signed-in user lands. The embedded 3D lobby comes with the room feature in a
// later issue; until then the page greets the user and names the event's lobby.
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { trpc } from '../../../lib/api/trpc.ts';

export default function LobbyPage() {
  const { t } = useTranslation('lobby');
  const user = useCurrentUser();
  const lobby = trpc.content.getLobby.useQuery({ event_code: user?.event_code }, { enabled: Boolean(user) });
  return (
    <Stack p="lg" component="section" aria-labelledby="lobby-title">
      <Title order={1} size="h2" id="lobby-title">
        {t('title')}
      </Title>
      <Text>{t('welcome', { name: user?.firstname || user?.username || '' })}</Text>
      {lobby.data ? (
        <Paper withBorder p="md" radius="md">
          <Text fw={600}>{lobby.data.name}</Text>
          <Text>{t('roomLater')}</Text>
        </Paper>
      ) : null}
    </Stack>
  );
}
