/**
 * The catalogue held against a checked list of every call the two spec documents name, typed by hand from
 * spec 01 §7 and spec 02 §7 (paths inside their service group, `{id}` written `:id`). Method '*' marks the
 * items whose method the spec does not show ("Exact methods ... are not shown"): any method will do.
 */
import { describe, expect, it } from 'vitest';
import { type HttpMethod, type ServiceGroup, listCalls } from '../src/index.ts';

type SpecCall = readonly [HttpMethod | '*', string, ServiceGroup];

/** Spec 01 §7, row by row. */
const SPEC_01_CALLS: readonly SpecCall[] = [
  // Auth
  ['POST', '/signin', 'auth'],
  ['POST', '/signup', 'auth'],
  ['POST', '/password', 'auth'],
  ['GET', '/signout', 'auth'],
  ['DELETE', '/session', 'auth'],
  ['GET', '/oauth2', 'auth'],
  ['POST', '/callback/oauth2', 'auth'],
  ['GET', '/providers', 'auth'],
  ['PUT', '/access', 'auth'],
  ['GET', '/access', 'auth'],
  ['DELETE', '/access', 'auth'],
  // Conversation
  ['GET', '/conversations/user/:id', 'conversation'],
  ['GET', '/conversations/:id', 'conversation'],
  ['GET', '/conversations', 'conversation'],
  ['GET', '/user/:id/chats/all', 'conversation'],
  ['GET', '/conversations/rooms/:id', 'conversation'],
  ['DELETE', '/conversations/messages/:id', 'conversation'],
  ['DELETE', '/conversations/:id/messages', 'conversation'],
  ['POST', '/conversations/messages', 'conversation'],
  ['POST', '/bot-chat/all', 'conversation'],
  // Event
  ['POST', '/event', 'event'],
  ['PATCH', '/event/:id', 'event'],
  ['GET', '/events', 'event'],
  ['POST', '/event/:id/openhours', 'event'],
  ['GET', '/event/:id/openhours', 'event'],
  ['POST', '/faqs', 'event'],
  ['GET', '/faqs/event/:id', 'event'],
  ['GET', '/faqs/:id', 'event'],
  ['POST', '/help', 'event'],
  ['POST', '/preference', 'event'],
  ['PATCH', '/preference/:id', 'event'],
  ['DELETE', '/preference/:id', 'event'],
  ['GET', '/preference', 'event'],
  ['POST', '/bot', 'event'],
  ['PATCH', '/bot', 'event'],
  ['DELETE', '/bot', 'event'],
  ['POST', '/email', 'event'],
  ['GET', '/passport', 'event'],
  ['PATCH', '/passport', 'event'],
  ['GET', '/store/items', 'event'],
  ['POST', '/store/purchase', 'event'],
  // Business cards
  ['POST', '/businesscard', 'businesscard'],
  ['GET', '/businesscard/of/:id/to/:id', 'businesscard'],
  ['PATCH', '/businesscard/:id', 'businesscard'],
  ['PATCH', '/businesscard/of/:id', 'businesscard'],
  ['DELETE', '/businesscard/:id', 'businesscard'],
  ['GET', '/businesscards/user/:id', 'businesscard'],
  ['GET', '/user/:id/businesscards/all', 'businesscard'],
  // Agenda (presentation service)
  ['GET', '/agenda', 'presentation'],
  ['POST', '/agenda/rooms/:id', 'presentation'],
  ['PATCH', '/agenda/presentation/:id', 'presentation'],
  ['DELETE', '/agenda/presentation/:id', 'presentation'],
  // Content
  ['GET', '/rooms', 'content'],
  ['POST', '/rooms', 'content'],
  ['*', '/rooms/lobby', 'content'],
  ['GET', '/rooms/:id', 'content'],
  ['PATCH', '/rooms/:id', 'content'],
  ['DELETE', '/rooms/:id', 'content'],
  ['GET', '/rooms/:id/content', 'content'],
  ['POST', '/rooms/:id/content', 'content'],
  ['PATCH', '/rooms/:id/content/:id', 'content'],
  ['DELETE', '/rooms/:id/content/:id', 'content'],
  ['POST', '/rooms/content', 'content'],
  ['PATCH', '/content-group', 'content'],
  ['*', '/files', 'content'],
  ['*', '/download', 'content'],
  ['*', '/media', 'content'],
  ['*', '/rtmps', 'content'],
  ['*', '/poster', 'content'],
  ['*', '/banner', 'content'],
  ['*', '/emailAssets', 'content'],
  ['*', '/rooms/deactivated', 'content'],
  ['*', '/activate', 'content'],
  ['*', '/validate-content/event/:id', 'content'],
  ['*', '/export-content/event/:id', 'content'],
  ['*', '/mini-map', 'content'],
  // User
  ['*', '/users/matching/room/:id/user/:id', 'user'],
  ['PATCH', '/user/:id', 'user'],
  ['*', '/activate', 'user'],
  ['*', '/deactivate', 'user'],
  ['*', '/users/deactivated', 'user'],
  ['POST', '/tags', 'user'],
  ['DELETE', '/tags', 'user'],
  ['GET', '/user/:id', 'user'],
  ['*', '/users', 'user'],
  ['*', '/summary/:id', 'user'], // "summary" by id (spec 02 §7 "summary by id")
  ['*', '/users/summary', 'user'],
  ['*', '/users/event/:id', 'user'],
  ['*', '/logged', 'user'],
  ['*', '/users/room/:id', 'user'],
  ['POST', '/picture', 'user'],
  ['PATCH', '/picture', 'user'],
  ['DELETE', '/picture', 'user'],
  ['*', '/profilepicture', 'user'],
  ['*', '/updateTutorial', 'user'],
  ['*', '/report', 'user'],
  ['*', '/reported-users', 'user'],
  ['*', '/importusers', 'user'],
  ['*', '/export-users', 'user'],
  ['*', '/recruitingstatus', 'user'],
  ['*', '/dashboard/:id', 'user'], // "dashboard": recruiting user data by id (spec 02 §7)
  ['*', '/wallet', 'user'],
  // Collaboration backend (/api/database)
  ['GET', '/avatars', 'database'],
  ['GET', '/meeting/instances', 'database'],
];

