// The access-code dialog (spec 01 §2, §4): cancel and confirm; confirm is disabled while the field is empty.
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH } from '@showfloor/contracts';
import { isValidAccessCode } from '../validation.ts';

export interface AccessCodeDialogProps {
  opened: boolean;
  /** Shown under the field, e.g. 'Invalid access code. Please use a different code.' */
  error?: string | undefined;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: (code: string) => void;
}

export function AccessCodeDialog(props: AccessCodeDialogProps) {
  // Remounting on open and close clears the code typed for an earlier attempt.
  return <AccessCodeModal key={props.opened ? 'open' : 'closed'} {...props} />;
}

function AccessCodeModal({ opened, error, pending = false, onCancel, onConfirm }: AccessCodeDialogProps) {
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
