// The event notification page's flow (spec 02 §4.6): the form, then the success or failure view; Back returns to
// the form as it was, Reset empties it. The recruiting dashboard reuses it for one candidate.
import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnnouncementNotSent, useSendAnnouncement } from '../api/use-send-announcement.ts';
import { emptyCandidateDraft, emptyDraft, toNotification, type NotificationDraft } from '../rules.ts';
import { NotificationForm, type Candidate } from './notification-form.tsx';

export interface NotificationPanelProps {
  /** The recruiting dashboard's candidate: the only recipient. */
  candidate?: Candidate | undefined;
}

function ResultView({
  tone,
  reason,
  onBack,
}: {
  tone: 'success' | 'failure';
  reason: string | undefined;
  onBack: () => void;
}) {
  const { t } = useTranslation('announcements');
  return (
    <Stack gap="sm" align="flex-start" data-result={tone}>
      <Stack gap={4} role={tone === 'failure' ? 'alert' : 'status'}>
        <Title order={3} c={tone === 'success' ? 'green.9' : 'red.8'}>
          {t(`result.${tone}.title`)}
        </Title>
        <Text>{t(`result.${tone}.description`)}</Text>
        {tone === 'failure' && reason ? (
          <Text c="red.8" fw={500} data-testid="notification-failure-reason">
            {reason}
          </Text>
        ) : null}
      </Stack>
      <Button variant="default" onClick={onBack} autoFocus>
        {t('result.back')}
      </Button>
    </Stack>
  );
}

export function NotificationPanel({ candidate }: NotificationPanelProps) {
  const { t } = useTranslation('announcements');
  const fresh = () => (candidate ? emptyCandidateDraft() : emptyDraft());
  const [draft, setDraft] = useState<NotificationDraft>(fresh);
  const send = useSendAnnouncement();
  if (send.isSuccess || send.isError) {
    const reason =
      send.error instanceof AnnouncementNotSent ? (send.error.reason ?? t('result.noAnswer')) : undefined;
    return (
      <ResultView tone={send.isSuccess ? 'success' : 'failure'} reason={reason} onBack={() => send.reset()} />
    );
  }
  return (
    <NotificationForm
      draft={draft}
      onChange={setDraft}
      candidate={candidate}
      isSending={send.isPending}
      onSubmit={() => send.mutate(toNotification(draft, candidate?.id))}
      onReset={() => setDraft(fresh())}
    />
  );
}