/** Spec 02 §7 names calls by purpose; each is the catalogue call it maps onto. */
const SPEC_02_CALLS: Readonly<Record<string, SpecCall>> = {
  'Business card info (user id, other user id)': ['GET', '/businesscard/of/:id/to/:id', 'businesscard'],
  'Edit business card notes (card_id, note, approved)': ['PATCH', '/businesscard/:id', 'businesscard'],
  'Report user (reportedId, reporterId)': ['POST', '/report', 'user'],
  'Logged users in event (event_code, role visitor)': ['GET', '/logged', 'user'],
  'Conversation messages (conversationId, page_state)': ['GET', '/conversations/:id', 'conversation'],
  'Create tag': ['POST', '/tags', 'user'],
  'Delete tag': ['DELETE', '/tags', 'user'],
  'Sign out': ['GET', '/signout', 'auth'],
  'Change password': ['POST', '/password', 'auth'],
  'Post preference (exit survey answer, avatar choice)': ['POST', '/preference', 'event'],
  'Get rooms (event_rooms)': ['GET', '/rooms', 'content'],
  'Download all private chats for a user': ['GET', '/user/:id/chats/all', 'conversation'],
  'Edit user by id': ['PATCH', '/user/:id', 'user'],
  'Get user by id': ['GET', '/user/:id', 'user'],
  'Deactivate user by id': ['PATCH', '/deactivate', 'user'],
  'Patch user picture': ['PATCH', '/picture', 'user'],
  'Delete user picture': ['DELETE', '/picture', 'user'],
  'Get avatars': ['GET', '/avatars', 'database'],
  'Passport: get': ['GET', '/passport', 'event'],
  'Passport: claim': ['PATCH', '/passport', 'event'],
  'Store: get items': ['GET', '/store/items', 'event'],
  'Store: purchase (item id, coin_price)': ['POST', '/store/purchase', 'event'],
  'Thumbnail (type store_thumbnail, event code, filename)': ['GET', '/files', 'content'],
  'Mini-map (event code)': ['GET', '/mini-map', 'content'],
  'Mini-map file (type mini_map)': ['GET', '/files', 'content'],
  'Business card service: all cards for a user': ['GET', '/businesscards/user/:id', 'businesscard'],
  'Business card service: delete by card_id': ['DELETE', '/businesscard/:id', 'businesscard'],
  'Business card service: check approved': ['GET', '/businesscard/of/:id/to/:id', 'businesscard'],
  'Business card service: send request (target id, own id)': ['POST', '/businesscard', 'businesscard'],
  'User service: summary by id': ['GET', '/summary/:id', 'user'],
  'User service: profile picture by path': ['GET', '/profilepicture', 'user'],
  'User service: recruiting user data by id': ['GET', '/dashboard/:id', 'user'],
  'User service: patch recruiting status (user id, status id, event code)': [
    'PATCH',
    '/recruitingstatus',
    'user',
  ],
  'User service: wallet (tokens)': ['GET', '/wallet', 'user'],
  'Help: FAQs (frontend visitor, event_code)': ['POST', '/faqs', 'event'],
  'Help: user manual (PDF)': ['GET', '/files', 'content'],
  'Help: contact help desk (phone, text)': ['POST', '/help', 'event'],
  'Help: email create': ['POST', '/email', 'event'],
  'Room instances (meeting id, breakout_group)': ['GET', '/meeting/instances', 'database'],
  'Content: room or lobby': ['GET', '/rooms/lobby', 'content'],
  'Content: all content by room': ['GET', '/rooms/:id/content', 'content'],
  'Content: media by id': ['GET', '/media/:id', 'content'],
};

