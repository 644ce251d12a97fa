/**
 * The mock provider's state: every collection the backend keeps, in memory for the life of the process, and
 * `reset()` back to the demo fixture. Lookups that several services share live here; call behaviour lives in
 * the route handlers.
 */
import { isEventOpen, PRIVATE_CHAT_RETENTION_MS, type OpenHours } from '@showfloor/contracts';
import { buildFixture, type FixtureOptions } from '../fixtures/demo.ts';
import type {
  AccessRuleRecord,
  AgendaRecord,
  AvatarRecord,
  BadgeRecord,
  BotRecord,
  CardRecord,
  ConversationRecord,
  EmailRecord,
  RoomEntryRecord,
  EventRecord,
  FaqRecord,
  FileRecord,
  HelpRequestRecord,
  MediaRecord,
  MessageRecord,
  MiniMapAreaRecord,
  MiniMapRecord,
  OAuthCodeRecord,
  PasswordResetRecord,
  PreferenceRecord,
  PurchaseRecord,
  RecruitingStatusRecord,
  ReportRecord,
  RetryTokenRecord,
  RevokeReason,
  RoomContentRecord,
  RoomInstanceRecord,
  RoomRecord,
  SessionRecord,
  SsoProviderRecord,
  StoreItemRecord,
  UserRecord,
  WalletTokenRecord,
} from './types.ts';

/** Every collection of the state; the fixture builds one of these. */
export interface StateData {
  events: Map<number, EventRecord>;
  users: Map<number, UserRecord>;
  sessions: Map<string, SessionRecord>;
  ssoProviders: Map<string, SsoProviderRecord>;
  preferences: Map<number, PreferenceRecord>;
  accessRules: Map<number, AccessRuleRecord>;
  rooms: Map<number, RoomRecord>;
  roomContent: Map<number, RoomContentRecord>;
  /** `${room_id}:${group name}` -> active. */
  contentGroups: Map<string, boolean>;
  media: Map<number, MediaRecord>;
  /** `${type}/${event_code}/${filename}` -> file. */
  files: Map<string, FileRecord>;
  miniMaps: Map<string, MiniMapRecord>;
  miniMapAreas: Map<number, MiniMapAreaRecord>;
  meetings: Map<string, RoomInstanceRecord>;
  faqs: Map<number, FaqRecord>;
  badges: Map<number, BadgeRecord>;
  storeItems: Map<number, StoreItemRecord>;
  purchases: PurchaseRecord[];
  walletTokens: WalletTokenRecord[];
  agenda: Map<number, AgendaRecord>;
  bots: Map<number, BotRecord>;
  avatars: Map<number, AvatarRecord>;
  cards: Map<number, CardRecord>;
  reports: Map<number, ReportRecord>;
  recruitingStatuses: RecruitingStatusRecord[];
  conversations: Map<string, ConversationRecord>;
  /** message id -> conversation id. */
  messageIndex: Map<string, string>;
  /** `${sender}:${client_id}` -> message id (idempotent sends). */
  clientIds: Map<string, string>;
  helpRequests: HelpRequestRecord[];
  emails: EmailRecord[];
  /** Every enter_room the relay recorded, in order. */
  roomEntries: RoomEntryRecord[];
  oauthCodes: Map<string, OAuthCodeRecord>;
  retryTokens: Map<string, RetryTokenRecord>;
  passwordResets: PasswordResetRecord[];
  /** Next id per kind. */
  counters: Map<string, number>;
}

/** The names of every collection (a test checks this list against a fixture's keys). */
export const STATE_KEYS = [
  'events',
  'users',
  'sessions',
  'ssoProviders',
  'preferences',
  'accessRules',
  'rooms',
  'roomContent',
  'contentGroups',
  'media',
  'files',
  'miniMaps',
  'miniMapAreas',
  'meetings',
  'faqs',
  'badges',
  'storeItems',
  'purchases',
  'walletTokens',
  'agenda',
  'bots',
  'avatars',
  'cards',
  'reports',
  'recruitingStatuses',
  'conversations',
  'messageIndex',
  'clientIds',
  'helpRequests',
  'emails',
  'roomEntries',
  'oauthCodes',
  'retryTokens',
  'passwordResets',
  'counters',
] as const satisfies ReadonlyArray<keyof StateData>;

/** The file key of the files map. */
export const fileKey = (type: string, eventCode: string, filename: string): string =>
  `${type}/${eventCode}/${filename}`;

export class ProviderState implements StateData {
  events!: StateData['events'];
  users!: StateData['users'];
  sessions!: StateData['sessions'];
  ssoProviders!: StateData['ssoProviders'];
  preferences!: StateData['preferences'];
  accessRules!: StateData['accessRules'];
  rooms!: StateData['rooms'];
  roomContent!: StateData['roomContent'];
  contentGroups!: StateData['contentGroups'];
  media!: StateData['media'];
  files!: StateData['files'];
  miniMaps!: StateData['miniMaps'];
  miniMapAreas!: StateData['miniMapAreas'];
  meetings!: StateData['meetings'];
  faqs!: StateData['faqs'];
  badges!: StateData['badges'];
  storeItems!: StateData['storeItems'];
  purchases!: StateData['purchases'];
  walletTokens!: StateData['walletTokens'];
  agenda!: StateData['agenda'];
  bots!: StateData['bots'];
  avatars!: StateData['avatars'];
  cards!: StateData['cards'];
  reports!: StateData['reports'];
  recruitingStatuses!: StateData['recruitingStatuses'];
  conversations!: StateData['conversations'];
  messageIndex!: StateData['messageIndex'];
  clientIds!: StateData['clientIds'];
  helpRequests!: StateData['helpRequests'];
  emails!: StateData['emails'];
  roomEntries!: StateData['roomEntries'];
  oauthCodes!: StateData['oauthCodes'];
  retryTokens!: StateData['retryTokens'];
  passwordResets!: StateData['passwordResets'];
  counters!: StateData['counters'];

