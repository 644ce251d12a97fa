// The recruiter's private conversation with a candidate, if one is stored (the chat list's query, shared through
// the query cache): the dashboard's chat page opens it, or starts one with the first message.
import { useMemo } from 'react';
import { trpc } from '../../../lib/api/trpc.ts';
import { FRONTEND } from '../../../config/frontend.ts';

export function useCandidateConversation(recruiterId: number, candidateId: number | undefined) {
  const list = trpc.conversation.listConversations.useQuery(
    { frontend: FRONTEND },
    { enabled: candidateId !== undefined, staleTime: 30_000 },
  );
  const conversation = useMemo(
    () =>
      list.data?.conversations.find(
        (c) =>
          !c.isRoomConversation &&
          !c.bot &&
          c.participants.length === 2 &&
          c.participants.some((p) => p.id === candidateId) &&
          c.participants.some((p) => p.id === recruiterId),
      ),
    [list.data, recruiterId, candidateId],
  );
  return { ...list, conversation };
}
