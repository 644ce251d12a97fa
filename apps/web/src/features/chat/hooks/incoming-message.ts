// What an incoming chat message does (spec 02 §4.5): room messages (a conversation id containing 'room') are
// room chat, the rest private. A message joins its open conversation; a private one from someone else updates
// the chat list (last message, unread mark unless it is being read) and plays a sound, unless it shows nothing
// (a call's end); a room one from someone else is a newsfeed toast when the visitor has the newsfeed on and is
// not reading that room chat; a delete in a room reloads the room's data. With private chat off for the event
// (private_chat 'no') private messages change nothing the visitor sees or hears. Each message counts once.
import { isOwnMessage, isRoomConversationId, isShownInChat, type ChatMessage } from '@showfloor/contracts';
import type { ChatClient } from '../stores/chat-client.ts';

export interface IncomingMessageEffects {
  client: ChatClient;
  userId: number;
  /** The chat list's cache (use-conversations.ts). */
  applyToList(message: ChatMessage, isBeingRead: boolean): void;
  /** True when the conversation is on screen at its bottom. */
  isBeingRead(conversationId: string): boolean;
  /** True when the conversation is on screen. */
  isShown(conversationId: string): boolean;
  /** The visitor's newsfeed setting (room chat as toasts). */
  isNewsfeedOn(): boolean;
  /** The event's private_chat preference is on ('yes' or 'auto'). */
  isPrivateChatOn(): boolean;
  playSound(): void;
  showRoomToast(message: ChatMessage): void;
  /** A delete in a room: its chat and its data are read again (`roomId` when the message names the room). */
  reloadRoom(conversationId: string, roomId: number | undefined): void;
}

/** Remembers the ids of the last messages handled, so a second delivery does nothing twice. */
export class SeenMessages {
  readonly #ids = new Set<string>();
  readonly #capacity: number;

  constructor(capacity = 1000) {
    this.#capacity = capacity;
  }

  /** True the first time an id is seen. */
  firstTime(id: string): boolean {
    if (this.#ids.has(id)) return false;
    this.#ids.add(id);
    if (this.#ids.size > this.#capacity) {
      const oldest = this.#ids.values().next().value;
      if (oldest !== undefined) this.#ids.delete(oldest);
    }
    return true;
  }
}

export function handleIncomingMessage(
  message: ChatMessage,
  seen: SeenMessages,
  effects: IncomingMessageEffects,
): void {
  effects.client.sync.receive(message);
  if (!seen.firstTime(message.id)) return;
  const isRoom = isRoomConversationId(message.conversation);
  if (message.action === 'delete') {
    if (isRoom) effects.reloadRoom(message.conversation, message.room?.id);
    return;
  }
  const isOthers = !isOwnMessage(message, effects.userId) && isShownInChat(message);
  if (isRoom) {
    if (isOthers && effects.isNewsfeedOn() && !effects.isShown(message.conversation))
      effects.showRoomToast(message);
    return;
  }
  if (!effects.isPrivateChatOn()) return;
  effects.applyToList(message, effects.isBeingRead(message.conversation));
  if (isOthers) effects.playSound();
}
