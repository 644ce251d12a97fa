// Delete account (spec 02 §4.8, §7 "Deactivate user by id: 200 goes to deletion success"): a warning, a
// confirmation dialog, then the deactivation. The tab's socket is closed first, so the relay closing the user's
// sockets (the session ended) does not show this tab the logged-out dialog; a failure opens it again and shows
// the server's message.
import { useState } from 'react';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FeedbackMessage } from '../../../components/feedback-message.tsx';
import { useTimedFeedback } from '../../../hooks/use-timed-feedback.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { getCurrentUser } from '../../../lib/session/session.ts';
import { connectSocket } from '../../../lib/socket/connection.ts';
import { disconnectSocket } from '../../../lib/socket/registry.ts';
import { useDeactivateAccount } from '../api/use-deactivate-account.ts';

export function DeleteAccount({ userId, onDeleted }: { userId: number; onDeleted: () => void }) {
  const { t } = useTranslation('profile');
  const [isConfirming, setConfirming] = useState(false);
  const { feedback, show, clear } = useTimedFeedback();
  const deactivate = useDeactivateAccount();

  const confirm = () => {
    clear();
    disconnectSocket();
    deactivate.mutate(
      { user_id: userId },
      {
        onSuccess: () => {
          setConfirming(false);
          onDeleted();
        },
        onError: (error) => {
          setConfirming(false);
          const user = getCurrentUser();
          if (user) connectSocket(user);
          show({ tone: 'error', text: serverErrorText(t, parseAppError(error)) });
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text fw={600}>{t('delete.warningTitle')}</Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('delete.consequences.signOut')}</List.Item>
        <List.Item>{t('delete.consequences.profile')}</List.Item>
        <List.Item>{t('delete.consequences.signIn')}</List.Item>
      </List>
      <FeedbackMessage feedback={feedback} />
      <Button color="red.9" style={{ alignSelf: 'flex-start' }} onClick={() => setConfirming(true)}>
        {t('delete.button')}
      </Button>
      <Modal
        opened={isConfirming}
        onClose={() => setConfirming(false)}
        title={t('delete.confirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <Stack gap="md">
          <Text>{t('delete.confirmText')}</Text>
          <Group justify="flex-end" gap="sm">
            {/* The safe choice comes first and takes the focus. */}
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('delete.cancel')}
            </Button>
            <Button color="red.9" loading={deactivate.isPending} onClick={confirm}>
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
