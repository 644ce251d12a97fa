// The candidate page (spec 02 §4.10 "Candidate page: profile, last login, current status, recruiting status,
// achievements"): picking a recruiting status sends the patch and shows its message for 3 s (success or the
// server's failure); the recruiter's notes (at most 2000; an empty note keeps the previous one).
import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_NOTES_LENGTH, TIMINGS, type RecruitingUserData } from '@showfloor/contracts';
import { FeedbackMessage } from '../../../components/feedback-message.tsx';
import { useTimedFeedback } from '../../../hooks/use-timed-feedback.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { useCandidate } from '../api/use-candidate.ts';
import { useSaveNotes } from '../api/use-save-notes.ts';
import { useSetRecruitingStatus } from '../api/use-set-recruiting-status.ts';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" fz="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function RecruitingStatusPicker({
  candidateId,
  eventCode,
  data,
}: {
  candidateId: number;
  eventCode: string;
  data: RecruitingUserData;
}) {
  const { t } = useTranslation('recruiting');
  const setStatus = useSetRecruitingStatus();
  const { feedback, show } = useTimedFeedback();
  return (
    <Stack gap={4}>
      <Select
        label={t('profile.recruitingStatus')}
        placeholder={t('profile.noRecruitingStatus')}
        data={data.recruiting_statuses.map((status) => ({ value: String(status.id), label: status.name }))}
        value={data.recruiting_status_id === null ? null : String(data.recruiting_status_id)}
        allowDeselect={false}
        disabled={setStatus.isPending}
        onChange={(value) => {
          if (value === null) return;
          const name = data.recruiting_statuses.find((s) => String(s.id) === value)?.name ?? value;
          setStatus.mutate(
            { user_id: candidateId, status_id: Number(value), event_code: eventCode },
            {
              onSuccess: () =>
                show(
                  { tone: 'success', text: t('profile.statusSaved', { status: name }) },
                  TIMINGS.RECRUITING_MESSAGE_MS,
                ),
              onError: (error) =>
                show(
                  { tone: 'error', text: serverErrorText(t, parseAppError(error)) },
                  TIMINGS.RECRUITING_MESSAGE_MS,
                ),
            },
          );
        }}
      />
      <FeedbackMessage feedback={feedback} />
    </Stack>
  );
}

function Notes({ candidateId, saved }: { candidateId: number; saved: string | null }) {
  const { t } = useTranslation('recruiting');
  const [draft, setDraft] = useState(saved ?? '');
  const save = useSaveNotes();
  const { feedback, show } = useTimedFeedback();
  return (
    <Stack gap={4}>
      <Textarea
        label={t('profile.notes')}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        maxLength={MAX_NOTES_LENGTH}
        autosize
        minRows={3}
        maxRows={8}
        description={t('profile.notesCount', { count: draft.length, max: MAX_NOTES_LENGTH })}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <Group justify="flex-end">
        <Button
          variant="light"
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { id: candidateId, notes: draft },
              {
                onSuccess: ({ notes }) => {
                  setDraft(notes);
                  show({ tone: 'success', text: t('profile.notesSaved') }, TIMINGS.RECRUITING_MESSAGE_MS);
                },
                onError: (error) =>
                  show(
                    { tone: 'error', text: serverErrorText(t, parseAppError(error)) },
                    TIMINGS.RECRUITING_MESSAGE_MS,
                  ),
              },
            )
          }
        >
          {t('profile.saveNotes')}
        </Button>
      </Group>
      <FeedbackMessage feedback={feedback} />
    </Stack>
  );
}

export interface CandidateProfileProps {
  candidateId: number;
  eventCode: string;
  onOpenBadges?: () => void;
}

export function CandidateProfile({ candidateId, eventCode, onOpenBadges }: CandidateProfileProps) {
  const { t, i18n } = useTranslation('recruiting');
  const candidate = useCandidate(candidateId);
  if (candidate.isPending) return <Loader aria-label={t('profile.loading')} />;
  if (candidate.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {serverErrorText(t, parseAppError(candidate.error))}
      </Alert>
    );
  }
  const data = candidate.data;
  const work = [data.job_title, data.company].filter(Boolean).join(' · ');
  const done = data.badges.filter((badge) => badge.badge_complete).length;
  const lastLogin =
    data.last_login === null
      ? t('profile.never')
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          data.last_login,
        );
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={3}>
          {data.firstname} {data.lastname}
        </Title>
        {work ? <Text>{work}</Text> : null}
        {data.personal_quote ? (
          <Text fs="italic" c="gray.7">
            “{data.personal_quote}”
          </Text>
        ) : null}
      </Stack>
      <Paper withBorder radius="md" p="sm">
        <Stack component="dl" gap="xs" m={0}>
          <Fact label={t('profile.currentStatus')}>{t(`common:status.${data.user_status}`)}</Fact>
          <Fact label={t('profile.lastLogin')}>{lastLogin}</Fact>
          {data.email ? <Fact label={t('profile.email')}>{data.email}</Fact> : null}
          {data.phone_number ? <Fact label={t('profile.phone')}>{data.phone_number}</Fact> : null}
          {data.webpage ? <Fact label={t('profile.webpage')}>{data.webpage}</Fact> : null}
          {data.linkedin ? <Fact label={t('profile.linkedin')}>{data.linkedin}</Fact> : null}
          {data.skills.length > 0 ? <Fact label={t('profile.skills')}>{data.skills.join(', ')}</Fact> : null}
          {data.interests.length > 0 ? (
            <Fact label={t('profile.interests')}>{data.interests.join(', ')}</Fact>
          ) : null}
          <Fact label={t('profile.achievements')}>
            {t('profile.badgeCount', { done, total: data.badges.length })}
          </Fact>
        </Stack>
        {onOpenBadges ? (
          <Button variant="subtle" size="compact-sm" mt="xs" onClick={onOpenBadges}>
            {t('profile.openBadges')}
          </Button>
        ) : null}
      </Paper>
      <RecruitingStatusPicker candidateId={candidateId} eventCode={eventCode} data={data} />
      <Notes key={candidateId} candidateId={candidateId} saved={data.notes} />
    </Stack>
  );
}
