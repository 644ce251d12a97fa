/**
 * Helpers the service handlers share: who may touch what (own data, own event, managed event) and how
 * internal records become the contracts' shapes.
 */
import {
  BACKEND_MESSAGES,
  CurrentUserSchema,
  countsAsUnread,
  mayEnterRoom,
  mayViewContact,
  type AccessViewer,
  type BusinessCard,
  type ChatMessage,
  type Conversation,
  type CurrentUser,
  type Participant,
  type Passport,
  type Room,
  type UserProfile,
  type UserSummary,
} from '@showfloor/contracts';
import { forbidden, notFound, ProviderHttpError } from '../http/errors.ts';
import { newUserDefaults } from '../store/new-user.ts';
import type { ProviderState } from '../store/state.ts';
import type {
  Caller,
  CardRecord,
  ConversationRecord,
  EventRecord,
  MessageRecord,
  RoomRecord,
  UserRecord,
} from '../store/types.ts';

export const isAdmin = (caller: Caller): boolean => caller.user.roles.some((r) => r.role === 'admin');

/** Users change only their own data. */
export function assertSelf(caller: Caller, userId: number, what = 'your own account'): void {
  if (caller.user.id !== userId) throw forbidden(`You may change only ${what}.`);
}

/** Reads stay inside the caller's event; admins see every event. */
export function assertSameEvent(caller: Caller, eventCode: string): void {
  if (caller.user.event_code !== eventCode && !isAdmin(caller))
    throw forbidden('That belongs to another event.');
}

/** Managing an event: admins any event, event admins their own. */
export function assertManages(caller: Caller, eventCode: string): void {
  const manages = isAdmin(caller) || (caller.user.event_code === eventCode && caller.isManager);
  if (!manages) throw forbidden('You may manage only your own event.');
}

export function requireEvent(state: ProviderState, key: string): EventRecord {
  const event = state.eventByKey(key);
  if (!event) throw notFound('Event');
  return event;
}

/** A user the caller may see (same event, or admin); others are answered as not found. */
export function requireVisibleUser(state: ProviderState, caller: Caller, userId: number): UserRecord {
  const user = state.users.get(userId);
  if (!user || (user.event_code !== caller.user.event_code && !isAdmin(caller))) throw notFound('User');
  return user;
}

export function requireRoom(state: ProviderState, caller: Caller, roomId: number): RoomRecord {
  const room = state.rooms.get(roomId);
  if (!room || (room.event_code !== caller.user.event_code && !isAdmin(caller))) throw notFound('Room');
  return room;
}

/** What the access rules (contracts' access.ts) know about a user. */
export function viewerOf(user: UserRecord): AccessViewer {
  return { id: user.id, event_code: user.event_code, roles: user.roles, room_access: user.room_access };
}

/** The text of a refused room: the room page shows its restricted-room notice on it. */
export const ROOM_REFUSED = BACKEND_MESSAGES.ROOM_FORBIDDEN;

/**
 * A room the caller may enter (contracts' `mayEnterRoom`): rooms of other events and inactive rooms are not
 * found; a restricted room the caller was not granted is refused with `status` (403; the room read itself
 * answers 401, spec 01 §8 "Room load 401"). Its chat, its people and its meeting follow the same rule.
 */
export function requireEnterableRoom(
  state: ProviderState,
  caller: Caller,
  roomId: number,
  status: 401 | 403 = 403,
): RoomRecord {
  const room = requireRoom(state, caller, roomId);
  const viewer = viewerOf(caller.user);
  if (mayEnterRoom(viewer, room)) return room;
  if (!room.active) throw notFound('Room');
  throw new ProviderHttpError(status, ROOM_REFUSED);
}

/** True when the subject allowed the viewer's request for their business card (spec 02 §4.2). */
export function holdsCardOf(state: ProviderState, viewerId: number, subjectId: number): boolean {
  for (const card of state.cards.values())
    if (card.owner_id === subjectId && card.requester_id === viewerId && card.approved === true) return true;
  return false;
}

/** True when the caller may see the subject's contact details (contracts' `mayViewContact`). */
export function seesContactOf(state: ProviderState, viewer: UserRecord, subject: UserRecord): boolean {
  return mayViewContact(viewer, subject, holdsCardOf(state, viewer.id, subject.id));
}

