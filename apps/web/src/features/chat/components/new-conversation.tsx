// A new conversation, or more people for a group (spec 02 §2.6, §4.3, §9): search the people currently in the
// event (the first 50), pick them, start or cancel. Picking someone already chosen says 'user exists' for 2.5 s.
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  Pill,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH, TIMINGS, type Participant } from '@showfloor/contracts';
import { PlainList } from '../../../components/plain-list.tsx';
import { useEventPeople } from '../api/use-event-people.ts';
import { useShownFields } from '../hooks/use-shown-fields.ts';
import { fullName, matchesSearch, personWords } from '../utils/conversation.ts';
import { PersonLine } from './person-line.tsx';

export interface NewConversationProps {
  userId: number;
  eventCode: string;
  /** People already in the conversation (adding to a group): they stay, and count as chosen. */
  fixed?: readonly Participant[];
  onStart: (people: Participant[]) => void;
  onCancel: () => void;
}

export function NewConversation({ userId, eventCode, fixed = [], onStart, onCancel }: NewConversationProps) {
  const { t } = useTranslation('chat');
  const shown = useShownFields(eventCode);
  const people = useEventPeople(eventCode, userId);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Participant[]>([]);
  const [exists, setExists] = useState<{ name: string; at: number } | undefined>(undefined);

  useEffect(() => {
    if (!exists) return undefined;
    const timer = setTimeout(() => setExists(undefined), TIMINGS.USER_EXISTS_MS);
    return () => clearTimeout(timer);
  }, [exists]);

  const isChosen = (id: number) => chosen.some((p) => p.id === id) || fixed.some((p) => p.id === id);
  const pick = (person: Participant) => {
    if (isChosen(person.id)) {
      // A fresh object, so a second try shows the message for another 2.5 s.
      setExists((shown) => ({ name: fullName(person), at: (shown?.at ?? 0) + 1 }));
      return;
    }
    setChosen((list) => [...list, person]);
  };
  const found = people.people.filter((p) => matchesSearch(personWords(p, shown), search));

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {fixed.length > 0 ? t('new.addTitle') : t('new.title')}
      </Title>
      <TextInput
        type="search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={MAX_TEXT_LENGTH}
        aria-label={t('new.search')}
        placeholder={t('new.searchPlaceholder')}
      />
      <Stack gap={4}>
        <Text size="sm" fw={600} id="new-conversation-chosen">
          {t('new.chosen')}
        </Text>
        {chosen.length + fixed.length === 0 ? (
          <Text size="sm" c="var(--mantine-color-gray-7)">
            {t('new.noneChosen')}
          </Text>
        ) : (
          <Group
            gap={6}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-labelledby="new-conversation-chosen"
          >
            {fixed.map((person) => (
              <li key={person.id}>
                <Pill size="md">{fullName(person)}</Pill>
              </li>
            ))}
            {chosen.map((person) => (
              <li key={person.id}>
                <Pill size="md">
                  <Group gap={2} wrap="nowrap">
                    {fullName(person)}
                    <CloseButton
                      size="xs"
                      aria-label={t('new.remove', { name: fullName(person) })}
                      onClick={() => setChosen((list) => list.filter((p) => p.id !== person.id))}
                    />
                  </Group>
                </Pill>
              </li>
            ))}
          </Group>
        )}
      </Stack>
      <div role="status">
        {exists ? (
          <Alert color="yellow" py={6}>
            {t('new.userExists', { name: exists.name })}
          </Alert>
        ) : null}
      </div>
      <Text size="sm" fw={600} id="new-conversation-people">
        {t('new.people')}
      </Text>
      {people.isPending ? (
        <Center p="md">
          <Loader size="sm" aria-label={t('new.loading')} />
        </Center>
      ) : found.length === 0 ? (
        <Text size="sm" c="var(--mantine-color-gray-7)">
          {people.people.length === 0 ? t('new.nobody') : t('list.noResults')}
        </Text>
      ) : (
        <PlainList gap={2} labelledBy="new-conversation-people">
          {found.map((person) => (
            <li key={person.id}>
              <UnstyledButton
                w="100%"
                p={6}
                onClick={() => pick(person)}
                aria-label={t('new.add', { name: fullName(person) })}
                aria-pressed={isChosen(person.id)}
                className="sf-chat-item"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              >
                <PersonLine person={person} shown={shown} />
              </UnstyledButton>
            </li>
          ))}
        </PlainList>
      )}
      <Group justify="flex-end" gap="xs" mt="xs">
        <Button variant="default" onClick={onCancel}>
          {t('new.cancel')}
        </Button>
        <Button onClick={() => onStart([...fixed, ...chosen])} disabled={chosen.length === 0}>
          {t('new.start')}
        </Button>
      </Group>
    </Stack>
  );
}
