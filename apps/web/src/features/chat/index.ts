// What other parts of the app use of chat (apps/web/README.md "Sharing between features"): src/app mounts the
// chat topic's hook and composes room chat; the business-cards, calls and recruiting features build on the
// conversation view, its bubbles and its toolbar.
export { useChatEvents, CHAT_UNREAD_SOURCE } from './hooks/use-chat-events.ts';
export { default as ChatEvents } from './components/chat-events.tsx';
export {
  ConversationView,
  type ConversationExtension,
  type ConversationViewProps,
} from './components/conversation-view.tsx';
export { default as ChatPage, type ChatPageProps } from './routes/chat-page.tsx';
export {
  MessageBubble,
  isCardMessage,
  type CardMessageActions,
  type MessageBubbleProps,
} from './components/message-bubble.tsx';
export {
  ChatToolbar,
  toolbarActions,
  type ChatToolbarProps,
  type ToolbarAction,
} from './components/chat-toolbar.tsx';
export { Composer } from './components/composer.tsx';
export { ParticipantList } from './components/participant-list.tsx';
export { useShownFields } from './hooks/use-shown-fields.ts';
export { useChatClient } from './stores/chat-client.ts';
export type { ChatKind, ConversationLike } from './utils/conversation.ts';
