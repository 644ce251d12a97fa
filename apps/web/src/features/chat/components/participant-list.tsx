// The participants of a conversation (spec 02 §2.7): the group's title, each person with company and job title
// as the event shows them, or 'Participant list is empty.!'. With `onRequestCard` (the business cards, composed in
// src/app), each other person offers a request for their card.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Participant } from '@showfloor/contracts';
import { PlainList } from '../../../components/plain-list.tsx';
import { fullName, type ShownFields } from '../utils/conversation.ts';
import { PersonLine } from './person-line.tsx';

export interface ParticipantListProps {
  title: string;
  participants: readonly Participant[];
  shown: ShownFields;
  /** Asks for a person's business card; the viewer (`userId`) is offered none of their own. */
  onRequestCard?: ((person: Participant) => void) | undefined;
  userId?: number;
}

export function ParticipantList({ title, participants, shown, onRequestCard, userId }: ParticipantListProps) {
  const { t } = useTranslation('chat');
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {title}
      </Title>
      {participants.length === 0 ? (
        <Text>{t('participants.empty')}</Text>
      ) : (
        <PlainList label={t('participants.label')}>
          {participants.map((person) => (
            <li key={person.id}>
              {onRequestCard && person.id !== userId ? (
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <PersonLine person={person} shown={shown} />
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => onRequestCard(person)}
                    aria-label={t('participants.requestCard', { name: fullName(person) })}
                  >
                    {t('participants.card')}
                  </Button>
                </Group>
              ) : (
                <PersonLine person={person} shown={shown} />
              )}
            </li>
          ))}
        </PlainList>
      )}
    </Stack>
  );
}
