// A room as a scene (the lobby or /room/{id}): the instance choice before entry, then the embedded room. The
// room's name is the scene's heading for screen readers; the room itself fills the screen.
import { useState } from 'react';
import { Box, Center, Loader, Title, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isPresenterOrUp, type CurrentUser, type Room } from '@showfloor/contracts';
import { useEventPreferences } from '../../../hooks/use-event-preferences.ts';
import { useMeetingInstances } from '../api/use-meeting-instances.ts';
import { instanceChoice, meetingIdOf } from '../room-rules.ts';
import { EmbeddedRoom } from './embedded-room.tsx';
import { InstancePicker } from './instance-picker.tsx';

/** The scene fills the window below the shell's header. */
export const SCENE_HEIGHT = 'calc(100dvh - var(--sf-header-height, 53px))';

export function SceneFrame({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-labelledby="scene-title" h={SCENE_HEIGHT} pos="relative">
      <VisuallyHidden>
        <Title order={1} id="scene-title">
          {heading}
        </Title>
      </VisuallyHidden>
      {children}
    </Box>
  );
}

export function SceneLoader() {
  const { t } = useTranslation('room');
  return (
    <Center h="100%">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

export function RoomScene({ room, user }: { room: Room; user: CurrentUser }) {
  const navigate = useNavigate();
  const preferences = useEventPreferences(user.event_code);
  const meetingId = meetingIdOf(room.link);
  const instances = useMeetingInstances(meetingId, user.breakout_group);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const choice = instanceChoice(
    {
      isMeeting: meetingId !== undefined,
      isLoading: instances.isPending && instances.fetchStatus !== 'idle',
      isError: instances.isError,
      data: instances.data,
    },
    isPresenterOrUp(user.roles, room.id),
  );

  if (choice.kind === 'loading' || preferences.isLoading) return <SceneLoader />;
  if ((choice.kind === 'pick' || choice.kind === 'failed') && picked === undefined) {
    return (
      <InstancePicker
        roomName={room.name}
        eventCode={user.event_code}
        instances={choice.kind === 'pick' ? choice.instances : undefined}
        onProceed={setPicked}
        onCancel={() => void navigate('/lobby')}
      />
    );
  }
  const instance = picked ?? (choice.kind === 'enter' ? choice.instance : null);
  return <EmbeddedRoom room={room} instance={instance} user={user} preferences={preferences.preferences} />;
}
