// Room chat (spec 02 §2.3 "Room chat: RoomChatMessage, RoomChatParticipantList"): the chat of the room behind the
// drawer (the scene: the lobby or /room/{id}) and the people in it now. Both need an active room: without one the
// page says so and offers nothing to send. `?view=participants` names the participant list, so it can be linked;
// moving between the two replaces the history entry and keeps the scene behind the drawer.
import { useCallback, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { useSceneLocation } from '../../../lib/shell/scene.ts';
import { useActiveRoom } from '../api/use-active-room.ts';
import { useRoomConversation, useRoomUsers } from '../api/use-room-chat.ts';
import { BackButton, ConversationView } from '../components/conversation-view.tsx';
import { ParticipantList } from '../components/participant-list.tsx';
import { useShownFields } from '../hooks/use-shown-fields.ts';
import '../components/chat.css';

/** The drawer page's height: the chat view scrolls its messages, not the drawer. */
const VIEW_HEIGHT = 'calc(100dvh - 92px)';

function Loading({ label }: { label: string }) {
  return (
    <Center p="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

export default function RoomChatPage() {
  const { t } = useTranslation('chat');
  const user = useCurrentUser();
  const scene = useSceneLocation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const active = useActiveRoom(scene, user);
  const room = active.status === 'ready' ? active.room : undefined;
  const conversation = useRoomConversation(room?.id);
  const showsParticipants = params.get('view') === 'participants';
  const users = useRoomUsers(room?.id);
  const shown = useShownFields(user?.event_code ?? '');

  const go = useCallback(
    (view: 'participants' | undefined) =>
      void navigate(
        { pathname: location.pathname, search: view ? `?view=${view}` : '' },
        { replace: true, state: location.state },
      ),
    [navigate, location.pathname, location.state],
  );

  if (!user) return null;
  if (active.status === 'pending') return <Loading label={t('roomChat.loading')} />;
  if (!room) {
    return (
      <Alert color="gray" title={t('roomChat.noRoomTitle')}>
        {t('roomChat.noRoom')}
      </Alert>
    );
  }

  let content: ReactNode;
  if (showsParticipants) {
    content = (
      <Stack gap="sm">
        <BackButton onClick={() => go(undefined)}>{t('roomChat.backToChat')}</BackButton>
        {users.isPending ? (
          <Loading label={t('roomChat.loadingPeople')} />
        ) : users.error ? (
          <Alert color="red" title={t('roomChat.peopleFailed')}>
            <Button size="compact-sm" variant="light" onClick={() => void users.refetch()}>
              {t('view.retry')}
            </Button>
          </Alert>
        ) : (
          <ParticipantList title={room.name} participants={users.data?.users ?? []} shown={shown} />
        )}
      </Stack>
    );
  } else if (conversation.isPending) {
    content = <Loading label={t('view.loading')} />;
  } else if (conversation.error || !conversation.data) {
    const error = conversation.error ? parseAppError(conversation.error) : undefined;
    content = (
      <Alert color="red" title={t('view.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error?.fromServer ? error.message : t('common:errors.submissionFailed')}</Text>
          <Button size="compact-sm" variant="light" onClick={() => void conversation.refetch()}>
            {t('view.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const data = conversation.data;
    content = (
      <Stack h={VIEW_HEIGHT}>
        <ConversationView
          key={data.id}
          conversation={{ ...data, roomName: data.roomName ?? room.name }}
          userId={user.id}
          eventCode={user.event_code}
          kind="room"
          room={room}
          toolbar={{ participants: () => go('participants') }}
          {...(users.data ? { participantCount: users.data.users.length } : {})}
        />
      </Stack>
    );
  }
  return content;
}
