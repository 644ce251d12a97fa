// The agenda (spec 01 §7 "Agenda"; spec 01 §1 "read an agenda"): the event's sessions by day, room or presenter,
// each linking to its room, in the visitor's time zone. The menu shows it only when the event has sessions
// (menu.ts).
import { useState } from 'react';
import { Alert, Center, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { AGENDA_VIEWS, visitorTimeZone, type AgendaView } from '../agenda.ts';
import { useAgenda, useAgendaRooms, usePresenters } from '../api/use-agenda.ts';
import { AgendaSessions } from '../components/agenda-sessions.tsx';

export default function AgendaPage() {
  const { t } = useTranslation('agenda');
  const [view, setView] = useState<AgendaView>('day');
  const agenda = useAgenda();
  const rooms = useAgendaRooms();
  const sessions = agenda.data?.agenda ?? [];
  const presenters = usePresenters(sessions.flatMap((session) => session.presenter_ids));
  const timeZone = visitorTimeZone();
  if (agenda.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (agenda.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {serverErrorText(t, parseAppError(agenda.error))}
      </Alert>
    );
  }
  if (sessions.length === 0) return <Text>{t('empty')}</Text>;
  return (
    <Stack gap="md">
      <SegmentedControl
        fullWidth
        value={view}
        onChange={(value) => setView(value as AgendaView)}
        aria-label={t('views.label')}
        data={AGENDA_VIEWS.map((value) => ({ value, label: t(`views.${value}`) }))}
      />
      <Text fz="sm" c="gray.7">
        {t('timeZone', { zone: timeZone })}
      </Text>
      <AgendaSessions
        sessions={sessions}
        view={view}
        rooms={rooms}
        presenters={presenters}
        timeZone={timeZone}
      />
    </Stack>
  );
}
