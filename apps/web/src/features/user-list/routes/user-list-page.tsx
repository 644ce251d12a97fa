// The participants of the scene's room (spec 02 §2.2, §2.7, §6; /user-list, shown in multiplayer rooms only):
// each participant with their status and microphone state (live, from the room's `microphone` player events);
// an event-admin or admin mutes one unmuted participant or everyone ('Mute all', when others are present)
// through the relay (`user_player_events` `mute`, refused from anyone else); others see the states only.
import { useCallback, useState } from 'react';
import { Alert, Anchor, Avatar, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PLAYER_EVENTS, isManager, type CurrentUser, type UserSummary } from '@showfloor/contracts';
import { MicIcon } from '../../../components/mic-icon.tsx';
import { PlainList } from '../../../components/plain-list.tsx';
import { StatusDot } from '../../../components/status-dot.tsx';
import { useSceneRoom } from '../../../hooks/use-scene-room.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { profilePictureUrl } from '../../../lib/api/files.ts';
import { useUserStatus } from '../../../lib/presence/user-status.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { useSceneLocation } from '../../../lib/shell/scene.ts';
import { emitWithAck } from '../../../lib/socket/registry.ts';
import { useParticipants } from '../api/use-participants.ts';
import { useMicrophones } from '../hooks/use-microphone-events.ts';

function Participant({
  person,
  isMuted,
  onMute,
}: {
  person: UserSummary;
  /** Undefined: no state heard (the room reported none), so none is shown. */
  isMuted: boolean | undefined;
  onMute: (() => void) | undefined;
}) {
  const { t } = useTranslation('user-list');
  const status = useUserStatus(person.id, person.user_status) ?? 'offline';
  const name = `${person.firstname} ${person.lastname}`.trim();
  const detail = [person.job_title, person.company].filter(Boolean).join(', ');
  // The Mute button goes when the participant's muted state comes (the mute pressed, or theirs): if it had the
  // focus, the row takes it (and is read out with the new state), so the keyboard keeps its place in the list
  // instead of falling to the page behind the drawer. React runs a ref's cleanup before it removes the node, so
  // the button still has the focus then; a stable callback, so a re-render does not run it.
  const muteRef = useCallback((button: HTMLButtonElement | null) => {
    if (!button) return undefined;
    return () => {
      if (button.ownerDocument.activeElement === button)
        button.closest<HTMLElement>('[data-participant]')?.focus();
    };
  }, []);
  // The name and details take the row's width and wrap (a drawer is 400 px, a phone narrower): the microphone
  // state sits under them, so only the Mute button shares the line and no name is cut ("Grace H…").
  return (
    <Group
      component="li"
      tabIndex={-1}
      className="sf-focus-target"
      wrap="nowrap"
      gap="sm"
      justify="space-between"
      data-participant={person.id}
    >
      <Group wrap="nowrap" gap="sm" miw={0} style={{ flex: 1 }}>
        <Avatar
          src={person.profile_picture ? profilePictureUrl(person.profile_picture) : null}
          alt=""
          radius="xl"
          size="md"
        >
          {`${person.firstname.charAt(0)}${person.lastname.charAt(0)}`}
        </Avatar>
        <Stack gap={0} miw={0}>
          <Group gap={6} wrap="nowrap">
            <StatusDot status={status} />
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
          </Group>
          {detail ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {detail}
            </Text>
          ) : null}
          {isMuted === undefined ? null : (
            <Group gap={4} wrap="nowrap" c={isMuted ? 'red.9' : 'dark'}>
              <MicIcon off={isMuted} size={16} />
              <Text size="sm">{isMuted ? t('muted') : t('unmuted')}</Text>
            </Group>
          )}
        </Stack>
      </Group>
      {onMute && isMuted !== true ? (
        <Button
          ref={muteRef}
          size="compact-sm"
          // Filled: white on dark red. `light` with a shade (red.9) drew the label in the background's colour.
          variant="filled"
          color="red.9"
          style={{ flex: 'none' }}
          onClick={onMute}
          aria-label={t('muteOne', { name })}
        >
          {t('mute')}
        </Button>
      ) : null}
    </Group>
  );
}

function ParticipantList({ user, roomId }: { user: CurrentUser; roomId: number }) {
  const { t } = useTranslation('user-list');
  const participants = useParticipants(roomId);
  const microphones = useMicrophones(roomId);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const mayMute = isManager(user.roles);

  const mute = async (target: number | 'all') => {
    setFailure(undefined);
    const ack = await emitWithAck('user_player_events', {
      user_id: user.id,
      room_id: roomId,
      event: PLAYER_EVENTS.MUTE,
      data: { target, by: `${user.firstname} ${user.lastname}`.trim() },
    });
    if (ack?.statusCode !== 200) setFailure(ack?.message ?? t('muteFailed'));
  };

  if (participants.isPending) return <Loader aria-label={t('loading')} />;
  if (participants.error)
    return (
      <Text c="red.9" role="alert">
        {parseAppError(participants.error).message}
      </Text>
    );
  const people = participants.data.users;
  const others = people.filter((p) => p.id !== user.id);
  return (
    <Stack gap="md">
      {failure ? (
        <Text c="red.9" role="alert">
          {failure}
        </Text>
      ) : null}
      {people.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        // 4 px above the first row: its focus ring (2 px, 2 px out) is not cut by the drawer's header.
        <PlainList gap="sm" pt={4} label={t('listLabel')}>
          {people.map((person) => (
            <Participant
              key={person.id}
              person={person}
              isMuted={microphones[person.id]}
              onMute={mayMute && person.id !== user.id ? () => void mute(person.id) : undefined}
            />
          ))}
        </PlainList>
      )}
      {mayMute && others.length > 0 ? (
        <Anchor component="button" type="button" fw={600} c="red.9" onClick={() => void mute('all')}>
          {t('muteAll')}
        </Anchor>
      ) : null}
    </Stack>
  );
}

export default function UserListPage() {
  const { t } = useTranslation('user-list');
  const user = useCurrentUser();
  const scene = useSceneLocation();
  if (!user) return null;
  return <SceneParticipants user={user} scene={scene} fallback={t('noRoom')} />;
}

function SceneParticipants({
  user,
  scene,
  fallback,
}: {
  user: CurrentUser;
  scene: ReturnType<typeof useSceneLocation>;
  fallback: string;
}) {
  const { t } = useTranslation('user-list');
  const { room, isPending } = useSceneRoom(scene?.pathname ?? '', user);
  if (isPending) return <Loader aria-label={t('loading')} />;
  if (!room) return <Alert color="gray">{fallback}</Alert>;
  return <ParticipantList user={user} roomId={room.id} />;
}
