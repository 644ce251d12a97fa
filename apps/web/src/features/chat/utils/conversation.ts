// What the chat screens derive from a conversation (spec 02 §2.4, §2.5, §4.3, §5): its kind, the name its header
// and the list show, the preview of its last message, and the list search.
import {
  LAST_MESSAGE_PREVIEW_LENGTH,
  isRoomConversationId,
  type Conversation,
  type LastMessage,
  type Participant,
} from '@showfloor/contracts';
import { parseMessageText } from './message-text.ts';

/** The chat kinds the toolbar tells apart (spec 02 §2.5); recruiting chats are opened as such by the dashboard. */
export type ChatKind = 'individual' | 'group' | 'room' | 'bot' | 'recruiting';

/** The fields the chat screens read; a conversation not stored yet (a first message) has the same shape. */
export type ConversationLike = Pick<
  Conversation,
  'id' | 'participants' | 'isGroupConversation' | 'isRoomConversation' | 'bot' | 'roomName'
>;

/** Room (an id containing 'room'), bot, group (more than two people, not a room), else individual (spec 02 §4.3). */
export function chatKindOf(conversation: ConversationLike): Exclude<ChatKind, 'recruiting'> {
  if (conversation.isRoomConversation || isRoomConversationId(conversation.id)) return 'room';
  if (conversation.bot) return 'bot';
  if (conversation.isGroupConversation || conversation.participants.length > 2) return 'group';
  return 'individual';
}

/** The participants other than the viewer. */
export function othersOf(conversation: Pick<Conversation, 'participants'>, userId: number): Participant[] {
  return conversation.participants.filter((p) => p.id !== userId);
}

export const fullName = (person: Pick<Participant, 'firstname' | 'lastname'>): string =>
  `${person.firstname} ${person.lastname}`.trim();

/** How a conversation is named: the other person; a group's first other person and how many more. */
export interface ConversationName {
  name: string;
  /** Others besides the one named (groups only). */
  more: number;
}

export function conversationName(conversation: ConversationLike, userId: number): ConversationName {
  const kind = chatKindOf(conversation);
  if (kind === 'room') return { name: conversation.roomName ?? '', more: 0 };
  if (kind === 'bot') return { name: conversation.bot ?? '', more: 0 };
  const others = othersOf(conversation, userId);
  const [first] = others;
  return { name: first ? fullName(first) : '', more: kind === 'group' ? Math.max(0, others.length - 1) : 0 };
}

/** A message as a reader sees it: a `[label | address]` link is its label; a refused link stays as written. */
export function readableText(text: string): string {
  return parseMessageText(text)
    .map((part) => (part.kind === 'link' ? part.label : part.text))
    .join('');
}

/**
 * The preview of a last message as a reader sees it (links by their labels), cut at 100 characters plus an
 * ellipsis (spec 02 §9); whole characters only.
 */
export function previewText(text: string, limit = LAST_MESSAGE_PREVIEW_LENGTH): string {
  const characters = Array.from(readableText(text).replace(/\s+/g, ' ').trim());
  return characters.length > limit ? `${characters.slice(0, limit).join('')}…` : characters.join('');
}

/** What a last message is: a text, a call or a business card (the list names the last two). */
export function lastMessageKind(last: LastMessage): 'text' | 'call' | 'card' {
  if (last.cards && last.cards.length > 0) return 'card';
  if (last.type !== 'text') return 'call';
  return 'text';
}

/** Which work fields the event shows (preferences show_company / show_job_title 'yes', spec 01 §3). */
export interface ShownFields {
  company: boolean;
  jobTitle: boolean;
}

/** The words a person is found by: names, and company and job title when the event shows them. */
export function personWords(
  person: Pick<Participant, 'firstname' | 'lastname' | 'company' | 'job_title'> & { username?: string },
  shown: ShownFields,
): string[] {
  const words = [person.firstname, person.lastname, fullName(person)];
  if (person.username) words.push(person.username);
  if (shown.company && person.company) words.push(person.company);
  if (shown.jobTitle && person.job_title) words.push(person.job_title);
  return words;
}

/** Case-insensitive match of a search text in any of the words; a blank search matches everything. */
export function matchesSearch(words: readonly string[], search: string): boolean {
  const wanted = search.trim().toLocaleLowerCase();
  return wanted === '' || words.some((word) => word.toLocaleLowerCase().includes(wanted));
}

/** Chat list search (spec 02 §5): the conversation's name, its people's names and work fields as shown. */
export function conversationMatches(
  conversation: ConversationLike,
  userId: number,
  search: string,
  shown: ShownFields,
): boolean {
  const words = [conversationName(conversation, userId).name];
  for (const person of othersOf(conversation, userId)) words.push(...personWords(person, shown));
  return matchesSearch(words, search);
}
