// Reporting the other person of an individual chat (spec 02 §2.5 toolbar "report user when calls are enabled",
// §7, §8): a confirmation dialog with an optional note for the moderators, then the outcome under the chat's
// toolbar: success for 15 s, the server's message on failure for 10 s. The report names the reporter (the token's
// user), the reported user and the conversation. Composed into the chat page in src/app/routes/chat.tsx.
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH, TEMP_CONVERSATION_PREFIX, TIMINGS } from '@showfloor/contracts';
import { FeedbackMessage } from '../../../components/feedback-message.tsx';
import { useTimedFeedback } from '../../../hooks/use-timed-feedback.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { useReportUser } from '../api/use-report-user.ts';

export interface ReportUserProps {
  userId: number;
  /** The person to report. */
  person: { id: number; name: string };
  conversationId: string;
  isOpen: boolean;
  onClose: () => void;
}

export function ReportUser({ userId, person, conversationId, isOpen, onClose }: ReportUserProps) {
  const { t } = useTranslation('report-user');
  const report = useReportUser();
  const { feedback, show, clear } = useTimedFeedback();
  const [summary, setSummary] = useState('');

  const close = () => {
    setSummary('');
    onClose();
  };
  const submit = () => {
    clear();
    const note = summary.trim();
    report.mutate(
      {
        reportedId: person.id,
        reporterId: userId,
        ...(conversationId.startsWith(TEMP_CONVERSATION_PREFIX) ? {} : { conversation_id: conversationId }),
        ...(note ? { summary: note } : {}),
      },
      {
        onSuccess: () =>
          show({ tone: 'success', text: t('success', { name: person.name }) }, TIMINGS.REPORT_SUCCESS_MS),
        onError: (error) =>
          show({ tone: 'error', text: serverErrorText(t, parseAppError(error)) }, TIMINGS.REPORT_ERROR_MS),
      },
    );
    close();
  };

  return (
    <>
      <Modal opened={isOpen} onClose={close} title={t('dialog.title', { name: person.name })} centered>
        <Stack gap="sm">
          <Text size="sm">{t('dialog.text', { name: person.name })}</Text>
          <Textarea
            label={t('dialog.summary')}
            value={summary}
            onChange={(event) => setSummary(event.currentTarget.value)}
            maxLength={MAX_TEXT_LENGTH}
            autosize
            minRows={2}
            maxRows={6}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('dialog.cancel')}
            </Button>
            <Button color="red.9" onClick={submit}>
              {t('dialog.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <FeedbackMessage feedback={feedback} />
    </>
  );
}
