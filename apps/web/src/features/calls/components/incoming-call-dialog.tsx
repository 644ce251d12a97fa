// The incoming-call dialog (spec 02 §4.4): the caller's picture (120 px), first and last name, '+N' for the other
// participants besides the caller, and answer with video, answer with audio only, decline. Escape declines too.
// Over a running call it says that answering ends that call.
import { Avatar, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SIZES } from '@showfloor/contracts';
import { profilePictureUrl } from '../../../lib/api/files.ts';
import type { CallOffer } from '../utils/call-machine.ts';

export interface IncomingCallDialogProps {
  /** The offer shown; null closes the dialog. */
  offer: CallOffer | null;
  /** True while another call is open: answering ends it. */
  isInCall: boolean;
  onAnswer(isAudioOnly: boolean): void;
  onDecline(): void;
}

/** Above the call window (a second call rings over a running one). */
export const INCOMING_CALL_Z_INDEX = 410;

export function IncomingCallDialog({ offer, isInCall, onAnswer, onDecline }: IncomingCallDialogProps) {
  const { t } = useTranslation('calls');
  const name = offer ? `${offer.caller.firstname} ${offer.caller.lastname}`.trim() : '';
  const more = offer ? offer.others.length - 1 : 0;
  const picture = offer?.caller.profile_picture;
  return (
    <Modal
      opened={offer !== null}
      onClose={onDecline}
      withCloseButton={false}
      closeOnClickOutside={false}
      centered
      zIndex={INCOMING_CALL_Z_INDEX}
      title={offer ? t(offer.kind === 'video' ? 'incoming.titleVideo' : 'incoming.titleAudio') : ''}
      data-testid="incoming-call"
    >
      {offer ? (
        <Stack align="center" gap="sm">
          <Avatar
            src={picture ? profilePictureUrl(picture) : null}
            name={name}
            color="initials"
            size={SIZES.INCOMING_CALL_PICTURE}
            alt={t('incoming.picture', { name })}
          />
          <Group gap={6} justify="center">
            <Text fw={700} size="lg" data-testid="caller-name">
              {name || t('incoming.someone')}
            </Text>
            {more > 0 ? (
              <Text size="lg" c="gray.7" aria-label={t('incoming.more', { count: more })}>
                +{more}
              </Text>
            ) : null}
          </Group>
          <Text size="sm" c="gray.7">
            {t('incoming.calling')}
          </Text>
          {isInCall ? (
            <Text size="sm" role="note">
              {t('incoming.endsCurrent')}
            </Text>
          ) : null}
          <Stack gap="xs" w="100%">
            <Button color="teal.9" onClick={() => onAnswer(false)} data-autofocus>
              {t('incoming.answerVideo')}
            </Button>
            <Button variant="outline" color="teal.9" onClick={() => onAnswer(true)}>
              {t('incoming.answerAudio')}
            </Button>
            <Button color="red.9" onClick={onDecline}>
              {t('incoming.decline')}
            </Button>
          </Stack>
        </Stack>
      ) : null}
    </Modal>
  );
}
