// The tab's one recovery after its socket reconnects (not on its first connection): after a random wait of up to
// RECONNECT_SPREAD_MS (the contracts), everything on screen is read again, as a reload would read it: the TanStack
// queries and the public reads (lib/api/gateway-reads.ts: the event's preferences, open hours and details). While the
// socket was down (a network drop, a node restart, the relay dropping a stalled socket over its buffer cap) the
// relay's frames that it never stores were lost for this tab: a `user_access_change` (the room shown may no longer
// be the user's: its read answers 401 and the room page sends the visitor to the lobby), a `sessions_triggers`
// refresh (which would have reloaded the tab and read everything again), a picture change, a status change. Chat
// catches up on its own on every connection, without waiting (ChatSync, features/chat/hooks/use-chat-events.ts).
// Reads not on screen are marked stale and asked when next shown. The rooms a missed `user_access_change` granted or
// took are asked by the session feature in its own wait (features/session/hooks/use-session-events.ts).
// Announcements recover themselves: the relay keeps them and the tab asks `announcements_catch_up` on its own
// (features/announcements/hooks/use-announcements.ts, through the same useSocketRecovery; apps/web README, "After a
// reconnect").
import { useContext } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RECONNECT_SPREAD_MS } from '@showfloor/contracts';
import { useSocketRecovery } from '../socket/use-socket-recovery.ts';
import { GatewayReadsContext } from './gateway-reads.ts';

export function useRefetchAfterReconnect(): void {
  const queryClient = useQueryClient();
  const reads = useContext(GatewayReadsContext);
  // Each tab waits a random delay in [0, RECONNECT_SPREAD_MS): the thousands of tabs of a restarted gateway node,
  // which reconnect within socket.io's reconnect delay, spread their re-reads over it instead of sending them to the
  // gateway and the provider at once (the relay spreads its catch-up of a late room join over the same span). The
  // wait ends in a timer, after the other 'connect' listeners (chat reads its list again on every connection,
  // without waiting): a read chat started and still under way is kept rather than cancelled and asked again. A drop
  // during the wait cancels it; the next reconnect waits anew (useSocketRecovery).
  useSocketRecovery(
    () => {
      void queryClient.invalidateQueries(undefined, { cancelRefetch: false });
      reads.refresh();
    },
    { spreadMs: RECONNECT_SPREAD_MS },
  );
}