/** Creates a user of an event with the defaults of a new account (visitor, active, no tags). */
export function createUser(
  state: ProviderState,
  fields: Pick<UserRecord, 'event_code' | 'email' | 'passwordHash' | 'firstname' | 'lastname'> &
    Partial<UserRecord>,
): UserRecord {
  const id = state.nextId('users');
  const user: UserRecord = {
    id,
    username: fields.email,
    ...newUserDefaults(),
    ...fields,
  };
  state.users.set(id, user);
  return user;
}

const blankToNull = (value: string): string | null => (value === '' ? null : value);

/** A profile; without `showContact` its contact fields (contracts' CONTACT_FIELDS) are null. */
export function toProfile(user: UserRecord, showContact = true): UserProfile {
  const contact = (value: string): string | null => (showContact ? blankToNull(value) : null);
  return {
    id: user.id,
    username: showContact ? user.username : null,
    event_code: user.event_code,
    firstname: user.firstname,
    lastname: user.lastname,
    company: blankToNull(user.company),
    job_title: blankToNull(user.job_title),
    phone_number: contact(user.phone_number),
    email: showContact ? user.email : null,
    webpage: contact(user.webpage),
    linkedin: contact(user.linkedin),
    tags: user.tags.map((t) => ({ ...t })),
    profile_picture: user.profile_picture,
    avatar_id: user.avatar_id,
  };
}

/** The fields every view of another user starts with: who they are and where they work. */
function nameAndWork(user: UserRecord) {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    company: blankToNull(user.company),
    job_title: blankToNull(user.job_title),
  };
}

/** A user as lists show them; the login name (an e-mail address) only when `showContact`. */
export function toSummary(user: UserRecord, showContact: boolean): UserSummary {
  return {
    ...nameAndWork(user),
    profile_picture: user.profile_picture,
    ...(showContact ? { username: user.username } : {}),
    user_status: user.status,
    roles: user.roles.map((r) => ({ ...r })),
  };
}

/** The list view of users for one viewer: contact details by the contact rule. */
export function summariesFor(state: ProviderState, viewer: UserRecord) {
  return (user: UserRecord): UserSummary => toSummary(user, seesContactOf(state, viewer, user));
}

export function toParticipant(user: UserRecord): Participant {
  return nameAndWork(user);
}

/**
 * The active rooms of the user's event they may enter (contracts' `mayEnterRoom`): the open ones, the granted
 * ones, the rooms they hold a role in (a role rule, e.g. presenter of room 5) and, for managers, all.
 */
export function roomAccess(state: ProviderState, user: UserRecord): number[] {
  const viewer = viewerOf(user);
  return [...state.rooms.values()]
    .filter((r) => r.event_code === user.event_code && r.active && mayEnterRoom(viewer, r))
    .map((r) => r.id);
}

/** Screens the user's roles see: the defaults, changed by the event's screen rules. */
export function screenAccess(state: ProviderState, user: UserRecord): Array<{ frontend_name: string }> {
  const screens = new Set(user.screen_access_rights);
  const event = state.eventByCode(user.event_code);
  const roles = new Set(user.roles.map((r) => r.role));
  for (const rule of state.accessRules.values()) {
    if (rule.type !== 'screen' || rule.event_id !== event?.id || !roles.has(rule.role_id)) continue;
    if (rule.default) screens.add(rule.frontend_name);
    else screens.delete(rule.frontend_name);
  }
  return [...screens].map((frontend_name) => ({ frontend_name }));
}

export function toCurrentUser(state: ProviderState, user: UserRecord, token: string): CurrentUser {
  return CurrentUserSchema.parse({
    ...toProfile(user),
    jwt_token: token,
    roles: user.roles,
    room_access: roomAccess(state, user),
    screen_access_rights: screenAccess(state, user),
    breakout_group: user.breakout_group,
  });
}

export function toRoom(room: RoomRecord): Room {
  return {
    id: room.id,
    name: room.name,
    link: room.link,
    type: room.type,
    event_code: room.event_code,
    active: room.active,
    multiplayer: room.multiplayer,
  };
}

