// The instance picker (spec 02 §4.12, §8): before entering a room with several instances, a presenter-or-up user
// picks one, each labelled 'name : users/maxUsers users'; a failed read says 'Could not retrieve room instances,
// try to reload the page.' and proceed stays disabled. Behind it the scene shows where the visitor is going: the
// room's and the event's names on the event's colours, not an empty grey page.
import { useState } from 'react';
import { Alert, Box, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RoomInstances } from '@showfloor/contracts';
import { useEventDetails } from '../../../hooks/use-event-details.ts';

export interface InstancePickerProps {
  roomName: string;
  eventCode: string;
  /** Undefined: the read failed. */
  instances: RoomInstances | undefined;
  onProceed: (instance: string) => void;
  onCancel: () => void;
}

/** The event's gradient (primary to secondary) with the names; the scene's h1 already names the room to readers. */
function RoomBackdrop({ roomName, eventCode }: { roomName: string; eventCode: string }) {
  const event = useEventDetails(eventCode);
  const ink = 'var(--mantine-primary-color-contrast)';
  return (
    <Box
      h="100%"
      p="xl"
      aria-hidden="true"
      data-testid="instance-picker-backdrop"
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-primary-color-filled), var(--mantine-color-secondary-filled, var(--mantine-primary-color-filled-hover)))',
      }}
    >
      {event.data ? (
        <Text c={ink} fw={700} tt="uppercase" size="sm" style={{ letterSpacing: '0.06em' }}>
          {event.data.name}
        </Text>
      ) : null}
      <Text c={ink} fw={800} fz={{ base: 28, sm: 44 }} lh={1.15} style={{ overflowWrap: 'anywhere' }}>
        {roomName}
      </Text>
    </Box>
  );
}

export function InstancePicker({ roomName, eventCode, instances, onProceed, onCancel }: InstancePickerProps) {
  const { t } = useTranslation('room');
  const [chosen, setChosen] = useState<string | null>(instances?.instances[0]?.instance ?? null);
  return (
    <>
      <RoomBackdrop roomName={roomName} eventCode={eventCode} />
      <Modal
        opened
        onClose={onCancel}
        centered
        overlayProps={{ backgroundOpacity: 0.35 }}
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
    </>
  );
}
