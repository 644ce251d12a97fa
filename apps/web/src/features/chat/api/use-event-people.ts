// The people currently in the event (spec 02 §2.6, §7): the first 50 besides the viewer, for a new conversation.
import { NEW_CONVERSATION_USER_LIMIT } from '@showfloor/contracts';
import { useMemo } from 'react';
import { trpc } from '../../../lib/api/trpc.ts';

export function useEventPeople(eventCode: string, userId: number) {
  // One more than the page holds: the viewer is among them and left out.
  const query = trpc.user.getLoggedUsers.useQuery(
    { event_code: eventCode, limit: NEW_CONVERSATION_USER_LIMIT + 1 },
    { staleTime: 30_000 },
  );
  const people = useMemo(
    () => (query.data?.users ?? []).filter((u) => u.id !== userId).slice(0, NEW_CONVERSATION_USER_LIMIT),
    [query.data, userId],
  );
  return { ...query, people };
}
