// The 'logged out' dialog's modal (spec 01 §4, §8), loaded the first time a session ends elsewhere.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLoggedOutNotice } from '../../../lib/session/logged-out-notice.ts';
import { goToLogin } from '../../../lib/session/sign-out.ts';

export default function LoggedOutModal() {
  const { t } = useTranslation('session');
  const notice = useLoggedOutNotice();
  return (
    <Modal
      opened={notice !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      title={t('loggedOut.title')}
    >
      <Text>
        {notice?.reason === 'switched-devices'
          ? t('loggedOut.switchedDevices')
          : t('loggedOut.sessionProblem')}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={() => goToLogin(notice?.eventCode)} data-autofocus>
          {t('loggedOut.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
