/**
 * Who may see and do what: the product's access rules, written once (STYLE.md §9 "Access rules are data").
 * - The predicates below decide rooms, room chat and room people, contact details, files and redirects; the
 *   mock provider enforces them in its handlers and the web app may read them to hide what it cannot get.
 * - {@link CALL_ACCESS} names, for every call of the catalogue, the rule each id-bearing input key obeys;
 *   {@link TOPIC_ACCESS} names who may emit each client topic of the relay.
 *   The gateway enforces the rules the token alone decides (`self`, `self-or-manager`, `own-event` of an
 *   `event_code`) before the provider is asked; the provider enforces every rule; the authorisation matrix
 *   test runs every call, file route and relay topic as every kind of caller against these tables
 *   (apps/gateway/src/security/authorisation-matrix.test.ts at the gateway's door,
 *   authorisation-matrix-live.test.ts through the real mock provider). The root README's "Security" section
 *   says the same in words.
 * Free of zod (types only) so browser code can apply the predicates without the schema library.
 */
import type { Catalogue } from './catalogue/index.ts';
import type { RestCall, ServiceGroup } from './catalogue/types.ts';
import type { FileType } from './entities/file-type.ts';
import type { Role } from './entities/role.ts';
import type { ClientTopic } from './realtime/topics.ts';

/** The facts about a signed-in user the rules read (the token's claims plus the provider's room grants). */
export interface AccessViewer {
  id: number;
  event_code: string;
  roles: readonly Role[];
  /** Rooms granted to the user beyond the open ones (spec 01 §3 room_access). */
  room_access: readonly number[];
}

/** The facts about a room the rules read. */
export interface AccessRoom {
  id: number;
  event_code: string;
  active: boolean;
  /** Only granted users (room_access, a role in the room) and the event's managers may enter. */
  restricted: boolean;
}

const hasRole = (roles: readonly Role[], name: Role['role']): boolean => roles.some((r) => r.role === name);

/** True for an admin (every event). */
export const isAdminRoles = (roles: readonly Role[]): boolean => hasRole(roles, 'admin');

/** True when the viewer manages the event: an admin (any event) or an event-admin of that event. */
export function managesEvent(viewer: Pick<AccessViewer, 'event_code' | 'roles'>, eventCode: string): boolean {
  return (
    isAdminRoles(viewer.roles) || (viewer.event_code === eventCode && hasRole(viewer.roles, 'event-admin'))
  );
}

/**
 * Who may enter a room: the event's managers (also inactive rooms); otherwise a user of the room's event, when
 * the room is active and either open or granted to them (room_access, or a role scoped to the room such as
 * presenter). The same rule decides who reads and writes the room's chat (room-<id>), who sees who is in the
 * room (users in a room, the room filter of user lists, matching users) and who sees its meeting's instances.
 */
export function mayEnterRoom(viewer: AccessViewer, room: AccessRoom): boolean {
  if (managesEvent(viewer, room.event_code)) return true;
  if (viewer.event_code !== room.event_code || !room.active) return false;
  if (!room.restricted) return true;
  return viewer.room_access.includes(room.id) || viewer.roles.some((r) => r.room_id === room.id);
}

/** The prefix of a room's conversation id: the chat of room 5 is `room-5` (spec 02: a key containing 'room'). */
export const ROOM_CONVERSATION_PREFIX = 'room-';

/** The conversation id of a room's chat. */
export function roomConversationId(roomId: number): string {
  return `${ROOM_CONVERSATION_PREFIX}${roomId}`;
}

/**
 * The room whose chat a conversation id names (`room-5` → 5), else undefined. Whoever names a room's chat by
 * its conversation id is held to {@link mayEnterRoom} for that room, exactly as by the room's id.
 */
