// The tab's one recovery after its socket reconnects (not on its first connection): everything on screen is read
// again, as a reload would read it: the TanStack queries and the public reads (lib/api/gateway-reads.ts: the
// event's preferences, open hours and details). While the socket was down (a network drop, a node restart, the
// relay dropping a stalled socket over its buffer cap) the relay's frames that it never stores were lost for this
// tab: a `user_access_change` (the room shown may no longer be the user's: its read answers 401 and the room page
// sends the visitor to the lobby), a `sessions_triggers` refresh (which would have reloaded the tab and read
// everything again), a picture change, a status change. Chat catches up on its own on every connection (ChatSync,
// features/chat/hooks/use-chat-events.ts). Reads not on screen are marked stale and asked when next shown. An
// announcement sent meanwhile is not recovered: nothing stores it (apps/web README, "After a reconnect").
import { useContext } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSocketReconnect } from '../socket/registry.ts';
import { GatewayReadsContext } from './gateway-reads.ts';

export function useRefetchAfterReconnect(): void {
  const queryClient = useQueryClient();
  const reads = useContext(GatewayReadsContext);
  useSocketReconnect(() => {
    // After the other 'connect' listeners (chat reads its list again on every connection): their reads, started
    // after the handshake, are kept rather than cancelled and asked again.
    queueMicrotask(() => {
      void queryClient.invalidateQueries(undefined, { cancelRefetch: false });
      reads.refresh();
    });
  });
}
