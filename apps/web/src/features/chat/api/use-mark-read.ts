// Marks a conversation read up to a seq (spec 02 §4.3: when the view is at its bottom), in the list at once.
import { trpc } from '../../../lib/api/trpc.ts';
import { useConversationListCache } from './use-conversations.ts';

export function useMarkRead() {
  const cache = useConversationListCache();
  return trpc.conversation.markRead.useMutation({
    onMutate: ({ id }) => cache.markRead(id),
  });
}
