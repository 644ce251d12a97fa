// The recruiting dashboard (spec 02 §2.3 "main, chat, user list, profile, badge list", §4.10), composed from what
// the features export: recruiting's user list, candidate page and badge list, chat's conversation view (the
// recruiting chat's toolbar) and the announcements' notification page for one candidate. The page shown and the
// candidate live in the drawer's sub-page state (a reload keeps them; the drawer's Back returns to the candidates). From
// 960 px up: the list beside the candidate's pages; below: one column, with navigation between the pages.
import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS, TEMP_CONVERSATION_PREFIX, type UserSummary } from '@showfloor/contracts';
import { NotificationPanel } from '../../features/announcements/index.ts';
import { ConversationView, type ConversationLike } from '../../features/chat/index.ts';
import {
  CandidateBadges,
  CandidateList,
  CandidateProfile,
  useCandidate,
  useCandidateConversation,
} from '../../features/recruiting/index.ts';
import { useCurrentUser } from '../../lib/session/session.ts';
import { useDrawerSubPage } from '../../lib/shell/sub-page.ts';

const CANDIDATE_PAGES = ['profile', 'badges', 'chat', 'notification'] as const;
type CandidatePage = (typeof CANDIDATE_PAGES)[number];

const isCandidatePage = (name: string | undefined): name is CandidatePage =>
  (CANDIDATE_PAGES as readonly string[]).includes(name ?? '');

function CandidateChat({ candidateId, onNotify }: { candidateId: number; onNotify: () => void }) {
  const { t } = useTranslation('recruiting');
  const user = useCurrentUser();
  const candidate = useCandidate(candidateId);
  const chat = useCandidateConversation(user?.id ?? 0, candidateId);
  if (!user || candidate.isPending || chat.isPending) return <Loader aria-label={t('chat.loading')} />;
  if (candidate.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {candidate.error.message}
      </Alert>
    );
  }
  const conversation: ConversationLike = chat.conversation ?? {
    id: `${TEMP_CONVERSATION_PREFIX}${candidateId}`,
    participants: [
      { id: user.id, firstname: user.firstname, lastname: user.lastname },
      { id: candidateId, firstname: candidate.data.firstname, lastname: candidate.data.lastname },
    ],
    isGroupConversation: false,
    isRoomConversation: false,
    bot: null,
    roomName: null,
  };
  return (
    <Stack h="min(70dvh, 720px)" mih={360}>
      <ConversationView
        conversation={conversation}
        userId={user.id}
        eventCode={user.event_code}
        kind="recruiting"
        {...(chat.conversation ? {} : { recipients: [candidateId] })}
        onStored={() => void chat.refetch()}
        toolbar={{ notification: onNotify }}
      />
    </Stack>
  );
}

function CandidateNotification({ candidateId }: { candidateId: number }) {
  const { t } = useTranslation('recruiting');
  const candidate = useCandidate(candidateId);
  if (candidate.isPending) return <Loader aria-label={t('profile.loading')} />;
  const name = candidate.data
    ? `${candidate.data.firstname} ${candidate.data.lastname}`
    : String(candidateId);
  return <NotificationPanel key={candidateId} candidate={{ id: candidateId, name }} />;
}

function PageNav({ page, onOpen }: { page: CandidatePage; onOpen: (page: CandidatePage) => void }) {
  const { t } = useTranslation('recruiting');
  return (
    <Box component="nav" aria-label={t('pages.label')}>
      <Group gap={6} wrap="wrap">
        {CANDIDATE_PAGES.map((name) => (
          <Button
            key={name}
            size="compact-md"
            variant={name === page ? 'filled' : 'default'}
            aria-current={name === page ? 'page' : undefined}
            onClick={() => onOpen(name)}
          >
            {t(`pages.${name}`)}
          </Button>
        ))}
      </Group>
    </Box>
  );
}

export default function RecruitingDashboard() {
  const { t } = useTranslation('recruiting');
  const user = useCurrentUser();
  const isNarrow = useMediaQuery(`(max-width: ${BREAKPOINTS.MEDIUM - 0.02}px)`) ?? false;
  const { subPage, open } = useDrawerSubPage();
  if (!user) return null;
  const page = isCandidatePage(subPage?.name) ? subPage.name : undefined;
  const candidateId = page && typeof subPage?.param === 'number' ? subPage.param : undefined;
  const go = (name: CandidatePage, id: number, replace: boolean) =>
    open({ name, titleKey: `recruiting:pages.${name}`, param: id }, { replace });

  const list = (
    <CandidateList
      eventCode={user.event_code}
      recruiterId={user.id}
      selectedId={candidateId}
      onSelect={(person: UserSummary) => go('profile', person.id, page !== undefined)}
    />
  );
  const candidatePages =
    page && candidateId !== undefined ? (
      <Stack gap="md">
        <PageNav page={page} onOpen={(name) => go(name, candidateId, true)} />
        {page === 'profile' ? (
          <CandidateProfile
            candidateId={candidateId}
            eventCode={user.event_code}
            onOpenBadges={() => go('badges', candidateId, true)}
          />
        ) : null}
        {page === 'badges' ? <CandidateBadges candidateId={candidateId} /> : null}
        {page === 'chat' ? (
          <CandidateChat candidateId={candidateId} onNotify={() => go('notification', candidateId, true)} />
        ) : null}
        {page === 'notification' ? <CandidateNotification candidateId={candidateId} /> : null}
      </Stack>
    ) : null;

  if (isNarrow) return candidatePages ?? list;
  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <Box w={320} style={{ flex: 'none' }}>
        {list}
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>{candidatePages ?? <Text c="gray.7">{t('main.pick')}</Text>}</Box>
    </Group>
  );
}
