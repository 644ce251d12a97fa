// The access-code dialog's modal (spec 01 §2, §4), loaded the first time the dialog opens: the sign-in pages do
// not need Mantine's modal code to show their form.
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH } from '@showfloor/contracts';
import type { AccessCodeDialogProps } from './access-code-dialog.tsx';
import { isValidAccessCode } from '../validation.ts';

export default function AccessCodeModal({
  opened,
  error,
  pending = false,
  onCancel,
  onConfirm,
}: AccessCodeDialogProps) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const trimmed = code.trim();
  const canConfirm = isValidAccessCode(trimmed);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('accessCode.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (canConfirm) onConfirm(trimmed);
        }}
      >
        <Stack>
          <Text size="sm">{t('accessCode.description')}</Text>
          <TextInput
            label={t('accessCode.label')}
            value={code}
            maxLength={MAX_TEXT_LENGTH}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error}
            autoComplete="one-time-code"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('accessCode.cancel')}
            </Button>
            <Button type="submit" disabled={!canConfirm} loading={pending}>
              {t('accessCode.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
