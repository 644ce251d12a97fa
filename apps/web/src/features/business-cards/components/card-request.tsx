// Asking for someone's card (spec 02 §2.3 "Business cards: request", §4.2): shown when the approval check answers
// false or null. The person's name with their company and job title where the event shows them, and the request
// button; a request already waiting says 'Request Sent', a denied one says so and may be asked again. On success the
// page sends the chat message that lets the owner allow or deny it (`onRequested`).
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BusinessCardInfo, UserSummary } from '@showfloor/contracts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { useRequestCard } from '../api/use-request-card.ts';
import { CardPicture } from './card-picture.tsx';

export interface CardRequestProps {
  userId: number;
  person: Pick<UserSummary, 'id' | 'firstname' | 'lastname' | 'company' | 'job_title' | 'profile_picture'>;
  info: BusinessCardInfo;
  /** What the event shows besides the name. */
  shown: { company: boolean; jobTitle: boolean };
  onRequested?: ((info: BusinessCardInfo) => void) | undefined;
}

export function CardRequest({ userId, person, info, shown, onRequested }: CardRequestProps) {
  const { t } = useTranslation('business-cards');
  const request = useRequestCard();
  const isSent = request.isSuccess || (info.approved === null && info.card_id !== null);
  const work = [shown.jobTitle ? person.job_title : null, shown.company ? person.company : null].filter(
    (part): part is string => Boolean(part),
  );
  const error = request.error ? serverErrorText(t, parseAppError(request.error)) : undefined;

  const send = () =>
    request.mutate(
      { user_id: person.id, requester_id: userId },
      { onSuccess: (answer) => onRequested?.(answer) },
    );

  return (
    <Stack gap="md" align="flex-start">
      <CardPicture card={{ ...person, profile_picture_path: person.profile_picture ?? null }} size={80} />
      <Stack gap={2}>
        <Title order={3} size="h4">
          {person.firstname} {person.lastname}
        </Title>
        {work.map((line) => (
          <Text key={line} size="sm" c="var(--mantine-color-gray-7)">
            {line}
          </Text>
        ))}
      </Stack>
      <Text>{t('request.intro', { name: person.firstname })}</Text>
      {info.approved === false && !request.isSuccess ? (
        <Text c="red.9" fw={500}>
          {t('request.denied')}
        </Text>
      ) : null}
      <Button onClick={send} disabled={isSent} loading={request.isPending} aria-live="polite">
        {isSent ? t('request.sent') : t('request.button')}
      </Button>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
