// An entered room (spec 02 §2.10, §4.12): its link full screen in an iframe with a random cache-buster, the room
// protocol both ways (use-room-frame.ts), enter_room once per entry, the transition video when arriving from
// another room, the room's popups, and microphone and video buttons for meeting links.
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { ActionIcon, Box, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  findPreference,
  isPresenterOrUp,
  MuteDataSchema,
  originOfLink,
  PLAYER_EVENTS,
  STORAGE_KEYS,
  type AppToRoomMessage,
  type CurrentUser,
  type Preference,
  type Room,
  type RoomContentItem,
  type RoomToAppMessage,
  type Unenveloped,
} from '@showfloor/contracts';
import { MicIcon } from '../../../components/mic-icon.tsx';
import { useEventDetails } from '../../../hooks/use-event-details.ts';
import { emitWithAck, setHandshakeRoom, useSocketConnected } from '../../../lib/socket/registry.ts';
import { useServerEvent } from '../../../lib/socket/use-server-event.ts';
import { readFlag, useStoredFlag } from '../../../lib/shell/stored-flags.ts';
import { useRoomContent } from '../api/use-room-content.ts';
import {
  backgroundMusicItem,
  entryPopups,
  heardOwnMicrophone,
  isMeetingLink,
  mergeContentAttributes,
  readDisabledPopups,
  transitionItem,
} from '../room-rules.ts';
import { useRoomFrame, type RoomMessageOutcome } from '../hooks/use-room-frame.ts';
import { BackgroundMusic } from './background-music.tsx';
import { ContentPopup } from './content-popup.tsx';
import { TransitionVideo } from './transition-video.tsx';
import { markSceneEntered, hasEnteredAScene } from '../scene-entries.ts';

export interface EmbeddedRoomProps {
  room: Room;
  instance: string | null;
  user: CurrentUser;
  preferences: readonly Preference[];
}

/** A random cache-buster, once per entry, so the browser never shows a stale room page. */
const cacheBusted = (link: string): string => {
  const url = new URL(link);
  url.searchParams.set('sfcb', Math.random().toString(36).slice(2, 10));
  return url.toString();
};

const colour = (
  preferences: readonly Preference[],
  name: Parameters<typeof findPreference>[1],
  fallback: string,
) => {
  const value = findPreference(preferences, name);
  return typeof value === 'string' && value ? value : fallback;
};

/** The settings a room honours (spec 02 §3 "Settings state") and the app's language. */
export type RoomSettings = Extract<AppToRoomMessage, { type: 'settings' }>['settings'];

/** Who is visiting, with the rooms they may enter (a lobby's floor plan shows the others locked). */
function userMessage(user: CurrentUser): Unenveloped<AppToRoomMessage> {
  const picture = user.profile_picture
    ? new URL(
        `/api/v1/user/profilepicture?path=${encodeURIComponent(user.profile_picture)}`,
        window.location.origin,
      ).toString()
    : null;
  return {
    type: 'user',
    user: {
      id: user.id,
      firstname: user.firstname,
      lastname: user.lastname,
      company: user.company,
      job_title: user.job_title,
      event_code: user.event_code,
      profile_picture: picture,
      room_access: [...user.room_access],
    },
  };
}

/** The session a room is sent after it answered `ready`. */
function sessionMessages(
  room: Room,
  instance: string | null,
  user: CurrentUser,
  preferences: readonly Preference[],
  settings: RoomSettings,
  eventName: string | undefined,
): Array<Unenveloped<AppToRoomMessage>> {
  return [
    { type: 'auth', token: user.jwt_token },
    userMessage(user),
    {
      type: 'colour',
      // The event's own name (as the header shows it), its code while that is not read yet.
      eventName: eventName ?? user.event_code,
      colours: {
        primary: colour(preferences, 'color-ui-primary', '#3b5bdb'),
        secondary: colour(preferences, 'color-ui-secondary', '#7048e8'),
        accent: colour(preferences, 'color-ui-accent-primary', '#f76707'),
        background: colour(preferences, 'color-bg-primary', '#ffffff'),
        backgroundSecondary: colour(preferences, 'color-bg-secondary', '#f1f3f5'),
        label: colour(preferences, 'label_font_color', '#212529'),
        labelBackground: colour(preferences, 'label_background_color', '#ffffff'),
      },
    },
    {
      type: 'avatar',
      avatar: {
        id: null,
        name: null,
        useEventAvatars: findPreference(preferences, 'use_event_avatars') === 'yes',
        userSelectable: findPreference(preferences, 'user_selected_avatar') === 'yes',
      },
    },
    { type: 'role', presenterOrUp: isPresenterOrUp(user.roles, room.id) },
    { type: 'room', room: { id: room.id, name: room.name, instance } },
    { type: 'settings', settings },
  ];
}