/**
 * Catalogue entries the spec does not list, each added on purpose: the JWKS (TEAM.md), and the natural
 * companions of listed calls (reading media by id, moderating reports, editing mini-map areas by id, marking a conversation read, recording an achievement event).
 */
const ADDITIONS: readonly SpecCall[] = [
  ['GET', '/jwks', 'auth'],
  ['POST', '/sessions/status', 'auth'], // issue 10: sessions ended at the provider leave the relay too
  ['GET', '/media/:id', 'content'],
  ['PATCH', '/mini-map/:id', 'content'],
  ['DELETE', '/mini-map/:id', 'content'],
  ['PATCH', '/report/:id', 'user'],
  ['POST', '/conversations/:id/read', 'conversation'], // spec 02 §4.3 "marked read when at the bottom"
  ['POST', '/passport/achievements', 'event'], // spec 01 §7 achievement events reach the passport
  ['POST', '/rooms/:id/entries', 'content'], // spec 02 §7 enter_room reaches the provider (who is where)
  ['GET', '/event/:id', 'event'], // issue 12: the header, the auth pages and /info name the event
];

/** Path parameter names are the catalogue's choice; compare shapes only. */
const shape = (path: string): string => path.replace(/:[A-Za-z_]\w*/g, ':param');
const entries = listCalls();
const matches = (spec: SpecCall, e: (typeof entries)[number]): boolean =>
  e.call.service === spec[2] &&
  shape(e.call.path) === shape(spec[1]) &&
  (spec[0] === '*' || e.call.method === spec[0]);
const label = (spec: SpecCall): string => `${spec[0]} ${spec[2]} ${spec[1]}`;

describe('the catalogue against the spec', () => {
  it('contains every call of spec 01 §7', () => {
    expect(SPEC_01_CALLS.filter((spec) => !entries.some((e) => matches(spec, e))).map(label)).toEqual([]);
  });

  it('contains every call of spec 02 §7', () => {
    const missing = Object.entries(SPEC_02_CALLS)
      .filter(([, spec]) => !entries.some((e) => matches(spec, e)))
      .map(([name, spec]) => `${name}: ${label(spec)}`);
    expect(missing).toEqual([]);
  });

  it('adds no call beyond the spec except the listed additions', () => {
    const listed = [...SPEC_01_CALLS, ...Object.values(SPEC_02_CALLS), ...ADDITIONS];
    const unlisted = entries
      .filter((e) => !listed.some((spec) => matches(spec, e)))
      .map((e) => `${e.call.method} ${e.service} ${e.call.path}`);
    expect(unlisted).toEqual([]);
  });

  it('fails for a call the catalogue lacks', () => {
    const absent: SpecCall = ['GET', '/no-such-call', 'user'];
    expect(entries.some((e) => matches(absent, e))).toBe(false);
  });
});
