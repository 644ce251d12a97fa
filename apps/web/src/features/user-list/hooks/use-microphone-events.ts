// The `microphone` player events (contracts' PLAYER_EVENTS): each room member's microphone state, heard from the
// room, kept in the query cache per room so the participant list shows it live. Mounted once by the shell. A state
// is reported on change only (the relay tells a tab entering a room the states reported before), so the cache
// keeps the states however long no list is open: nothing would bring a collected one back. Each state carries the
// version the relay gave it: one older than the state held (a report that came late through another node, or a
// state told on entering after a live report) is ignored.
// A moderator's `mute` with a version (the relay recorded it: contracts' MuteDataSchema) is a state too: its
// target muted, or for 'all' everyone held but the moderator, as of that version; and a state older than a
// mute-all that comes after it (a report sent before the mute) is muted, as the relay records it. The muted tabs
// report nothing more, so the list cannot wait for their reports.
import { useState } from 'react';
import { useQueryClient, useQuery } from '@tanstack/react-query';
import {
  MicrophoneDataSchema,
  MuteDataSchema,
  PLAYER_EVENTS,
  isOlderMicrophoneState,
  type MicrophoneData,
} from '@showfloor/contracts';
import { useServerEvent } from '../../../lib/socket/use-server-event.ts';

/** Muted (true) or not, by user id, of one room. */
export type MicrophoneStates = Readonly<Record<number, boolean>>;

/** What the cache holds of one room: each user's latest state and its version, by user id. */
export interface HeldMicrophones {
  readonly users: Readonly<Record<number, MicrophoneData>>;
  /** The room's latest mute-all: its version and who muted (not muted by it). */
  readonly mutedAll?: { readonly version: number; readonly moderatorId: number };
}

const MICROPHONES_KEY = ['user-list', 'microphones'] as const;
const microphonesKey = (roomId: number) => [...MICROPHONES_KEY, roomId] as const;
const NONE_HELD: HeldMicrophones = { users: {} };

/**
 * The room's states with a user's state heard: unchanged when it is older than the one held; muted when it is
 * older than the room's last mute-all (and not the moderator's).
 */
export function heardMicrophone(
  held: HeldMicrophones | undefined,
  userId: number,
  state: MicrophoneData,
): HeldMicrophones {
  const room = held ?? NONE_HELD;
  if (isOlderMicrophoneState(state.version, room.users[userId]?.version)) return room;
  const { mutedAll } = room;
  const kept =
    mutedAll && userId !== mutedAll.moderatorId && isOlderMicrophoneState(state.version, mutedAll.version)
      ? { muted: true, version: mutedAll.version }
      : state;
  return { ...room, users: { ...room.users, [userId]: kept } };
}

/**
 * The room's states with a moderator's mute heard (the relay recorded it with `version`): one user's state, or
 * for 'all' every state held but the moderator's that is not newer than the mute, and the mute kept for states
 * older than it that come later. A mute of the moderator themself mutes nobody.
 */
export function heardMute(
  held: HeldMicrophones | undefined,
  moderatorId: number,
  target: number | 'all',
  version: number,
): HeldMicrophones {
  const room = held ?? NONE_HELD;
  if (target === moderatorId) return room;
  const muted = { muted: true, version };
  if (target !== 'all') return heardMicrophone(room, target, muted);
  const users: Record<number, MicrophoneData> = { ...room.users };
  for (const [id, state] of Object.entries(room.users)) {
    if (Number(id) !== moderatorId && !isOlderMicrophoneState(version, state.version))
      users[Number(id)] = muted;
  }
  const mutedAll =
    room.mutedAll && room.mutedAll.version > version ? room.mutedAll : { version, moderatorId };
  return { users, mutedAll };
}

export function useMicrophoneEvents(): void {
  const queryClient = useQueryClient();
  // Before the first event: the states written without an open list are never collected.
  useState(() => queryClient.setQueryDefaults(MICROPHONES_KEY, { gcTime: Infinity, staleTime: Infinity }));
  useServerEvent('user_player_events', (event) => {
    if (event.event === PLAYER_EVENTS.MUTE) {
      const mute = MuteDataSchema.safeParse(event.data);
      // Without a version (a relay of an earlier build) the muted tabs report their states themselves.
      if (!mute.success || mute.data.version === undefined) return;
      const { target, version } = mute.data;
      queryClient.setQueryData<HeldMicrophones>(microphonesKey(event.room_id), (held) =>
        heardMute(held, event.user_id, target, version),
      );
      return;
    }
    if (event.event !== PLAYER_EVENTS.MICROPHONE) return;
    const data = MicrophoneDataSchema.safeParse(event.data);
    if (!data.success) return;
    queryClient.setQueryData<HeldMicrophones>(microphonesKey(event.room_id), (held) =>
      heardMicrophone(held, event.user_id, data.data),
    );
  });
}

const mutedOnly = (held: HeldMicrophones): MicrophoneStates =>
  Object.fromEntries(Object.entries(held.users).map(([userId, state]) => [userId, state.muted]));

/** The microphone states heard in a room (nobody's yet: {}; a user missing from it: not known). */
export function useMicrophones(roomId: number | undefined): MicrophoneStates {
  const query = useQuery<HeldMicrophones, Error, MicrophoneStates>({
    queryKey: microphonesKey(roomId ?? 0),
    queryFn: () => NONE_HELD,
    enabled: false,
    initialData: NONE_HELD,
    staleTime: Infinity,
    select: mutedOnly,
  });
  return query.data;
}
