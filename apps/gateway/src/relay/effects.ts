/**
 * What a successful call through the gateway triggers on the relay: one table, keyed by catalogue entry, each
 * effect typed with that call's parsed input and output (calls/call-events.ts). To add one, add a row:
 * `'service.callName': ({ input, output, user }, { relay, revocations, roomAccess }) => ...`.
 * (logout for force_login and DELETE session comes from the revocation list, see sessions.ts; `refresh` from
 * the sessions_triggers topic.)
 */
import { SOCKET_ROOMS, type ProfilePictureChange, type RecruitingStatusEvent } from '@showfloor/contracts';
import type { RevocationList } from '../auth/revocations.ts';
import type { CallKey, CallSucceeded, GatewayEvents } from '../calls/call-events.ts';
import type { RelayContext } from './context.ts';
import type { RoomAccess } from './room-access.ts';

/** What an effect may use. */
export interface EffectContext {
  relay: RelayContext;
  revocations: RevocationList;
  roomAccess: RoomAccess;
}

/** What one successful call triggers. */
export type RelayEffect<K extends CallKey> = (
  call: CallSucceeded<K>,
  effects: EffectContext,
) => void | Promise<void>;

/** The effects table's type: at most one effect per catalogue entry, typed by that entry. */
export type RelayEffects = { readonly [K in CallKey]?: RelayEffect<K> };

/** `profile_picture_change` to the user's event. */
function announcePicture(relay: RelayContext, user: { id: number; event_code: string }, path: string): void {
  const change: ProfilePictureChange = { user_id: user.id, profile_picture_path: path };
  relay.io.to(SOCKET_ROOMS.event(user.event_code)).emit('profile_picture_change', change);
  relay.metrics.deliveries.inc({ topic: 'profile_picture_change' });
}

/** A picture stored through the file proxy (multipart upload or replacement): its path from the answer. */
const pictureStored: RelayEffect<'user.uploadPicture' | 'user.replacePicture'> = (
  { user, output },
  { relay },
) => {
  if (user) announcePicture(relay, user, output.profile_picture);
};

export const RELAY_EFFECTS: RelayEffects = {
  // The user's sessions end on every node (sessions.ts closes the sockets without `logout`: a deactivation is not
  // a sign-in elsewhere; the tabs are refused on reconnecting and show the session-problem text).
  'user.deactivateUser': ({ input }, { revocations }) => revocations.revokeUser(String(input.user_id)),
  'user.deletePicture': ({ user }, { relay }) => {
    if (user) announcePicture(relay, user, '');
  },
  'user.uploadPicture': pictureStored,
  'user.replacePicture': pictureStored,
  'user.setRecruitingStatus': ({ input }, { relay }) => {
    const status: RecruitingStatusEvent = {
      user_id: input.user_id,
      status_id: input.status_id,
      event_code: input.event_code,
    };
    relay.io.to(SOCKET_ROOMS.user(input.user_id)).emit('user_recruiting_status', status);
    relay.metrics.deliveries.inc({ topic: 'user_recruiting_status' });
  },
  // Only a role rule names a user whose rooms change.
  'auth.putAccess': ({ input }, { roomAccess }) =>
    input.rule.type === 'role' ? roomAccess.changed(input.rule.user_id) : undefined,
};

/** Runs the table's effect of every successful call; returns the stop function. */
export function installEffects(
  events: GatewayEvents,
  effects: EffectContext,
  table: RelayEffects = RELAY_EFFECTS,
): () => void {
  return events.onCallSucceeded((call) => {
    const effect = table[call.key] as RelayEffect<CallKey> | undefined;
    if (!effect) return;
    const pending = effect(call, effects);
    pending?.catch((error: unknown) =>
      effects.relay.logger.warn({ err: error, call: call.key }, 'relay: a call effect failed'),
    );
  });
}
