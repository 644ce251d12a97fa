// The instance picker (spec 02 §4.12, §8): before entering a room with several instances, a presenter-or-up user
// picks one, each labelled 'name : users/maxUsers users'; a failed read says 'Could not retrieve room instances,
// try to reload the page.' and proceed stays disabled.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RoomInstances } from '@showfloor/contracts';

export interface InstancePickerProps {
  roomName: string;
  /** Undefined: the read failed. */
  instances: RoomInstances | undefined;
  onProceed: (instance: string) => void;
  onCancel: () => void;
}

export function InstancePicker({ roomName, instances, onProceed, onCancel }: InstancePickerProps) {
  const { t } = useTranslation('room');
  const [chosen, setChosen] = useState<string | null>(instances?.instances[0]?.instance ?? null);
  return (
    <Modal
      opened
      onClose={onCancel}
      centered
      title={t('instances.title', { room: roomName })}
      closeButtonProps={{ 'aria-label': t('instances.cancel') }}
    >
      <Stack>
        {instances ? (
          <Radio.Group value={chosen} onChange={setChosen} label={t('instances.label')}>
            <Stack gap="xs" mt="xs">
              {instances.instances.map((i) => (
                <Radio
                  key={i.instance}
                  value={i.instance}
                  label={t('instances.option', {
                    instance: i.instance,
                    users: i.users,
                    maxUsers: instances.maxUsers,
                  })}
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Alert color="red" role="alert">
            <Text size="sm">{t('instances.failed')}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('instances.cancel')}
          </Button>
          <Button disabled={!instances || !chosen} onClick={() => chosen && onProceed(chosen)}>
            {t('instances.proceed')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
