// The `microphone` player events (contracts' PLAYER_EVENTS): each room member's microphone state, heard from the
// room, kept in the query cache per room so the participant list shows it live. Mounted once by the shell. A state
// is reported on change only (the relay tells a tab entering a room the states reported before), so the cache
// keeps the states however long no list is open: nothing would bring a collected one back. Each state carries the
// version the relay gave it: one older than the state held (a report that came late through another node, or a
// state told on entering after a live report) is ignored.
import { useState } from 'react';
import { useQueryClient, useQuery } from '@tanstack/react-query';
import {
  MicrophoneDataSchema,
  PLAYER_EVENTS,
  isOlderMicrophoneState,
  type MicrophoneData,
} from '@showfloor/contracts';
import { useServerEvent } from '../../../lib/socket/use-server-event.ts';

/** Muted (true) or not, by user id, of one room. */
export type MicrophoneStates = Readonly<Record<number, boolean>>;

/** What the cache holds of one room: each user's latest state and its version, by user id. */
export type HeldMicrophones = Readonly<Record<number, MicrophoneData>>;

const MICROPHONES_KEY = ['user-list', 'microphones'] as const;
const microphonesKey = (roomId: number) => [...MICROPHONES_KEY, roomId] as const;

/** The room's states with a user's state heard: unchanged when it is older than the one held. */
export function heardMicrophone(
  held: HeldMicrophones | undefined,
  userId: number,
  state: MicrophoneData,
): HeldMicrophones {
  const states = held ?? {};
  if (isOlderMicrophoneState(state.version, states[userId]?.version)) return states;
  return { ...states, [userId]: state };
}

export function useMicrophoneEvents(): void {
  const queryClient = useQueryClient();
  // Before the first event: the states written without an open list are never collected.
  useState(() => queryClient.setQueryDefaults(MICROPHONES_KEY, { gcTime: Infinity, staleTime: Infinity }));
  useServerEvent('user_player_events', (event) => {
    if (event.event !== PLAYER_EVENTS.MICROPHONE) return;
    const data = MicrophoneDataSchema.safeParse(event.data);
    if (!data.success) return;
    queryClient.setQueryData<HeldMicrophones>(microphonesKey(event.room_id), (held) =>
      heardMicrophone(held, event.user_id, data.data),
    );
  });
}

const mutedOnly = (held: HeldMicrophones): MicrophoneStates =>
  Object.fromEntries(Object.entries(held).map(([userId, state]) => [userId, state.muted]));

/** The microphone states heard in a room (nobody's yet: {}; a user missing from it: not known). */
export function useMicrophones(roomId: number | undefined): MicrophoneStates {
  const query = useQuery<HeldMicrophones, Error, MicrophoneStates>({
    queryKey: microphonesKey(roomId ?? 0),
    queryFn: () => ({}),
    enabled: false,
    initialData: {},
    staleTime: Infinity,
    select: mutedOnly,
  });
  return query.data;
}