export function toMessage(message: MessageRecord): ChatMessage {
  const { at: _at, ...rest } = message;
  return { ...rest, to: [...rest.to] };
}

export function isParticipant(
  state: ProviderState,
  conversation: ConversationRecord,
  user: UserRecord,
): boolean {
  if (conversation.kind === 'room') {
    // A room's chat is the room's: whoever may enter the room reads and writes it, nobody else.
    const room = conversation.room_id === null ? undefined : state.rooms.get(conversation.room_id);
    return room !== undefined && mayEnterRoom(viewerOf(user), room);
  }
  return conversation.participants.includes(user.id);
}

/** True when a message after `readSeq` counts as unread for the viewer (messages are in seq order). */
function hasUnread(messages: readonly MessageRecord[], readSeq: number, viewerId: number): boolean {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (!message || message.seq <= readSeq) return false;
    if (countsAsUnread(message, viewerId)) return true;
  }
  return false;
}

export function toConversation(
  state: ProviderState,
  conversation: ConversationRecord,
  viewer: UserRecord,
  page: { messages: MessageRecord[]; page_state: string | null } = { messages: [], page_state: null },
): Conversation {
  const last = conversation.messages.at(-1);
  const readSeq = conversation.read_seq.get(viewer.id) ?? 0;
  const room = conversation.room_id === null ? undefined : state.rooms.get(conversation.room_id);
  const participants =
    conversation.kind === 'room'
      ? state.usersOfEvent(conversation.event_code).filter((u) => u.current_room_id === conversation.room_id)
      : conversation.participants
          .map((id) => state.users.get(id))
          .filter((u): u is UserRecord => u !== undefined);
  return {
    id: conversation.id,
    participants: participants.map(toParticipant),
    isGroupConversation: conversation.kind === 'group',
    isRoomConversation: conversation.kind === 'room',
    isTemporary: false,
    // Only what shows and is someone else's makes a conversation unread (a call's end or a delete does not).
    isUnread: hasUnread(conversation.messages, readSeq, viewer.id),
    bot: conversation.bot,
    roomId: conversation.room_id,
    roomName: room?.name ?? null,
    lastMessage: last
      ? {
          message: last.message,
          timestamp: last.timestamp,
          type: last.type,
          ...(last.cards ? { cards: last.cards } : {}),
        }
      : null,
    messages: page.messages.map(toMessage),
    page_state: page.page_state,
  };
}

/** A card as its holder sees it: the owner's card fields plus the holder's notes. */
export function toBusinessCard(owner: UserRecord, card: Pick<CardRecord, 'card_id' | 'notes'>): BusinessCard {
  return {
    card_id: card.card_id,
    user_id: owner.id,
    firstname: owner.firstname,
    lastname: owner.lastname,
    job_title: blankToNull(owner.job_title),
    company: blankToNull(owner.company),
    phone_number: blankToNull(owner.phone_number),
    webpage: blankToNull(owner.webpage),
    linkedin: blankToNull(owner.linkedin),
    email: blankToNull(owner.email),
    personal_quote: blankToNull(owner.personal_quote),
    skill: owner.tags.filter((t) => t.type === 'skill').map((t) => t.tag_name),
    interest: owner.tags.filter((t) => t.type === 'interest').map((t) => t.tag_name),
    notes: blankToNull(card.notes),
    profile_picture_path: owner.profile_picture,
  };
}

export function passportOf(state: ProviderState, user: UserRecord): Passport {
  const badges = [...state.badges.values()].filter((b) => b.event_code === user.event_code);
  const earned = badges
    .filter((b) => user.completed_badges.includes(b.id))
    .reduce((sum, b) => sum + (b.coin_value ?? 0), 0);
  return {
    badges: badges.map((b) => ({
      id: b.id,
      title: b.title,
      description: b.description,
      badge_complete: user.completed_badges.includes(b.id),
      coin_value: b.coin_value,
    })),
    coin_balance: Math.max(0, earned - user.coins_spent),
    passport_claimed: user.passport_claimed,
  };
}

/** Quotes a CSV field when it needs it (RFC 4180); a field a spreadsheet would run as a formula is neutralised. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=@\t\r]|^[+-](?![\d\s])/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return values.map(csvField).join(',');
}
