/**
 * The mock provider's internal records. They hold what the backend keeps (password hashes, sessions, the
 * owner of a card...); the answers are shaped from them by the contracts' schemas in the route handlers.
 */
import type { TokenClaims } from '@showfloor/contracts';

export type RoleName = 'visitor' | 'exhibitor' | 'event-admin' | 'admin' | 'presenter';
export interface RoleGrant {
  role: RoleName;
  room_id?: number;
  mode?: string;
}
export type TagType = 'interest' | 'skill';
export interface TagRecord {
  tag_name: string;
  type: TagType;
}

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
  status: 'available' | 'busy' | 'offline';
  /** ms since epoch; null until the first sign-in. */
  last_login: number | null;
  breakout_group: string | null;
  /** Room ids the user may enter besides the public ones. */
  room_access: number[];
  screen_access_rights: string[];
  avatar_id: number | null;
  tutorial_done: boolean;
  /** Recruiting status per event-admin? No: one status per candidate, set by the recruiter. */
  recruiting_status_id: number | null;
  /** Notes recruiters wrote about this candidate. */
  recruiting_notes: string;
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
}

export interface OpenHours {
  from_timestamp: number;
  to_timestamp: number;
}

export interface EventRecord {
  id: number;
  code: string;
  name: string;
  mode: string;
  description: string;
  access_code: string | null;
  open_hours: OpenHours[];
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
}

export interface PreferenceRecord {
  id: number;
  event_code: string;
  name: string;
  value: string;
  category: string;
  /** A user's own preference (exit survey answer, avatar choice); null for the event's. */
  user_id: number | null;
  room_id: number | null;
}

export interface AccessRuleRecord {
  id: number;
  type: 'action' | 'screen' | 'role';
  event_code: string;
  data: Record<string, unknown>;
}

export interface RoomContentRecord {
  id: number;
  type: string;
  media_id: number | null;
  file: string | null;
  render_in_3d: boolean;
  attributes: Record<string, unknown>;
  group: string | null;
  active: boolean;
}

export interface RoomRecord {
  id: number;
  event_code: string;
  name: string;
  link: string;
  type: string;
  active: boolean;
  is_lobby: boolean;
  content: RoomContentRecord[];
}

export interface MediaRecord {
  id: number;
  event_code: string;
  type: 'stream' | 'video' | 'audio';
  external_id: string;
  external_link: string;
  name: string;
}

export interface FileRecord {
  type: string;
  event_code: string;
  filename: string;
  content_type: string;
  data: Buffer;
}

export interface MiniMapArea {
  room_id: number;
  shape: 'rect' | 'circle' | 'poly';
  coords: number[];
}
export interface MiniMapRecord {
  event_code: string;
  width: number;
  height: number;
  filename: string;
  areas: MiniMapArea[];
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
  token_id: number;
  user_id: number;
  hotspot_label: string;
  access_code: string;
}

export interface AgendaRecord {
  id: number;
  event_code: string;
  room_id: number;
  presenter_id: number | null;
  title: string;
  description: string;
  start: number;
  end: number;
}

export interface BotRecord {
  id: number;
  event_code: string;
  name: string;
  greeting: string;
  /** Scripted answers: the first rule whose keyword occurs in the message answers. */
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
  status: 'open' | 'accepted' | 'rejected';
  validationNotes: string | null;
  created_at: number;
}

export interface RecruitingStatusRecord {
  id: number;
  name: string;
}

export interface MessageRecord {
  id: string;
  conversation: string;
  seq: number;
  client_id: string | null;
  type: 'text' | 'video' | 'audio';
  action: string;
  message: string;
  from: number;
  to: number[];
  timestamp: number;
  room: { id: number; name: string } | null;
  bot: string | null;
  cards: unknown;
  token: string | null;
}

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
  message: string;
  at: number;
}

export interface EmailRecord {
  id: number;
  user_id: number;
  payload: unknown;
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
