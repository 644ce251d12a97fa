// The event notification form's rules (spec 02 §4.6, §5): title and body required, the body at most 500
// characters with its 'n/500' counter, an audience room ('All Rooms' is room 0) or specific recipients; the
// recruiting dashboard's copy sends to one candidate and asks for the type and the duration (spec 02 §5
// "recruiting: selected user, type and duration"). Reset restores 5 s and Information.
import {
  ALL_ROOMS_ID,
  MAX_NOTIFICATION_BODY_LENGTH,
  NOTIFICATION_DURATIONS_S,
  NOTIFICATION_FORM_DEFAULTS,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationType,
} from '@showfloor/contracts';

/** A duration as the form holds it: seconds, or 'closed' (shown until closed). */
export type DurationChoice = `${Exclude<(typeof NOTIFICATION_DURATIONS_S)[number], null>}` | 'closed';
export const DURATION_CHOICES: readonly DurationChoice[] = NOTIFICATION_DURATIONS_S.map((s) =>
  s === null ? 'closed' : (`${s}` as DurationChoice),
);

export const TYPE_CHOICES: readonly NotificationType[] = Object.values(NOTIFICATION_TYPES);

/** Who receives it: everyone in an audience room, or the people picked. */
export type AudienceKind = 'room' | 'people';

export interface NotificationDraft {
  title: string;
  message: string;
  audience: AudienceKind;
  /** The audience room's id as text ('0' = All Rooms); null while none is chosen. */
  roomId: string | null;
  /** The recipients' ids as text. */
  userIds: string[];
  /** Null while none is chosen (the recruiting form starts without one). */
  type: `${NotificationType}` | null;
  duration: DurationChoice | null;
}

/** The form after reset (spec 02 §4.6): empty, 5 s, Information. */
export function emptyDraft(): NotificationDraft {
  return {
    title: '',
    message: '',
    audience: 'room',
    roomId: null,
    userIds: [],
    type: `${NOTIFICATION_FORM_DEFAULTS.type}`,
    duration: `${NOTIFICATION_FORM_DEFAULTS.duration}`,
  };
}

/** The recruiting form for one candidate: nothing chosen, so type and duration must be picked. */
export function emptyCandidateDraft(): NotificationDraft {
  return { ...emptyDraft(), audience: 'people', type: null, duration: null };
}

/** The counter under the body: 'n/500', red once the body reaches 500. */
export function bodyCounter(message: string): { text: string; isAtLimit: boolean } {
  return {
    text: `${message.length}/${MAX_NOTIFICATION_BODY_LENGTH}`,
    isAtLimit: message.length >= MAX_NOTIFICATION_BODY_LENGTH,
  };
}

/**
 * Why the form cannot be sent yet (undefined: it can). `candidateId` set: the recruiting form, whose recipient
 * is that candidate.
 */
export type MissingPart = 'title' | 'message' | 'tooLong' | 'audience' | 'type' | 'duration';

export function missingPart(draft: NotificationDraft, candidateId?: number): MissingPart | undefined {
  if (draft.title.trim() === '') return 'title';
  if (draft.message.trim() === '') return 'message';
  if (draft.message.length > MAX_NOTIFICATION_BODY_LENGTH) return 'tooLong';
  if (candidateId === undefined) {
    const hasAudience = draft.audience === 'room' ? draft.roomId !== null : draft.userIds.length > 0;
    if (!hasAudience) return 'audience';
  }
  if (draft.type === null) return 'type';
  if (draft.duration === null) return 'duration';
  return undefined;
}

export const canSend = (draft: NotificationDraft, candidateId?: number): boolean =>
  missingPart(draft, candidateId) === undefined;

/** The announcement the form sends; call only when `canSend`. */
export function toNotification(draft: NotificationDraft, candidateId?: number): Notification {
  const type = Number(draft.type ?? NOTIFICATION_FORM_DEFAULTS.type) as NotificationType;
  const duration =
    draft.duration === null
      ? NOTIFICATION_FORM_DEFAULTS.duration
      : draft.duration === 'closed'
        ? null
        : (Number(draft.duration) as 3 | 5 | 10 | 20);
  const base = { title: draft.title.trim(), message: draft.message.trim(), type, duration };
  if (candidateId !== undefined) return { ...base, room_id: null, user_ids: [candidateId] };
  if (draft.audience === 'people') return { ...base, room_id: null, user_ids: draft.userIds.map(Number) };
  return { ...base, room_id: Number(draft.roomId ?? ALL_ROOMS_ID), user_ids: [] };
}
