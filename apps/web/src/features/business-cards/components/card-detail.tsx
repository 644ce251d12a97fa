// One card (spec 02 §2.3 "Business cards: detail"): what its owner's card holds and nothing else (a field the card
// does not have is not shown at all), the holder's notes, and delete. Delete shows the server's message; the page
// then returns to the list (spec 02 §4.2); a failure shows the server's message for 10 s.
import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TIMINGS, type BusinessCard } from '@showfloor/contracts';
import { FeedbackMessage } from '../../../components/feedback-message.tsx';
import { useTimedFeedback } from '../../../hooks/use-timed-feedback.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { useDeleteCard } from '../api/use-delete-card.ts';
import { fullNameOf } from '../utils/search.ts';
import { CardNotes } from './card-notes.tsx';
import { CardPicture } from './card-picture.tsx';

export interface CardDetailProps {
  userId: number;
  card: BusinessCard;
  /** The card was deleted: the server's message. */
  onDeleted: (message: string) => void;
}

/** A web address as a link: one without a scheme gets https. */
function hrefOf(address: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(address) ? address : `https://${address}`;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="var(--mantine-color-gray-7)">
        {label}
      </Text>
      <Text component="dd" m={0} mb={6} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </>
  );
}

function Tags({ label, tags }: { label: string; tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={4} size="h5">
        {label}
      </Title>
      <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
        {tags.map((tag) => (
          <li key={tag}>
            <Badge variant="light" color="gray" c="var(--mantine-color-black)" tt="none">
              {tag}
            </Badge>
          </li>
        ))}
      </Group>
    </Stack>
  );
}

export function CardDetail({ userId, card, onDeleted }: CardDetailProps) {
  const { t } = useTranslation('business-cards');
  const remove = useDeleteCard(userId);
  const { feedback, show, clear } = useTimedFeedback();
  const [isConfirming, setIsConfirming] = useState(false);
  const work = [card.job_title, card.company].filter((part): part is string => Boolean(part));

  const confirmDelete = () => {
    clear();
    remove.mutate(
      { id: card.card_id },
      {
        onSuccess: (answer) => onDeleted(answer.message),
        onError: (error) => {
          setIsConfirming(false);
          show({ tone: 'error', text: serverErrorText(t, parseAppError(error)) }, TIMINGS.CARD_ERROR_MS);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="center">
        <CardPicture card={card} size={80} />
        <Stack gap={2} miw={0}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {fullNameOf(card)}
          </Title>
          {work.map((line) => (
            <Text key={line} size="sm" c="var(--mantine-color-gray-7)">
              {line}
            </Text>
          ))}
        </Stack>
      </Group>
      {card.personal_quote ? (
        <Text fs="italic" style={{ overflowWrap: 'anywhere' }}>
          “{card.personal_quote}”
        </Text>
      ) : null}
      {card.email || card.phone_number || card.webpage || card.linkedin ? (
        <dl style={{ margin: 0 }} aria-label={t('detail.contact')}>
          {card.email ? (
            <Row label={t('detail.email')}>
              <Anchor href={`mailto:${card.email}`}>{card.email}</Anchor>
            </Row>
          ) : null}
          {card.phone_number ? (
            <Row label={t('detail.phone')}>
              <Anchor href={`tel:${card.phone_number.replace(/\s+/g, '')}`}>{card.phone_number}</Anchor>
            </Row>
          ) : null}
          {card.webpage ? (
            <Row label={t('detail.webpage')}>
              <Anchor href={hrefOf(card.webpage)} target="_blank" rel="noopener noreferrer">
                {card.webpage}
              </Anchor>
            </Row>
          ) : null}
          {card.linkedin ? (
            <Row label={t('detail.linkedin')}>
              <Anchor href={hrefOf(card.linkedin)} target="_blank" rel="noopener noreferrer">
                {card.linkedin}
              </Anchor>
            </Row>
          ) : null}
        </dl>
      ) : null}
      <Tags label={t('detail.skills')} tags={card.skill} />
      <Tags label={t('detail.interests')} tags={card.interest} />
      <CardNotes key={card.card_id} userId={userId} cardId={card.card_id} notes={card.notes} />
      <Stack gap="xs" align="flex-start">
        {isConfirming ? (
          <Group gap="xs" role="group" aria-label={t('delete.confirmLabel')}>
            <Text size="sm">{t('delete.confirm')}</Text>
            <Button size="compact-sm" color="red.9" onClick={confirmDelete} loading={remove.isPending}>
              {t('delete.yes')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setIsConfirming(false)}>
              {t('delete.cancel')}
            </Button>
          </Group>
        ) : (
          <Button size="compact-sm" variant="outline" color="red.9" onClick={() => setIsConfirming(true)}>
            {t('delete.button')}
          </Button>
        )}
        <FeedbackMessage feedback={feedback} />
      </Stack>
    </Stack>
  );
}
