// The chat topic's hook as a component, so the shell can load it on its own (lazily, after the shell shows).
import type { CurrentUser } from '@showfloor/contracts';
import { useChatEvents } from '../hooks/use-chat-events.ts';

export default function ChatEvents({ user }: { user: CurrentUser }) {
  useChatEvents(user);
  return null;
}
