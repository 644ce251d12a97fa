// A conversation's history (spec 02 §4.3): its latest page when it opens, older pages by page_state when the
// reader nears the top. Both go into the tab's ChatSync, which keeps each message once in seq order.
import { useCallback, useEffect, useRef, useState } from 'react';
import { trpc } from '../../../lib/api/trpc.ts';
import { useHistoryCursor, type ChatClient } from '../stores/chat-client.ts';

/** Messages per page. */
export const HISTORY_PAGE_SIZE = 30;

export function useConversationHistory(client: ChatClient | null, conversationId: string | undefined) {
  const utils = trpc.useUtils();
  const id = conversationId ?? '';
  const cursor = useHistoryCursor(client, conversationId);
  const isLoaded = cursor !== undefined;
  const latest = trpc.conversation.getConversation.useQuery(
    { id, limit: HISTORY_PAGE_SIZE },
    { enabled: Boolean(client && conversationId) && !isLoaded, staleTime: Infinity, gcTime: 0 },
  );
  // The page starts the timeline once; a timeline dropped later (a delete in a room: ChatClient.forget) starts
  // again from a fresh read, never from the page already used.
  const used = useRef<unknown>(undefined);
  const isReloading = useRef(false);
  const { data: page, refetch } = latest;
  useEffect(() => {
    if (!page || !client || !conversationId || isLoaded || client.isLoaded(conversationId)) return;
    if (used.current !== page) {
      used.current = page;
      client.loadLatestPage(conversationId, page);
      return;
    }
    if (isReloading.current) return;
    isReloading.current = true;
    void refetch()
      .then(({ data }) => {
        if (data && !client.isLoaded(conversationId)) {
          used.current = data;
          client.loadLatestPage(conversationId, data);
        }
      })
      .finally(() => {
        isReloading.current = false;
      });
  }, [page, refetch, client, conversationId, isLoaded]);

  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const loadOlder = useCallback(async (): Promise<boolean> => {
    if (!client || !conversationId || isLoadingOlder) return false;
    const pageState = client.cursor(conversationId);
    if (!pageState) return false;
    setIsLoadingOlder(true);
    try {
      const page = await utils.conversation.getConversation.fetch(
        { id: conversationId, limit: HISTORY_PAGE_SIZE, page_state: pageState },
        { staleTime: 0 },
      );
      client.loadOlderPage(conversationId, page);
      return true;
    } catch {
      return false;
    } finally {
      setIsLoadingOlder(false);
    }
  }, [client, conversationId, isLoadingOlder, utils]);

  return {
    isLoaded,
    isLoading: !isLoaded && !latest.isError,
    error: latest.error,
    retry: () => void latest.refetch(),
    /** More history lies above (null cursor: the conversation's start is in view). */
    hasOlder: typeof cursor === 'string',
    isLoadingOlder,
    loadOlder,
  };
}
