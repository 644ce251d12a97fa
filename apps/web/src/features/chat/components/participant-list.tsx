// The participants of a conversation (spec 02 §2.7): the group's title, each person with company and job title
// as the event shows them, or 'Participant list is empty.!'.
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Participant } from '@showfloor/contracts';
import type { ShownFields } from '../utils/conversation.ts';
import { PersonLine } from './person-line.tsx';

export interface ParticipantListProps {
  title: string;
  participants: readonly Participant[];
  shown: ShownFields;
}

export function ParticipantList({ title, participants, shown }: ParticipantListProps) {
  const { t } = useTranslation('chat');
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {title}
      </Title>
      {participants.length === 0 ? (
        <Text>{t('participants.empty')}</Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('participants.label')}
        >
          {participants.map((person) => (
            <li key={person.id}>
              <PersonLine person={person} shown={shown} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
