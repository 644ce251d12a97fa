// A room content item's popup (spec 02 §3 "Pop-up dialog", §4.12): its HTML (sanitised with DOMPurify), its image
// or video, 'Do not show this again' when optOut is 'true' (remembered per content id under disabledPopups), the
// item's e-mail (onClickSendEmail) and its achievement (achievementAction, earned by opening it).
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  Image,
  Modal,
  Paper,
  Portal,
  Stack,
  Text,
  Typography,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RoomContentItem } from '@showfloor/contracts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { sanitizeHtml } from '../../../lib/ui/sanitize.ts';
import { useSendContentEmail } from '../api/use-send-content-email.ts';
import { canOptOut, disablePopup } from '../room-rules.ts';
import { useReturnFocus } from '../../../hooks/use-return-focus.ts';

export interface ContentPopupProps {
  item: RoomContentItem;
  roomId: number;
  onClose: () => void;
  onAchievement: (attribute: string) => void;
  /**
   * A card at the bottom left that leaves the room and the menu usable (the popup that opens by itself on entry);
   * otherwise a modal dialog (a popup the visitor asked for).
   */
  asCard?: boolean;
}

export function ContentPopup({ item, roomId, onClose, onAchievement, asCard = false }: ContentPopupProps) {
  const { t, i18n } = useTranslation('room');
  const { attributes } = item;
  const [sent, setSent] = useState(false);
  const email = useSendContentEmail({ onSuccess: () => setSent(true) });
  const earned = useRef(false);
  // Mounted open and unmounted to close: the focus goes back to what opened it (the room's frame) by this.
  useReturnFocus();

  useEffect(() => {
    if (earned.current || !attributes.achievementAction) return;
    earned.current = true;
    onAchievement(attributes.achievementAction);
  }, [attributes.achievementAction, onAchievement]);

  // The item's text in the UI's language when the organiser wrote one (html_de), else its only text.
  const text = (i18n.resolvedLanguage === 'de' ? attributes.html_de : undefined) ?? attributes.html;
  const html = text ? sanitizeHtml(text) : '';
  const media = attributes.media_src ?? attributes.image;
  // The provider sends the item's own e-mail to the signed-in user (event.sendEmail names only room and item).
  const mail = attributes.onClickSendEmail;
  const emailError = email.error ? parseAppError(email.error).message : undefined;

  const body = (
    <Stack gap="md">
      {attributes.media_type === 'video' && media ? (
        <video
          src={media}
          controls
          autoPlay
          muted
          playsInline
          aria-label={t('popup.video')}
          style={{ width: '100%', borderRadius: 8 }}
        />
      ) : null}
      {attributes.media_type !== 'video' && media ? (
        <Image src={media} alt="" radius="md" mah={280} fit="contain" />
      ) : null}
      {html ? (
        <Typography>
          <div dangerouslySetInnerHTML={{ __html: html }} />
        </Typography>
      ) : null}
      {sent ? <Alert color="green">{t('popup.emailSent')}</Alert> : null}
      {emailError ? <Alert color="red">{emailError}</Alert> : null}
      <Group justify="flex-end" gap="sm">
        {canOptOut(item) ? (
          <Button
            variant="default"
            onClick={() => {
              disablePopup(item.id);
              onClose();
            }}
          >
            {t('popup.disable')}
          </Button>
        ) : null}
        {mail && !sent ? (
          <Button
            variant="light"
            loading={email.isPending}
            onClick={() => email.mutate({ room_id: roomId, content_id: item.id })}
          >
            {t('popup.sendEmail')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('popup.ok')}</Button>
      </Group>
    </Stack>
  );
  if (asCard) {
    return (
      <Portal>
        <Paper
          // A non-modal dialog: the room and the menu stay usable around it, and it leaves the focus where it is
          // (5ec8903 made it take the focus on opening; with that, clicks in modals opened later from the side
          // menu were lost in a clean-clone e2e run — log out, the goodies store — cause not pinned down). It is
          // reached with Tab; Escape inside it closes it, and the focus goes back.
          role="dialog"
          aria-modal="false"
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            onClose();
          }}
          aria-labelledby={`popup-title-${item.id}`}
          shadow="xl"
          radius="md"
          p="md"
          withBorder
          pos="fixed"
          left={16}
          bottom={16}
          w="min(440px, calc(100vw - 32px))"
          mah="calc(100dvh - 120px)"
          style={{ zIndex: 150, overflowY: 'auto' }}
        >
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <Text fw={700} id={`popup-title-${item.id}`}>
              {t('popup.title')}
            </Text>
            <CloseButton aria-label={t('popup.close')} onClick={onClose} />
          </Group>
          {body}
        </Paper>
      </Portal>
    );
  }
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      centered
      title={t('popup.title')}
      closeButtonProps={{ 'aria-label': t('popup.close') }}
    >
      {body}
    </Modal>
  );
}