  /**
   * @param now the clock every rule reads (injectable so tests can move time).
   * @param fixture how the demo fixture is built (where its room pages are served).
   */
  constructor(
    readonly now: () => number,
    readonly fixture: FixtureOptions = {},
  ) {
    this.reset();
  }

  /**
   * Restores the demo fixture (sessions, messages and every change are dropped). Ids handed out before stay
   * taken, as a real backend's would: a message, conversation or card made after the reset never gets the id
   * of one made before it (clients and the relay remember delivered message ids for minutes).
   */
  reset(): void {
    const issued = this.counters;
    Object.assign(this, buildFixture(this.now(), this.fixture));
    if (!issued) return;
    for (const [kind, next] of issued)
      if (next > (this.counters.get(kind) ?? 0)) this.counters.set(kind, next);
  }

  /**
   * Takes every collection from a saved state (see `store/snapshot.ts`); a collection the saved state predates
   * keeps the fixture's (empty) one.
   */
  restore(data: StateData): void {
    Object.assign(this, data);
  }

  /** Every collection, for saving. */
  data(): StateData {
    return Object.fromEntries(STATE_KEYS.map((key) => [key, this[key]])) as unknown as StateData;
  }

  /** A new id of a kind (users, rooms, ...), above every fixture id. */
  nextId(kind: string): number {
    const next = this.counters.get(kind) ?? 1000;
    this.counters.set(kind, next + 1);
    return next;
  }

  eventByCode(code: string): EventRecord | undefined {
    const wanted = code.trim().toUpperCase();
    for (const event of this.events.values()) if (event.code.toUpperCase() === wanted) return event;
    return undefined;
  }

  /** An event by numeric id (as text) or event code. */
  eventByKey(key: string): EventRecord | undefined {
    return /^\d+$/.test(key) ? this.events.get(Number(key)) : this.eventByCode(key);
  }

  /** The user of an event with this e-mail (login name), case-insensitive. */
  userByEmail(eventCode: string, email: string): UserRecord | undefined {
    const wanted = email.trim().toLowerCase();
    for (const user of this.users.values())
      if (user.event_code === eventCode && user.username.toLowerCase() === wanted) return user;
    return undefined;
  }

  usersOfEvent(eventCode: string): UserRecord[] {
    return [...this.users.values()].filter((u) => u.event_code === eventCode);
  }

  /** The event-level preference of a name (room override first when a room is given). */
  preference(eventCode: string, name: string, roomId?: number): PreferenceRecord | undefined {
    let eventLevel: PreferenceRecord | undefined;
    for (const pref of this.preferences.values()) {
      if (pref.event_code !== eventCode || pref.name !== name || pref.user_id !== null) continue;
      if (roomId !== undefined && pref.room_id === roomId) return pref;
      if (pref.room_id === null) eventLevel = pref;
    }
    return eventLevel;
  }

  /** A text preference's value ('' when unset or not text). */
  preferenceText(eventCode: string, name: string): string {
    const value = this.preference(eventCode, name)?.value;
    return typeof value === 'string' ? value : '';
  }

  /** The event's open hours, kept in its 'login' preference (spec 01 §3). */
  openHours(eventCode: string): OpenHours[] {
    const value = this.preference(eventCode, 'login')?.value;
    return typeof value === 'object' ? value.event_open_hours : [];
  }

  isOpen(eventCode: string): boolean {
    return isEventOpen(this.openHours(eventCode), this.now());
  }

  /** Sessions of a user that still count: not revoked, not expired. */
  liveSessions(userId: number): SessionRecord[] {
    const now = this.now();
    return [...this.sessions.values()].filter(
      (s) => s.user_id === userId && !s.revoked && s.expires_at > now,
    );
  }

  /**
   * Ends the live sessions `predicate` picks, recording how (`reason`, answered by auth.sessionStatus). A session
   * already over (revoked, or expired) keeps the way it ended first.
   */
  revokeSessions(predicate: (session: SessionRecord) => boolean, reason: RevokeReason): number {
    const now = this.now();
    let count = 0;
    for (const session of this.sessions.values()) {
      if (!session.revoked && session.expires_at > now && predicate(session)) {
        session.revoked = true;
        session.ended_by = reason;
        count += 1;
      }
    }
    return count;
  }

  file(type: string, eventCode: string, filename: string): FileRecord | undefined {
    return this.files.get(fileKey(type, eventCode, filename));
  }

  putFile(file: FileRecord): void {
    this.files.set(fileKey(file.type, file.event_code, file.filename), file);
  }

  /** Drops private and group messages older than the retention period (spec 02 §9: 10 days). */
  purgeExpiredMessages(): void {
    const cutoff = this.now() - PRIVATE_CHAT_RETENTION_MS;
    for (const conversation of this.conversations.values()) {
      if (conversation.kind !== 'private' && conversation.kind !== 'group') continue;
      if (conversation.messages.length === 0 || (conversation.messages[0]?.at ?? cutoff) >= cutoff) continue;
      const kept: MessageRecord[] = [];
      for (const message of conversation.messages) {
        if (message.at >= cutoff) kept.push(message);
        else this.forgetMessage(message);
      }
      conversation.messages = kept;
    }
  }

  /** Removes a message from the indexes (not from its conversation). */
  forgetMessage(message: MessageRecord): void {
    this.messageIndex.delete(message.id);
    if (message.client_id) this.clientIds.delete(`${message.from}:${message.client_id}`);
  }
}
