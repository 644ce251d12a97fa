// The `microphone` player events (contracts' PLAYER_EVENTS): each room member's microphone state, heard from the
// room, kept in the query cache per room so the participant list shows it live. Mounted once by the shell.
import { useQueryClient, useQuery } from '@tanstack/react-query';
import { MicrophoneDataSchema, PLAYER_EVENTS } from '@showfloor/contracts';
import { useServerEvent } from '../../../lib/socket/use-server-event.ts';

/** Muted (true) or not, by user id, of one room. */
export type MicrophoneStates = Readonly<Record<number, boolean>>;

const microphonesKey = (roomId: number) => ['user-list', 'microphones', roomId] as const;

export function useMicrophoneEvents(): void {
  const queryClient = useQueryClient();
  useServerEvent('user_player_events', (event) => {
    if (event.event !== PLAYER_EVENTS.MICROPHONE) return;
    const data = MicrophoneDataSchema.safeParse(event.data);
    if (!data.success) return;
    queryClient.setQueryData<MicrophoneStates>(microphonesKey(event.room_id), (states) => ({
      ...states,
      [event.user_id]: data.data.muted,
    }));
  });
}

/** The microphone states heard in a room (nobody's yet: {}). */
export function useMicrophones(roomId: number | undefined): MicrophoneStates {
  const query = useQuery<MicrophoneStates>({
    queryKey: microphonesKey(roomId ?? 0),
    queryFn: () => ({}),
    enabled: false,
    initialData: {},
    staleTime: Infinity,
  });
  return query.data;
}
