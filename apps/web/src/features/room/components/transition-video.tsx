// The transition video between rooms (spec 02 §3 "Transition dialog"): the room's transition_content video, its
// source the item's media_src or its media (video[0].link). It closes when it ends, fails, or is skipped.
import { Button, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RoomContentItem } from '@showfloor/contracts';
import { useMedia } from '../api/use-media.ts';

export function TransitionVideo({ item, onDone }: { item: RoomContentItem; onDone: () => void }) {
  const { t } = useTranslation('room');
  const needsMedia = !item.attributes.media_src && item.media_id !== null;
  const media = useMedia(item.media_id, { enabled: needsMedia });
  const src = item.attributes.media_src ?? media.data?.video[0]?.link;
  if (needsMedia && media.isError) {
    onDone();
    return null;
  }
  return (
    <Modal opened onClose={onDone} size="xl" centered withCloseButton={false} title={t('transition.title')}>
      <Stack>
        {src ? (
          <video
            src={src}
            autoPlay
            muted
            playsInline
            onEnded={onDone}
            onError={onDone}
            aria-label={t('transition.title')}
            style={{ width: '100%', borderRadius: 8, background: '#000' }}
          />
        ) : null}
        <Button variant="default" onClick={onDone} style={{ alignSelf: 'flex-end' }}>
          {t('transition.skip')}
        </Button>
      </Stack>
    </Modal>
  );
}
