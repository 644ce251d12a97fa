// The holder's notes on a card (spec 02 §4.2 "Notes: Edit toggles to Done; Done saves", §5 "Notes max 2000;
// emptying keeps the previous note"). Done with the text unchanged, or emptied, saves nothing and keeps the
// previous note. A failure shows the server's message for 10 s and stays in editing.
import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_NOTES_LENGTH, TIMINGS } from '@showfloor/contracts';
import { FeedbackMessage } from '../../../components/feedback-message.tsx';
import { useTimedFeedback } from '../../../hooks/use-timed-feedback.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { useCardNotes } from '../api/use-card-notes.ts';

export interface CardNotesProps {
  userId: number;
  cardId: number;
  notes: string | null;
}

export function CardNotes({ userId, cardId, notes }: CardNotesProps) {
  const { t } = useTranslation('business-cards');
  const save = useCardNotes(userId);
  const { feedback, show, clear } = useTimedFeedback();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const isEditing = draft !== undefined;
  const previous = notes ?? '';

  const done = () => {
    if (draft === undefined) return;
    const text = draft.trim();
    // Emptying keeps the previous note; an unchanged text needs no call.
    if (text === '' || text === previous) {
      setDraft(undefined);
      return;
    }
    clear();
    save.mutate(
      { id: cardId, notes: text },
      {
        onSuccess: () => setDraft(undefined),
        onError: (error) =>
          show({ tone: 'error', text: serverErrorText(t, parseAppError(error)) }, TIMINGS.CARD_ERROR_MS),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Title order={4} size="h5" id={`card-notes-${cardId}`}>
          {t('notes.title')}
        </Title>
        {isEditing ? (
          <Button size="compact-sm" onClick={done} loading={save.isPending}>
            {t('notes.done')}
          </Button>
        ) : (
          <Button size="compact-sm" variant="light" onClick={() => setDraft(previous)}>
            {t('notes.edit')}
          </Button>
        )}
      </Group>
      {isEditing ? (
        <Textarea
          aria-labelledby={`card-notes-${cardId}`}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          maxLength={MAX_NOTES_LENGTH}
          autosize
          minRows={3}
          maxRows={10}
          data-autofocus
          description={t('notes.count', { count: draft.length, max: MAX_NOTES_LENGTH })}
        />
      ) : (
        <Text
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          c={previous ? undefined : 'var(--mantine-color-gray-7)'}
        >
          {previous || t('notes.none')}
        </Text>
      )}
      <FeedbackMessage feedback={feedback} />
    </Stack>
  );
}
