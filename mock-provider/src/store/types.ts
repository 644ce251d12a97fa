/**
 * The mock provider's internal records. They hold what the backend keeps (password hashes, sessions, the
 * owner of a card...); the answers are shaped from them by the contracts' schemas in the route handlers.
 */
import type {
  AccessRule,
  AgendaEntry,
  Bot,
  ChatMessage,
  LoginPreferenceValue,
  Media,
  MiniMapShape,
  PreferenceName,
  Role,
  Room,
  SessionEndReason,
  RoomContentItem,
  Tag,
  TokenClaims,
  UserStatus,
} from '@showfloor/contracts';

export type RoleGrant = Role;
/** The ways a live session is ended on purpose (expiry and unknown sessions are not revocations). */
export type RevokeReason = Exclude<SessionEndReason, 'expired' | 'unknown'>;
export type TagRecord = Tag;

export interface UserRecord {
  id: number;
  event_code: string;
  username: string;
  email: string;
  passwordHash: string;
  firstname: string;
  lastname: string;
  company: string;
  job_title: string;
  phone_number: string;
  webpage: string;
  linkedin: string;
  personal_quote: string;
  /** File path of the uploaded picture, or null. */
  profile_picture: string | null;
  roles: RoleGrant[];
  active: boolean;
  tags: TagRecord[];
  status: UserStatus;
  /** ms since epoch; null until the first sign-in. */
  last_login: number | null;
  breakout_group: string | null;
  /** Room ids the user may enter besides the public ones. */
  room_access: number[];
  screen_access_rights: string[];
  avatar_id: number | null;
  tutorial_done: boolean;
  /** The candidate's recruiting status (set by a recruiter of the event). */
  recruiting_status_id: number | null;
  /** Each recruiter's own notes on this candidate, by the recruiter's user id. */
  recruiting_notes: Record<string, string>;
  /** The room the user entered last (lobby or room read), for the room's user list. */
  current_room_id: number | null;
  /** Passport: ids of completed badges. */
  completed_badges: number[];
  coins_spent: number;
  passport_claimed: boolean;
}

export interface SessionRecord {
  sid: string;
  user_id: number;
  event_code: string;
  created_at: number;
  expires_at: number;
  revoked: boolean;
  /**
   * How a revoked session ended (POST auth/sessions/status answers it); absent on a session revoked before it
   * was recorded (a state file of an older build), whose answer then says nothing of how.
   */
  ended_by?: RevokeReason;
  /** A sign-up's session is replaced by the next sign-in without force_login. */
  origin: 'signin' | 'signup' | 'sso';
}

export interface EventRecord {
  id: number;
  code: string;
  name: string;
  mode: string;
  description: string;
  access_code: string | null;
  /** Names of the SSO providers the event offers. */
  providers: string[];
  user_pass_login: boolean;
}

export interface SsoProviderRecord {
  name: string;
  button_text: string;
  button_description: string;
  button_filename: string;
  button_attributes: Record<string, string>;
  hover_attributes: Record<string, string>;
  /** Colour of the generated button image. */
  colour: readonly [number, number, number];
}

export interface PreferenceRecord {
  id: number;
  event_code: string;
  name: PreferenceName;
  /** Text, or the 'login' preference's open hours. */
  value: string | LoginPreferenceValue;
  category: string | null;
  /** A user's own preference (exit survey answer, avatar choice); null for the event's. */
  user_id: number | null;
  /** A room-level override of the event's value. */
  room_id: number | null;
}

/** A stored access rule (always with its id). */
export type AccessRuleRecord = AccessRule & { id: number };

export type RoomContentRecord = RoomContentItem;

export interface RoomRecord extends Room {
  /** Only users with the room in room_access (and managers) may enter. */
  restricted: boolean;
}

export type MediaRecord = Media;

export interface FileRecord {
  type: string;
  event_code: string;
  filename: string;
  content_type: string;
  data: Buffer;
}

