// The agenda's sessions in groups (spec 01 §7 "Agenda"): by day, room or presenter, each session with its time
// in the visitor's time zone, its title, its room (a link to /room/{id} when the visitor may enter it), its
// presenters and its description.
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AgendaEntry, Room, UserSummary } from '@showfloor/contracts';
import { PlainList } from '../../../components/plain-list.tsx';
import { mayEnterRoomId } from '../../../lib/shell/room-path.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import {
  formatDay,
  formatDayAndTime,
  formatTimeRange,
  groupByDay,
  groupByPresenter,
  groupByRoom,
  type AgendaView,
} from '../agenda.ts';

export interface AgendaSessionsProps {
  sessions: readonly AgendaEntry[];
  view: AgendaView;
  rooms: ReadonlyMap<number, Room>;
  presenters: ReadonlyMap<number, UserSummary>;
  /** The IANA time zone the days and times are shown in. */
  timeZone: string;
}

const fullName = (user: UserSummary) => `${user.firstname} ${user.lastname}`.trim();

function SessionCard({
  session,
  rooms,
  presenters,
  timeZone,
  showsDay,
}: Omit<AgendaSessionsProps, 'sessions' | 'view'> & { session: AgendaEntry; showsDay: boolean }) {
  const { t, i18n } = useTranslation('agenda');
  const user = useCurrentUser();
  const room = rooms.get(session.room_id);
  const roomName = room?.name ?? t('session.room', { id: session.room_id });
  const names = session.presenter_ids
    .map((id) => presenters.get(id))
    .filter((p): p is UserSummary => p !== undefined)
    .map(fullName);
  const when = showsDay
    ? formatDayAndTime(session, i18n.language, timeZone)
    : formatTimeRange(session, i18n.language, timeZone);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={4}>
        <Text fz="sm" fw={600} c="gray.7">
          <time dateTime={new Date(session.start_timestamp).toISOString()}>{when}</time>
        </Text>
        <Title order={4} fz="md">
          {session.title}
        </Title>
        <Text fz="sm">
          {t('session.where')}{' '}
          {user && mayEnterRoomId(user, session.room_id) ? (
            <Anchor
              component={Link}
              to={`/room/${session.room_id}`}
              fw={600}
              aria-label={t('session.goToRoom', { room: roomName })}
            >
              {roomName}
            </Anchor>
          ) : (
            <Text span fw={600}>
              {roomName}
            </Text>
          )}
        </Text>
        {names.length > 0 ? (
          <Text fz="sm">
            {t('session.presenters', { count: names.length })}{' '}
            <Text span fw={600}>
              {names.join(', ')}
            </Text>
          </Text>
        ) : null}
        {session.description ? (
          <Text fz="sm" c="gray.7">
            {session.description}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function AgendaSessions({ sessions, view, rooms, presenters, timeZone }: AgendaSessionsProps) {
  const { t, i18n } = useTranslation('agenda');
  const roomName = (id: number) => rooms.get(id)?.name ?? t('session.room', { id });
  const presenterName = (id: number) => {
    const user = presenters.get(id);
    return user ? fullName(user) : t('session.presenter', { id });
  };
  const groups =
    view === 'day'
      ? groupByDay(sessions, timeZone).map(({ key, sessions: list }) => ({
          id: key,
          heading: formatDay(key, i18n.language),
          sessions: list,
        }))
      : (view === 'room' ? groupByRoom(sessions, roomName) : groupByPresenter(sessions, presenterName)).map(
          ({ key, sessions: list }) => ({
            id: String(key),
            heading: view === 'room' ? roomName(key) : presenterName(key),
            sessions: list,
          }),
        );
  return (
    <Stack gap="lg">
      {groups.map((group) => {
        const headingId = `agenda-${view}-${group.id}`;
        return (
          <Stack key={group.id} component="section" gap="xs" aria-labelledby={headingId}>
            <Title order={3} fz="lg" id={headingId}>
              {group.heading}
            </Title>
            <PlainList labelledBy={headingId}>
              {group.sessions.map((session) => (
                <SessionCard
                  key={session.id}
                  session={session}
                  rooms={rooms}
                  presenters={presenters}
                  timeZone={timeZone}
                  showsDay={view !== 'day'}
                />
              ))}
            </PlainList>
          </Stack>
        );
      })}
    </Stack>
  );
}
