// A room's background music (spec 02 §3 "Settings state", §4.4, §6): the room's background_music item plays in a
// loop while the event allows it (background_music 'yes') and the stored flag backgroundMusicStatus is on (default
// on). The flag is the one switch: the settings page writes it, a call turns it off and back on (features/calls),
// another tab's change is heard, and the button beside the room flips it, so the music can be stopped where it
// plays (WCAG 1.4.2). A browser that refuses to play before the visitor has interacted with the page is asked
// again at the next interaction.
import { useEffect, useRef } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, type RoomContentItem } from '@showfloor/contracts';
import { useStoredFlag } from '../../../lib/shell/stored-flags.ts';
import { useMedia } from '../api/use-media.ts';

function MusicIcon({ off }: { off: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M9 18V5l11-2v13" stroke="currentColor" strokeWidth="2" fill="none" />
      <circle cx="6" cy="18" r="3" fill="currentColor" />
      <circle cx="17" cy="16" r="3" fill="currentColor" />
      {off ? <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2.4" /> : null}
    </svg>
  );
}

/**
 * Plays `src` while `isOn`. A refused start (no interaction with the page yet) is tried again at the visitor's
 * next click or key press in the app, or when focus moves into the room's frame (a click inside the room, which
 * counts as an interaction with this page too); until it plays.
 */
function useLoop(audio: React.RefObject<HTMLAudioElement | null>, src: string | undefined, isOn: boolean) {
  useEffect(() => {
    const element = audio.current;
    if (!element || !src) return undefined;
    if (!isOn) {
      element.pause();
      return undefined;
    }
    let isCurrent = true;
    const disarm = () => {
      document.removeEventListener('pointerdown', attempt, true);
      document.removeEventListener('keydown', attempt, true);
      window.removeEventListener('blur', attempt);
    };
    function attempt() {
      disarm();
      // Older engines answer undefined instead of a promise.
      void element?.play()?.catch(() => {
        if (!isCurrent) return;
        document.addEventListener('pointerdown', attempt, true);
        document.addEventListener('keydown', attempt, true);
        window.addEventListener('blur', attempt);
      });
    }
    attempt();
    return () => {
      isCurrent = false;
      disarm();
      element.pause();
    };
  }, [audio, src, isOn]);
}

export function BackgroundMusic({ item }: { item: RoomContentItem }) {
  const { t } = useTranslation('room');
  const [isOn, setOn] = useStoredFlag(STORAGE_KEYS.BACKGROUND_MUSIC, true);
  const needsMedia = !item.attributes.media_src && item.media_id !== null;
  const media = useMedia(item.media_id, { enabled: needsMedia });
  const src = item.attributes.media_src ?? media.data?.video[0]?.link;
  const audio = useRef<HTMLAudioElement | null>(null);
  useLoop(audio, src, isOn);
  if (!src) return null;
  return (
    <>
      <audio ref={audio} src={src} loop preload="auto" data-testid="background-music" />
      <Tooltip label={isOn ? t('music.stop') : t('music.play')}>
        <ActionIcon
          size="xl"
          radius="xl"
          color="dark"
          aria-label={t('music.label')}
          aria-pressed={isOn}
          onClick={() => setOn(!isOn)}
        >
          <MusicIcon off={!isOn} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
