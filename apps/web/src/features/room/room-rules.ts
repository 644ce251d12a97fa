// The room page's rules (spec 02 §4.12, §3), pure so each is tested on its own: which rooms have instances and who
// picks one, which transition video plays, which popups show on entry and which are switched off.
import {
  BACKGROUND_MUSIC_CONTENT_TYPE,
  isFlagOn,
  MicrophoneDataSchema,
  MuteDataSchema,
  PLAYER_EVENTS,
  STORAGE_KEYS,
  type PlayerEvent,
  type RoomContentItem,
  type RoomInstances,
} from '@showfloor/contracts';

/** Links containing 'meeting' are the conference service: microphone and video buttons, and instances. */
export const isMeetingLink = (link: string): boolean => link.includes('meeting');

/** The meeting id of a meeting link (its last path segment), else undefined. */
export function meetingIdOf(link: string): string | undefined {
  if (!isMeetingLink(link)) return undefined;
  try {
    const last = new URL(link).pathname.split('/').filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
}

/** What happens before a room is entered. */
export type InstanceChoice =
  | { kind: 'loading' }
  | { kind: 'enter'; instance: string | null }
  | { kind: 'pick'; instances: RoomInstances }
  | { kind: 'failed' };

/**
 * Spec 02 §4.12: with more than one instance, a presenter-or-up user picks one before entry; everyone else enters
 * the first instance. A room without a meeting has no instances. A failed read stops a presenter-or-up user
 * (the picker says so, proceed disabled); others enter the room without an instance.
 */
export function instanceChoice(
  state: { isMeeting: boolean; isLoading: boolean; isError: boolean; data: RoomInstances | undefined },
  isPresenterOrUp: boolean,
): InstanceChoice {
  if (!state.isMeeting) return { kind: 'enter', instance: null };
  if (state.isLoading) return { kind: 'loading' };
  if (state.isError || !state.data)
    return isPresenterOrUp ? { kind: 'failed' } : { kind: 'enter', instance: null };
  if (isPresenterOrUp && state.data.instances.length > 1) return { kind: 'pick', instances: state.data };
  return { kind: 'enter', instance: state.data.instances[0]?.instance ?? null };
}

/**
 * The transition video of a room (its transition_content item, a video): played when the event's
 * transition_content preference is 'yes' or 'auto' and the user has not switched it off (transitionContent).
 */
export function transitionItem(
  content: readonly RoomContentItem[],
  preference: string | undefined,
  storedFlag: boolean,
): RoomContentItem | undefined {
  if (!isFlagOn(preference) || !storedFlag) return undefined;
  return content.find(
    (item) => item.type === 'transition_content' && (item.attributes.media_type ?? 'video') === 'video',
  );
}

/**
 * The room's background music (its background_music content item), when the event's background_music preference
 * is 'yes': the same condition that offers its switch on the settings page (spec 02 §6), so music never plays
 * without a way to stop it there. Whether it plays now is the stored flag's (backgroundMusicStatus).
 */
export function backgroundMusicItem(
  content: readonly RoomContentItem[],
  preference: string | undefined,
): RoomContentItem | undefined {
  if (preference !== 'yes') return undefined;
  return content.find((item) => item.type === BACKGROUND_MUSIC_CONTENT_TYPE);
}

/** The popups that open by themselves on entry: popup items with enablePopup, unless switched off. */
export function entryPopups(
  content: readonly RoomContentItem[],
  disabled: readonly number[],
): RoomContentItem[] {
  return content.filter(
    (item) => item.type === 'popup' && item.attributes.enablePopup === true && !disabled.includes(item.id),
  );
}

/** Whether a popup offers 'Do not show again' (its optOut attribute is the string 'true'). */
export const canOptOut = (item: RoomContentItem): boolean => item.attributes.optOut === 'true';

/** The content ids whose popups the user switched off (local key disabledPopups, a JSON list). */
export function readDisabledPopups(storage: Pick<Storage, 'getItem'> = window.localStorage): number[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.DISABLED_POPUPS) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** Remembers a switched-off popup. */
export function disablePopup(
  contentId: number,
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.localStorage,
): void {
  const ids = readDisabledPopups(storage);
  if (!ids.includes(contentId))
    storage.setItem(STORAGE_KEYS.DISABLED_POPUPS, JSON.stringify([...ids, contentId]));
}

/**
 * A user_recruiting_status message's attribute values merged into the room's content items by id (spec 02 §4.5):
 * items it names get the values, others stay as they are.
 */
export function mergeContentAttributes(
  content: readonly RoomContentItem[],
  updates: ReadonlyArray<{ id: number | string; attributes: Record<string, unknown> }>,
): RoomContentItem[] {
  const byId = new Map(updates.map((u) => [String(u.id), u.attributes]));
  return content.map((item) => {
    const patch = byId.get(String(item.id));
    if (!patch) return item;
    const plain: Record<string, string | number | boolean | null> = {};
    for (const [key, value] of Object.entries(patch)) {
      if (
        value === null ||
        typeof value === 'string' ||
        typeof value === 'number' ||
        typeof value === 'boolean'
      )
        plain[key] = value;
    }
    return { ...item, attributes: { ...item.attributes, ...plain } };
  });
}

/**
 * The newest version the tab holds of its own user's microphone state in the room (`held`, none yet: undefined),
 * with a player event heard: a state of the user (its own report coming back, or one told on entering) or a
 * moderator's mute of the user or of all (not the user's own mute-all). A microphone report sends it as `heard`
 * (contracts' MicrophoneDataSchema): the relay stamps the report above it, so an unmute after a mute is newer
 * than the mute even when the mute's node has a clock ahead of this tab's node.
 */
export function heardOwnMicrophone(
  held: number | undefined,
  event: PlayerEvent,
  userId: number,
  roomId: number,
): number | undefined {
  if (event.room_id !== roomId) return held;
  let version: number | undefined;
  if (event.event === PLAYER_EVENTS.MICROPHONE && event.user_id === userId) {
    const state = MicrophoneDataSchema.safeParse(event.data);
    if (state.success) version = state.data.version;
  } else if (event.event === PLAYER_EVENTS.MUTE && event.user_id !== userId) {
    const mute = MuteDataSchema.safeParse(event.data);
    if (mute.success && (mute.data.target === 'all' || mute.data.target === userId))
      version = mute.data.version;
  }
  return version === undefined || (held !== undefined && held >= version) ? held : version;
}