export function roomOfConversation(conversationId: string): number | undefined {
  const match = /^room-([1-9]\d{0,14})$/.exec(conversationId);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * The meeting a room's link names (spec 02 §7 "meeting id from room link"): the last segment of its path, e.g.
 * `talk-stage` for `https://meet.example/meeting/talk-stage`. Its instances are shown to whoever may enter a
 * room with that link; undefined when the link has no path.
 */
export function meetingIdOfLink(link: string): string | undefined {
  try {
    const last = new URL(link).pathname.split('/').filter(Boolean).at(-1);
    return last === undefined ? undefined : decodeURIComponent(last);
  } catch {
    return undefined;
  }
}

/**
 * Contact details of a user ({@link CONTACT_FIELDS}): the user's login name (their e-mail address), e-mail,
 * phone, webpage and LinkedIn. Shown to the user themself, to the managers of their event, and to a user
 * holding their business card, i.e. whose card request they allowed (spec 02 §4.2). Everyone else sees
 * `null` there (absent in lists); names, company, job title, picture and tags stay visible to the event.
 */
export const CONTACT_FIELDS = ['username', 'email', 'phone_number', 'webpage', 'linkedin'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export function mayViewContact(
  viewer: Pick<AccessViewer, 'id' | 'event_code' | 'roles'>,
  subject: { id: number; event_code: string },
  hasAllowedCard: boolean,
): boolean {
  return viewer.id === subject.id || managesEvent(viewer, subject.event_code) || hasAllowedCard;
}

/**
 * Files anyone may fetch without signing in: what the auth pages show (poster, SSO button images) and what
 * e-mails embed (e-mail assets). Every other type (user manual, store thumbnails, mini-map, slides, admin
 * help, banner) is for signed-in users of the file's event, like `content/download`.
 */
export const PUBLIC_FILE_TYPES = [
  'poster',
  'sso_button',
  'email_assets',
] as const satisfies readonly FileType[];

/** True when a file of `type` of `eventCode` may be sent to `viewer` (undefined: no valid token). */
export function mayReadFile(
  viewer: Pick<AccessViewer, 'event_code' | 'roles'> | undefined,
  type: string,
  eventCode: string,
): boolean {
  if ((PUBLIC_FILE_TYPES as readonly string[]).includes(type)) return true;
  return viewer !== undefined && (viewer.event_code === eventCode || isAdminRoles(viewer.roles));
}

/** Characters that browsers drop or reinterpret inside a URL (tab, newline, other controls) or as a slash. */
const URL_HAZARDS =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
  /[\u0000-\u0020\u007f-\u009f\\\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const SITE_BASE = 'https://showfloor.invalid';

/**
 * A path on the app's own origin, such as `/lobby` or `/room/3?x=1`: where an event admin may send clients
 * (`sessions_triggers` refresh url). It starts with one `/`, holds no whitespace, control character or
 * backslash anywhere (browsers drop tabs and newlines and read `\` as `/`, so `/\t/evil.test` would become
 * `//evil.test`), and resolves on the site's own origin.
 */
export function isSitePath(url: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//') || URL_HAZARDS.test(url)) return false;
  try {
    return new URL(url, SITE_BASE).origin === SITE_BASE;
  } catch {
    return false;
  }
}

/**
 * What an id-bearing input key may name, by caller. "Manager" means an event-admin of the event or an admin
 * (any event). Every key is also subject to the call's `auth` (public, user, manager).
 * - `public`: anyone, signed in or not (the event code of a login page, an event's open hours), or a key that
 *   names nothing of anyone's (a recruiting status, a stream's id at the media service).
 * - `self`: the caller themself; another id is refused (403).
 * - `self-or-manager`: the caller, or (managers) any user of an event they manage.
 * - `own-event`: the caller's own event (admins: any), by event code or (event/{id}) by id.
 * - `event-user`: a user of the caller's event (admins: any); others are not found.
 * - `event-record`: a record of the caller's event (FAQ, media, store item, content item, picture).
 * - `enterable-room`: a room the caller may enter ({@link mayEnterRoom}); its chat, its people, its meeting.
 * - `conversation`: a private, group or bot conversation the caller takes part in, or `room-<id>`, the chat of
 *   a room the caller may enter.
 * - `own-record`: something the caller made or holds (their message, a card they give or hold); managers may
 *   moderate their event's messages.
 * - `party`: of two keys marked so, one must be the caller (managers: any of their event).
 * - `managed`: an event, or a record of an event, the caller manages.
 * - `admin`: admins only.
 * - `file`: a file by type and event: {@link PUBLIC_FILE_TYPES} for anyone, others for the file's event.
 */
export type IdRule =
  | 'public'
  | 'self'
  | 'self-or-manager'
  | 'own-event'
  | 'event-user'
  | 'event-record'
  | 'enterable-room'
  | 'conversation'
  | 'own-record'
  | 'party'
  | 'managed'
  | 'admin'
  | 'file';

/** The rules of one call: one per id-bearing input key (an empty record when it names nothing). */
export type CallAccess = Readonly<Record<string, IdRule>>;

/**
 * Input keys that name a person, a thing or an event: `id`, `ids`, `sids`, `to`, `path`, `rule`, `event_code` and
 * every key ending in `_id`, `_ids` or `Id`. The matrix test fails when such a key has no rule here.
 */
export const ID_KEY_PATTERN = /^(id|ids|sids|to|path|rule|event_code)$|(_id|_ids|Id)$/;

/** The id-bearing keys of a call's input (params, query and body keys matching {@link ID_KEY_PATTERN}). */
export function idKeysOf(call: RestCall): string[] {
  const keys: string[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = call[part] as { shape?: Record<string, unknown> } | undefined;
    for (const key of Object.keys(schema?.shape ?? {})) if (ID_KEY_PATTERN.test(key)) keys.push(key);
  }
  return keys;
}

type AccessTable = { readonly [S in ServiceGroup]: { readonly [N in keyof Catalogue[S]]: CallAccess } };

/** The rule of every id-bearing input key of every call (see {@link IdRule}). */
export const CALL_ACCESS = {
  auth: {
    signin: { event_code: 'public' },
    signup: { event_code: 'public' },
    password: { event_code: 'public' },
    signout: {},
    deleteSession: { user_id: 'managed', event_code: 'own-event' },
    oauth2: { event_code: 'public' },
    oauth2Callback: { event_code: 'public' },
    providers: { event_code: 'public' },
    putAccess: { rule: 'managed' },
    getAccess: {},
    deleteAccess: { id: 'managed' },
    // A session id is a claim of its token: naming one means holding the token; the answer is only "over".
    sessionStatus: { sids: 'public' },
    jwks: {},
  },
  conversation: {
    getUserConversations: { id: 'self', room_id: 'enterable-room' },
    getConversation: { id: 'conversation' },
    listConversations: { room_id: 'enterable-room' },
    exportChats: { id: 'self' },
    getRoomConversation: { id: 'enterable-room' },
    deleteMessage: { id: 'own-record' },
    clearConversation: { id: 'managed' },
    markRead: { id: 'conversation' },
    sendMessage: {
      room_id: 'enterable-room',
      conversation_id: 'conversation',
      to: 'event-user',
      // The sender's own idempotency key: only ever matched against the sender's messages.
      client_id: 'own-record',
      // A card request or answer: a card the sender gives or holds.
      card_id: 'own-record',
    },
    getBotChat: {},
  },
  event: {
    createEvent: { event_code: 'admin' },
    updateEvent: { id: 'managed' },
    listEvents: {},
    getEvent: { id: 'public' },
    setOpenHours: { id: 'managed' },
    getOpenHours: { id: 'public' },
    loginFaqs: { event_code: 'public' },
    getEventFaqs: { id: 'own-event' },
    getFaq: { id: 'event-record' },
    contactHelpDesk: {},
    createPreference: { user_id: 'self', event_code: 'own-event' },
    updatePreference: { id: 'managed' },
    deletePreference: { id: 'managed' },
    getPreferences: { event_code: 'public' },
    createBot: { event_code: 'managed' },
    updateBot: { id: 'managed' },
    deleteBot: { id: 'managed' },
    sendEmail: { room_id: 'enterable-room', content_id: 'event-record' },
    getPassport: {},
    claimPassport: {},
    getStoreItems: {},
    purchase: { item_id: 'event-record' },
    // An achievement in a room counts only in a room the user may enter (0: none).
    recordAchievement: { room_id: 'enterable-room', content_id: 'event-record' },
  },
  businesscard: {
    requestCard: { user_id: 'event-user', requester_id: 'self' },
    getCardInfo: { ofId: 'party', toId: 'party' },
    updateCard: { id: 'own-record' },
    updateOwnCard: { id: 'self' },
    deleteCard: { id: 'own-record' },
    getUserCards: { id: 'self' },
    exportCards: { id: 'self' },
  },
  presentation: {
    getAgenda: { event_code: 'own-event', id: 'event-record' },
    createPresentation: { id: 'managed', presenter_ids: 'event-user' },
    updatePresentation: { id: 'managed', room_id: 'managed', presenter_ids: 'event-user' },
    deletePresentation: { id: 'managed' },
  },
  content: {
    listRooms: { event_code: 'own-event' },
    createRoom: { event_code: 'managed' },
    getLobby: { event_code: 'own-event' },
    getRoom: { id: 'enterable-room' },
    enterRoom: { id: 'enterable-room' },
    updateRoom: { id: 'managed' },
    deleteRoom: { id: 'managed' },
    getRoomContent: { id: 'enterable-room' },
    createRoomContent: { id: 'managed', media_id: 'managed' },
    updateRoomContent: { id: 'managed', contentId: 'managed', media_id: 'managed' },
    deleteRoomContent: { id: 'managed', contentId: 'managed' },
    copyRoomContent: { sourceRoomId: 'managed', targetRoomId: 'managed' },
    updateContentGroup: { room_id: 'managed' },
    getFile: { event_code: 'file' },
    uploadFile: { event_code: 'managed' },
    deleteFile: { event_code: 'managed' },
    download: { event_code: 'own-event' },
    getMedia: { id: 'event-record' },
    // external_id names the stream at the media service, not a record of ours.
    createMedia: { event_code: 'managed', external_id: 'public' },
    getRtmps: { media_id: 'managed' },
    getPoster: { event_code: 'public' },
    getBanner: { event_code: 'own-event' },
    uploadEmailAssets: { event_code: 'managed' },
    listDeactivatedRooms: { event_code: 'managed' },
    activateRoom: { room_id: 'managed' },
    validateContent: { id: 'managed' },
    exportContent: { id: 'managed' },
    getMiniMap: { event_code: 'own-event' },
    createMiniMapArea: { room_id: 'managed' },
    updateMiniMapArea: { id: 'managed', room_id: 'managed' },
    deleteMiniMapArea: { id: 'managed' },
  },
  user: {
    getMatchingUsers: { roomId: 'enterable-room', userId: 'event-user' },
    updateUser: { id: 'self' },
    activateUser: { user_id: 'managed' },
    deactivateUser: { user_id: 'self-or-manager' },
    listDeactivatedUsers: { event_code: 'managed' },
    createTags: { user_id: 'self' },
    deleteTag: { user_id: 'self' },
    getUser: { id: 'event-user' },
    listUsers: { event_code: 'own-event', room_id: 'enterable-room' },
    getSummary: { id: 'event-user' },
    getSummaries: { ids: 'event-user' },
    getEventUsers: { id: 'own-event' },
    getLoggedUsers: { event_code: 'own-event' },
    getRoomUsers: { id: 'enterable-room' },
    uploadPicture: { user_id: 'self' },
    replacePicture: { user_id: 'self' },
    deletePicture: { user_id: 'self' },
    getProfilePicture: { path: 'event-record' },
    updateTutorial: { user_id: 'self' },
    reportUser: { reportedId: 'event-user', reporterId: 'self', conversation_id: 'conversation' },
    decideReport: { id: 'managed' },
    listReportedUsers: {},
    importUsers: { event_code: 'managed' },
    exportUsers: { event_code: 'managed' },
    // status_id is one of the platform's recruiting statuses, the same for every event.
    setRecruitingStatus: { user_id: 'managed', event_code: 'own-event', status_id: 'public' },
    getRecruitingUserData: { id: 'managed' },
    updateRecruitingNotes: { id: 'managed' },
    getWallet: {},
  },
  database: {
    getAvatars: { event_code: 'own-event' },
    getMeetingInstances: { meeting_id: 'enterable-room' },
  },
} as const satisfies AccessTable;

/** The rules of one call. */
export function callAccess(service: ServiceGroup, name: string): CallAccess {
  const rules = (CALL_ACCESS as Record<ServiceGroup, Record<string, CallAccess>>)[service][name];
  if (!rules) throw new Error(`no access rules for ${service}.${name}`);
  return rules;
}

/** The input keys of a call under the given rules, e.g. every `self` key. */
export function keysWithRule(service: ServiceGroup, name: string, ...rules: IdRule[]): string[] {
  return Object.entries(callAccess(service, name))
    .filter(([, rule]) => rules.includes(rule))
    .map(([key]) => key);
}

/**
 * Who may emit a client topic of the relay (realtime/topics.ts CLIENT_TOPICS, and `chat`: the event's own
 * `chat_{event_code}`; a user emitting another event's chat topic is refused). Every topic needs a signed-in
 * socket (a valid token of a live session); what the payload names is then held to:
 * - `sender`: the payload's user is the sender; delivered no further than the sender's event (`call_answered`:
 *   the sender's own other tabs only).
 * - `enterable-room`: the payload's user is the sender and its room one they may enter ({@link mayEnterRoom});
 *   delivered to that room. `user_player_events` 'mute' is also `manager`; an achievement also names the
 *   sender's own event.
 * - `manager`: only a manager of the sender's event (event-admin, admin), to users of that event, one of its
 *   rooms or all of it. `user_events` is one: it goes to every tab of the event, and neither the spec's client
 *   (spec 01 §7 "Emitted") nor the web app sends it, so a visitor may not (one visitor could otherwise order a
 *   write to every tab of the event per emit); its payload's user is still the sender.
 * - `conversation`: a conversation the sender takes part in, or `room-<id>` of a room they may enter; a private
 *   message only to users of the sender's event.
 * - `self`: a read of what is meant for the sender's own tab (`announcements_catch_up`, `access_catch_up`,
 *   `refreshes_catch_up`): the payload names nobody; the handler takes the user, event and room from the socket
 *   (the token and the relay's own room check).
 * Server-only names (`user_access_change`, `logout`, `refresh`, ...) are refused from clients.
 */
export type TopicRule = 'sender' | 'enterable-room' | 'manager' | 'conversation' | 'self';

/** The rule of every client topic (see {@link TopicRule}); the relay's handlers enforce it. */
export const TOPIC_ACCESS = {
  user_events: 'manager',
  user_status_changes: 'sender',
  user_scene_events: 'enterable-room',
  user_room_events: 'enterable-room',
  user_player_events: 'enterable-room',
  user_achievement_events: 'enterable-room',
  view_content: 'enterable-room',
  sessions_triggers: 'manager',
  announcements: 'manager',
  call_answered: 'sender',
  catch_up: 'conversation',
  announcements_catch_up: 'self',
  access_catch_up: 'self',
  refreshes_catch_up: 'self',
  chat: 'conversation',
} as const satisfies Readonly<Record<ClientTopic | 'chat', TopicRule>>;
