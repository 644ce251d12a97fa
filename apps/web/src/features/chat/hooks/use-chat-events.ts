// The chat topic of the tab's event, `chat_{event_code}` (one hook per topic, apps/web/README.md): it owns the
// tab's chat client (ChatSync + ChatOutbox), feeds it live messages, catches up after every connection and on the
// relay's `resync` (rooms re-entered first: the handshake does it, so 'connect' is the moment), writes the chat
// list's cache and the menu's unread count, and plays the sound and shows the newsfeed toasts of spec 02 §4.5.
// Mounted once by the signed-in shell, so the dot, the sound and the toasts work with the chat closed.
import { useEffect, useEffectEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RELAY_SERVER_EVENTS,
  STORAGE_KEYS,
  chatTopic,
  findPreference,
  isFlagOn,
  type ChatMessage,
  type CurrentUser,
} from '@showfloor/contracts';
import { useEventPreferences } from '../../../hooks/use-event-preferences.ts';
import { readFlag } from '../../../lib/shell/stored-flags.ts';
import { setUnreadCount } from '../../../lib/shell/unread.ts';
import { listenerView, useSocket } from '../../../lib/socket/registry.ts';
import { useServerEvent } from '../../../lib/socket/use-server-event.ts';
import { chatToast } from '../../../lib/ui/notify.ts';
import { useConversationListCache, useConversations } from '../api/use-conversations.ts';
import { useRoomDataReload } from '../api/use-room-data-reload.ts';
import { isReadingLatest, isShown } from '../stores/active-view.ts';
import { ChatClient, setChatClient, useChatClient, type ChatClientOptions } from '../stores/chat-client.ts';
import { fullName, previewText } from '../utils/conversation.ts';
import { messageSound } from '../utils/sound.ts';
import { handleIncomingMessage, SeenMessages } from './incoming-message.ts';

/** The menu dot's source name for chat (lib/shell/unread.ts). */
export const CHAT_UNREAD_SOURCE = 'chat';

/** Who sent a message, as a toast names them. */
function senderName(message: ChatMessage): string {
  if (message.bot && message.to.length > 0) return message.bot;
  return message.user_summary_info ? fullName(message.user_summary_info) : '';
}

export interface ChatEventsOptions {
  /** Makes the tab's chat client (tests shorten its timings). @default new ChatClient(options) */
  createClient?: (options: ChatClientOptions) => ChatClient;
}

const defaultCreateClient = (options: ChatClientOptions) => new ChatClient(options);

export function useChatEvents(
  user: CurrentUser | null,
  { createClient = defaultCreateClient }: ChatEventsOptions = {},
): void {
  const { t } = useTranslation('chat');
  const socket = useSocket();
  const client = useChatClient();
  const { preferences } = useEventPreferences(user?.event_code);
  const isPrivateChatOn = isFlagOn(findPreference(preferences, 'private_chat') as string | undefined);
  const isRoomChatOn = isFlagOn(findPreference(preferences, 'room_chat') as string | undefined);
  const list = useConversations({ enabled: Boolean(user) && isPrivateChatOn });
  const cache = useConversationListCache();
  const seen = useMemo(() => new SeenMessages(), []);
  const reloadRoomData = useRoomDataReload();

  // One client per socket and user: a new sign-in (or token) opens a new socket and starts afresh.
  const userId = user?.id;
  const eventCode = user?.event_code;
  useEffect(() => {
    if (!socket || userId === undefined || !eventCode) return undefined;
    setChatClient(createClient({ userId, eventCode }));
    return () => setChatClient(null);
  }, [socket, userId, eventCode, createClient]);

  const onMessage = (message: ChatMessage) => {
    if (!client) return;
    handleIncomingMessage(message, seen, {
      client,
      userId: client.userId,
      applyToList: (m, isBeingRead) => cache.applyMessage(m, client.userId, isBeingRead),
      isBeingRead: isReadingLatest,
      isShown,
      isNewsfeedOn: () => isRoomChatOn && readFlag(STORAGE_KEYS.ROOM_CHAT_FEED, false),
      isPrivateChatOn: () => isPrivateChatOn,
      playSound: () => messageSound.play(),
      showRoomToast: (m) =>
        chatToast({
          title: t('toast.title', { name: senderName(m), room: m.room?.name ?? '' }),
          message: previewText(m.message),
        }),
      reloadRoom: (conversationId, roomId) => {
        client.forget(conversationId);
        if (roomId !== undefined) reloadRoomData(roomId);
      },
    });
  };
  useServerEvent(eventCode ? chatTopic(eventCode) : undefined, onMessage);
  useServerEvent(RELAY_SERVER_EVENTS.RESYNC, ({ spread_ms }) => {
    void client?.sync.resync({ spreadMs: spread_ms });
  });

  // After every connection, the first one too: the handshake put the socket into its user's and room's rooms, so
  // resend what waits for an ack, catch every open conversation up, and read the list again (its unread marks are
  // the server's: a reconnect clears none). The first connection is no exception: a page's history and the list
  // come over HTTP and often before the socket connects (a reload on /chat), and a message stored in between
  // reaches neither; a send made before it has had no answer. Left to their retry timers (1 s doubling, 5 s), the
  // view stayed seconds behind what was stored.
  const onConnect = useEffectEvent(() => {
    if (!client) return;
    void client.sync.reconnected({ resend: () => client.outbox.resendPending() });
    void cache.invalidate();
  });
  useEffect(() => {
    if (!socket) return undefined;
    const target = listenerView(socket);
    const listener = () => onConnect();
    target.on('connect', listener);
    return () => {
      target.off('connect', listener);
    };
  }, [socket]);

  // The menu toggle's dot: how many conversations are unread.
  const unread = list.data?.conversations.filter((c) => c.isUnread).length ?? 0;
  useEffect(() => {
    setUnreadCount(CHAT_UNREAD_SOURCE, isPrivateChatOn ? unread : 0);
  }, [unread, isPrivateChatOn]);
}