export interface MiniMapAreaRecord {
  id: number;
  event_code: string;
  room_id: number;
  shape: MiniMapShape;
  coords: string;
}
export interface MiniMapRecord {
  event_code: string;
  width: number;
  height: number;
  filename: string;
}

export interface RoomInstanceRecord {
  meeting_id: string;
  max_users: number;
  instances: Array<{ instance: string; breakout_group: string | null; users: number }>;
}

export interface FaqRecord {
  id: number;
  event_code: string;
  category: string;
  question: string;
  answer: string;
  faq_order: number;
}

export interface BadgeRecord {
  id: number;
  event_code: string;
  title: string;
  description: string;
  coin_value: number | null;
  /** The achievement attributes (content items' achievementAction, room pages' badges) that complete it. */
  achievement_attributes: string[];
}

export interface StoreItemRecord {
  id: number;
  event_code: string;
  name: string;
  description: string;
  coin_price: number;
  filename: string;
}

export interface PurchaseRecord {
  id: number;
  user_id: number;
  item_id: number;
  coin_price: number;
  at: number;
}

export interface WalletTokenRecord {
  token_id: string;
  user_id: number;
  hotspot_label: string;
  access_code: string;
}

export type AgendaRecord = AgendaEntry;

export interface BotRecord extends Bot {
  /** Scripted answers: the first rule with a keyword in the message answers. */
  rules: Array<{ keywords: string[]; answer: string }>;
  fallback: string;
}

export interface AvatarRecord {
  id: number;
  /** null: offered to every event. */
  event_code: string | null;
  name: string;
  thumbnail: string;
  is_default: boolean;
}

export interface CardRecord {
  card_id: number;
  /** Whose card it is. */
  owner_id: number;
  /** Who asked to see it. */
  requester_id: number;
  approved: boolean | null;
  notes: string;
  created_at: number;
}

export interface ReportRecord {
  id: number;
  event_code: string;
  reported_user_id: number;
  reported_by_user_id: number;
  summary: string | null;
  /** The conversation it was reported from, if any. */
  conversation_id: string | null;
  status: 'open' | 'accepted' | 'rejected';
  validationNotes: string | null;
  created_at: number;
}

export interface RecruitingStatusRecord {
  id: number;
  name: string;
}

/** A stored message: the contracts' ChatMessage with its seq, plus when it was stored (ms). */
export type MessageRecord = ChatMessage & { seq: number; at: number };

export interface ConversationRecord {
  id: string;
  event_code: string;
  kind: 'private' | 'group' | 'room' | 'bot';
  participants: number[];
  room_id: number | null;
  bot: string | null;
  messages: MessageRecord[];
  next_seq: number;
  /** Last seq each participant read. */
  read_seq: Map<number, number>;
}

export interface HelpRequestRecord {
  id: number;
  user_id: number;
  phoneNumber: string;
  /** The address the asker wants the answer at. */
  email: string;
  message: string;
  at: number;
}

/** An e-mail the provider sent (content e-mails go to the clicking user's own address only). */
export interface EmailRecord {
  id: number;
  user_id: number;
  to: string;
  subject: string;
  body: string;
  content_id: number;
  at: number;
}

/** An enter_room the relay recorded (content.enterRoom). */
export interface RoomEntryRecord {
  user_id: number;
  room_id: number;
  at: number;
}

/** The verified caller of a non-public call. */
export interface Caller {
  user: UserRecord;
  claims: TokenClaims;
  session: SessionRecord;
  /** admin anywhere, or event-admin of the caller's event. */
  isManager: boolean;
}

/** An authorisation code issued by the built-in fake identity page. */
export interface OAuthCodeRecord {
  code: string;
  provider: string;
  email: string;
  firstname: string;
  lastname: string;
  expires_at: number;
  used: boolean;
}

/** Lets an OAuth2 sign-in be retried (e.g. with an access code) after the one-time code was spent. */
export interface RetryTokenRecord {
  token: string;
  provider: string;
  email: string;
  firstname: string;
  lastname: string;
  expires_at: number;
}

export interface PasswordResetRecord {
  user_id: number;
  at: number;
}
