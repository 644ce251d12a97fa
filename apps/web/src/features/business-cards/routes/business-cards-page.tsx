// The business cards drawer page (spec 02 §2.3 "Business cards: list, detail, request", §4.2): the list is the
// page's home; a card's detail and the request page are drawer sub-pages (router state, lib/shell/sub-page.ts), so
// the drawer's header names them and its Back returns to the list. Chat opens the request sub-page of a person
// (`cardRequestState`): the approval check then shows the detail when the card is allowed (approved true) and the
// request page otherwise (false or null). After a delete the server's message shows, then the list after 3.5 s.
// The app passes `onRequested` (src/app/routes/business-cards.tsx): a new request's chat message to the owner.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Alert, Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { findPreference, TIMINGS, type BusinessCardInfo } from '@showfloor/contracts';
import { useEventPreferences } from '../../../hooks/use-event-preferences.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import type { DrawerSubPage } from '../../../lib/shell/scene.ts';
import { useDrawerSubPage } from '../../../lib/shell/sub-page.ts';
import { useCardInfo } from '../api/use-card-info.ts';
import { useCards } from '../api/use-cards.ts';
import { usePerson } from '../api/use-person.ts';
import { CardDetail } from '../components/card-detail.tsx';
import { CardList } from '../components/card-list.tsx';
import { CardRequest } from '../components/card-request.tsx';

/** The detail sub-page of a card. */
export function cardDetailSubPage(cardId: number): DrawerSubPage {
  return { name: 'detail', titleKey: 'business-cards:detail.title', param: cardId };
}

/** The request sub-page of a person's card (the approval check decides what it shows). */
export function cardRequestSubPage(personId: number): DrawerSubPage {
  return { name: 'request', titleKey: 'business-cards:request.title', param: personId };
}

export interface BusinessCardsPageProps {
  /** A request was accepted by the server: the app sends its chat message to the card's owner. */
  onRequested?: (info: BusinessCardInfo) => void;
}

/** A sub-page's id parameter, when it is one. */
function idParam(value: string | number | undefined): number | undefined {
  const id = Number(value);
  return value !== undefined && Number.isInteger(id) && id > 0 ? id : undefined;
}

function Loading() {
  const { t } = useTranslation('business-cards');
  return (
    <Center p="xl">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

function LoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation('business-cards');
  return (
    <Alert color="red" variant="light" role="alert">
      {serverErrorText(t, parseAppError(error))}
    </Alert>
  );
}

/** The approval check of `personId`'s card for the user: the detail when allowed, else the request page. */
function RequestOrDetail({
  userId,
  eventCode,
  personId,
  onAllowed,
  onRequested,
}: {
  userId: number;
  eventCode: string;
  personId: number;
  onAllowed: (cardId: number) => void;
  onRequested: ((info: BusinessCardInfo) => void) | undefined;
}) {
  const info = useCardInfo(personId, userId);
  const person = usePerson(personId);
  const { preferences } = useEventPreferences(eventCode);
  const allowedCard = info.data?.approved === true ? info.data.card_id : null;
  useEffect(() => {
    if (allowedCard !== null) onAllowed(allowedCard);
  }, [allowedCard, onAllowed]);
  if (info.isError) return <LoadFailed error={info.error} />;
  if (person.isError) return <LoadFailed error={person.error} />;
  if (!info.data || !person.data || allowedCard !== null) return <Loading />;
  return (
    <CardRequest
      userId={userId}
      person={person.data}
      info={info.data}
      shown={{
        company: findPreference(preferences, 'show_company') === 'yes',
        jobTitle: findPreference(preferences, 'show_job_title') === 'yes',
      }}
      onRequested={onRequested}
    />
  );
}

export default function BusinessCardsPage({ onRequested }: BusinessCardsPageProps = {}) {
  const { t } = useTranslation('business-cards');
  const user = useCurrentUser();
  const { subPage, open, back } = useDrawerSubPage();
  const userId = user?.id ?? 0;
  const cards = useCards(userId);
  const [deleted, setDeleted] = useState<string | undefined>(undefined);

  const openCard = useCallback((cardId: number) => open(cardDetailSubPage(cardId)), [open]);
  const { refetch } = cards;
  // An allowed card found by the approval check: the list read before may not hold it yet.
  const openAllowedCard = useCallback(
    (cardId: number) => {
      void refetch();
      open(cardDetailSubPage(cardId), { replace: true });
    },
    [refetch, open],
  );

  // Deleted: the server's message, then the list (read again) after 3.5 s.
  useEffect(() => {
    if (deleted === undefined) return undefined;
    const timer = setTimeout(() => {
      setDeleted(undefined);
      back();
    }, TIMINGS.CARD_DELETE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [deleted, back]);

  if (!user) return null;
  const cardId = subPage?.name === 'detail' ? idParam(subPage.param) : undefined;
  const personId = subPage?.name === 'request' ? idParam(subPage.param) : undefined;
  let content: ReactNode;
  if (deleted !== undefined) {
    content = (
      <Text role="status" c="green.9" fw={500}>
        {deleted}
      </Text>
    );
  } else if (personId !== undefined && personId !== userId) {
    content = (
      <RequestOrDetail
        key={personId}
        userId={userId}
        eventCode={user.event_code}
        personId={personId}
        onAllowed={openAllowedCard}
        onRequested={onRequested}
      />
    );
  } else if (cards.isError) {
    content = <LoadFailed error={cards.error} />;
  } else if (!cards.data) {
    content = <Loading />;
  } else if (cardId !== undefined) {
    const card = cards.data.find((c) => c.card_id === cardId);
    if (card) content = <CardDetail userId={userId} card={card} onDeleted={setDeleted} />;
    else if (cards.isFetching) content = <Loading />;
    else content = <Text>{t('detail.notFound')}</Text>;
  } else {
    content = <CardList cards={cards.data} onOpen={openCard} />;
  }
  return content;
}