/**
 * The room's settings as they are now: the stored third-person and newsfeed flags and the UI language, each
 * re-rendering its reader when it changes (the settings page, another tab, the language switch).
 */
function useRoomSettings(): RoomSettings {
  const { i18n } = useTranslation();
  const [thirdPersonView] = useStoredFlag(STORAGE_KEYS.THIRD_PERSON_VIEW, false);
  const [newsfeed] = useStoredFlag(STORAGE_KEYS.ROOM_CHAT_FEED, false);
  const language = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  return useMemo(() => ({ thirdPersonView, newsfeed, language }), [thirdPersonView, newsfeed, language]);
}

function CameraIcon({ off }: { off: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3" y="7" width="12" height="10" rx="2" fill="currentColor" />
      <path d="M15 10l6-3v10l-6-3z" fill="currentColor" />
      {off ? <path d="M3 4l18 16" stroke="currentColor" strokeWidth="2.4" /> : null}
    </svg>
  );
}

export function EmbeddedRoom({ room, instance, user, preferences }: EmbeddedRoomProps) {
  const { t } = useTranslation('room');
  const navigate = useNavigate();
  const origin = originOfLink(room.link);
  const [src] = useState(() => cacheBusted(room.link));
  const content = useRoomContent(room.id);
  const [merged, setMerged] = useState<RoomContentItem[] | undefined>(undefined);
  const items = useMemo(() => merged ?? content.data?.content ?? [], [merged, content.data]);
  const [popup, setPopup] = useState<RoomContentItem | undefined>(undefined);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  // The transition video plays when arriving from another room of this tab, not on the first scene after sign-in.
  const [arrivedFromRoom] = useState(() => hasEnteredAScene());
  const [transitionDone, setTransitionDone] = useState(false);
  const transition = arrivedFromRoom
    ? transitionItem(
        items,
        findPreference(preferences, 'transition_content') as string | undefined,
        readFlag(STORAGE_KEYS.TRANSITION_CONTENT, true),
      )
    : undefined;

  const base = { user_id: user.id, room_id: room.id };
  // Whether this tab has reported its microphone in this room (and the relay did not refuse it): the relay then
  // holds a state of the user here, which a moderator's mute-all turns muted (contracts' MuteDataSchema).
  const hasReported = useRef(false);
  // A mute the relay recorded (or this tab reported) was passed to the room: the room's answer, its microphone
  // muted, is that state again and is not reported (in a room of N, N reports to N tabs each).
  const isMutedByModerator = useRef(false);
  // The newest version this tab heard of its user's microphone state in this room (room-rules.ts
  // `heardOwnMicrophone`), sent with each report as `heard`: the relay stamps the report above it.
  const heardVersion = useRef<number | undefined>(undefined);
  const reportMicrophone = (isMuted: boolean) => {
    hasReported.current = true;
    const heard = heardVersion.current;
    void emitWithAck('user_player_events', {
      ...base,
      event: PLAYER_EVENTS.MICROPHONE,
      data: heard === undefined ? { muted: isMuted } : { muted: isMuted, heard },
      timestamp: Date.now(),
    }).then((ack) => {
      if (ack?.statusCode !== 200) hasReported.current = false;
    });
  };
  // The room's messages the app relays answer the relay's acknowledgement: use-room-frame.ts answers a refusal to
  // the room.
  const onMessage = (message: RoomToAppMessage): RoomMessageOutcome => {
    const timestamp = Date.now();
    switch (message.type) {
      case 'scene':
        return emitWithAck('user_scene_events', {
          ...base,
          event: message.event,
          content_id: message.content_id,
          object: message.object,
          timestamp,
        });
      case 'view_content':
        return emitWithAck('view_content', {
          ...base,
          event: message.event,
          content_id: message.content_id,
          object: message.object,
          timestamp,
        });
      case 'achievement':
        return emitWithAck('user_achievement_events', {
          ...base,
          achievement_attribute: message.achievement_attribute,
          content_id: message.content_id,
          event_code: user.event_code,
        });
      case 'player':
        return emitWithAck('user_player_events', {
          ...base,
          event: message.event,
          data: message.data,
          timestamp,
        });
      case 'microphone': {
        setMuted(message.muted);
        const isMuteAnswered = message.muted && isMutedByModerator.current;
        isMutedByModerator.current = false;
        if (!isMuteAnswered) reportMicrophone(message.muted);
        break;
      }
      case 'open_content': {
        const item = items.find((i) => i.id === message.content_id && i.attributes.enablePopup !== false);
        if (item) setPopup(item);
        break;
      }
      case 'navigate':
        void navigate(message.to === 'lobby' ? '/lobby' : `/room/${message.to.room_id}`);
        break;
      default:
        break;
    }
    return undefined;
  };
  const settings = useRoomSettings();
  const event = useEventDetails(user.event_code);
  // A moderator's mute heard before the room answered `ready` (still loading: a message posted now would be
  // lost): the room is sent it right after its session, so it starts muted and reports that.
  const pendingMute = useRef<string | undefined>(undefined);
  const { frameRef, onLoad, post, isReady } = useRoomFrame(
    origin,
    () => {
      const messages = sessionMessages(room, instance, user, preferences, settings, event.data?.name);
      const by = pendingMute.current;
      pendingMute.current = undefined;
      return by === undefined ? messages : [...messages, { type: 'mute', by }];
    },
    onMessage,
  );
  // A setting changed while inside: the room hears it now (before `ready` it comes with the session).
  useEffect(() => {
    if (isReady()) post({ type: 'settings', settings });
  }, [settings, isReady, post]);
  // The rooms the user may enter changed (the access-change event): the room hears it now.
  const roomAccessKey = user.room_access.join(',');
  const sendUser = useEffectEvent(() => {
    if (isReady()) post(userMessage(user));
  });
  useEffect(() => sendUser(), [roomAccessKey]);

  // Other visitors' moves in this room go to the room.
  useServerEvent('user_player_events', (event) => {
    heardVersion.current = heardOwnMicrophone(heardVersion.current, event, user.id, room.id);
    if (event.room_id !== room.id || event.user_id === user.id || event.event === PLAYER_EVENTS.MICROPHONE)
      return;
    if (event.event === PLAYER_EVENTS.MUTE) {
      // A moderator muted this user or the whole room (the relay takes mutes from event-admins and admins only).
      const mute = MuteDataSchema.safeParse(event.data);
      if (!mute.success || (mute.data.target !== 'all' && mute.data.target !== user.id)) return;
      setMuted(true);
      if (isReady()) post({ type: 'mute', by: mute.data.by });
      else pendingMute.current = mute.data.by;
      // A mute with a version was recorded by the relay as this user's muted microphone, for every tab of the room
      // at once: this user's if named, else the user's state held there (none if this tab never reported one).
      // Otherwise (a relay of an earlier build) the others learn it from this tab's report, as before.
      const isRecorded =
        mute.data.version !== undefined && (mute.data.target !== 'all' || hasReported.current);
      if (!isRecorded) reportMicrophone(true);
      isMutedByModerator.current = true;
      return;
    }
    post({ type: 'player', user_id: event.user_id, event: event.event, data: event.data });
  });
  // Attribute values for the room's content items (spec 02 §4.5).
  useServerEvent('user_recruiting_status', (event) => {
    if (event.items?.length) setMerged(mergeContentAttributes(items, event.items));
  });

  useEnterRoom(room.id, user.id);

  // The popup that opens by itself on entry (after the transition video), unless switched off; once per entry.
  const [entryPopupClosed, setEntryPopupClosed] = useState(false);
  const entryPopup =
    !entryPopupClosed && content.data && !(transition && !transitionDone)
      ? entryPopups(content.data.content, readDisabledPopups())[0]
      : undefined;
  const shownPopup = popup ?? entryPopup;

  const meeting = isMeetingLink(room.link);
  const music = backgroundMusicItem(
    items,
    findPreference(preferences, 'background_music') as string | undefined,
  );
  return (
    <Box pos="relative" h="100%">
      {origin ? (
        <iframe
          ref={frameRef}
          src={src}
          title={t('frameTitle', { room: room.name })}
          onLoad={onLoad}
          allow={meeting ? 'microphone; camera; autoplay; fullscreen' : 'autoplay; fullscreen'}
          referrerPolicy="no-referrer"
          style={{ border: 0, width: '100%', height: '100%', display: 'block' }}
        />
      ) : null}
      {music && !meeting ? (
        // From 960 px in the top left margin (the entry popup's card takes the bottom left, the mini-map the bottom
        // right); narrower, at the bottom left, clear of the room's own header.
        <Box
          pos="absolute"
          top={{ base: 'auto', md: 12 }}
          bottom={{ base: 16, md: 'auto' }}
          left={{ base: 16, md: 12 }}
          style={{ zIndex: 5 }}
        >
          <BackgroundMusic key={music.id} item={music} />
        </Box>
      ) : null}
      {meeting ? (
        <Group gap="xs" pos="absolute" bottom={16} left={16} style={{ zIndex: 5 }}>
          {music ? <BackgroundMusic key={music.id} item={music} /> : null}
          <Tooltip label={muted ? t('controls.unmute') : t('controls.mute')}>
            <ActionIcon
              size="xl"
              radius="xl"
              color={muted ? 'red.8' : 'dark'}
              aria-label={t('controls.microphone')}
              aria-pressed={!muted}
              onClick={() => {
                const next = !muted;
                setMuted(next);
                isMutedByModerator.current = false;
                reportMicrophone(next);
              }}
            >
              <MicIcon off={muted} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={cameraOff ? t('controls.cameraOn') : t('controls.cameraOff')}>
            <ActionIcon
              size="xl"
              radius="xl"
              color={cameraOff ? 'red.8' : 'dark'}
              aria-label={t('controls.camera')}
              aria-pressed={!cameraOff}
              onClick={() => setCameraOff((off) => !off)}
            >
              <CameraIcon off={cameraOff} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : null}
      {transition && !transitionDone ? (
        <TransitionVideo item={transition} onDone={() => setTransitionDone(true)} />
      ) : null}
      {shownPopup ? (
        <ContentPopup
          key={shownPopup.id}
          item={shownPopup}
          asCard={!popup}
          roomId={room.id}
          onClose={() => {
            if (popup) setPopup(undefined);
            else setEntryPopupClosed(true);
          }}
          onAchievement={(attribute) =>
            void emitWithAck('user_achievement_events', {
              ...base,
              achievement_attribute: attribute,
              content_id: shownPopup.id,
              event_code: user.event_code,
            })
          }
        />
      ) : null}
    </Box>
  );
}

/**
 * enter_room once per entry (spec 02 §4.12): when the socket is first connected after the room mounted; not again
 * on a re-render, a reconnect (the handshake names the room instead) or a drawer page opening over the room.
 */
function useEnterRoom(roomId: number, userId: number): void {
  const connected = useSocketConnected();
  const entered = useRef(false);
  const enter = useEffectEvent(() => {
    entered.current = true;
    markSceneEntered();
    void emitWithAck('user_room_events', {
      event: 'enter_room',
      user_id: userId,
      room_id: roomId,
      timestamp: Date.now(),
    });
  });
  useEffect(() => {
    if (connected && !entered.current) enter();
  }, [connected]);
  useEffect(() => {
    setHandshakeRoom(roomId);
    return () => setHandshakeRoom(undefined);
  }, [roomId]);
}
