/**
 * The authorisation matrix's real answers: the same six callers (anonymous, the owner, another visitor of the
 * event, an exhibitor, an event-admin of another event, a user of another event) against the real mock
 * provider behind one in-process gateway, where the door matrix (authorisation-matrix.test.ts) stops at the
 * gateway's own refusals. Four tables, each generated from a contracts list so a new entry without a row
 * fails here:
 * - every proxied file route (the proxy's route table: the catalogue's file, CSV, redirect and upload calls and
 *   the SSO browser pages) × caller → the answer derived from the route's `CALL_ACCESS` rules;
 * - every relay topic name (TOPICS, RELAY_EVENTS, SERVER_EVENTS, RELAY_SERVER_EVENTS and the chat topics) ×
 *   caller → the ack derived from contracts' `TOPIC_ACCESS` (server-only names refused for everyone), and what
 *   each caller's `announcements_catch_up` holds of announcements sent to users, rooms and events;
 * - the calls whose rule the provider decides, for the findings of the security review: a restricted room's
 *   chat (1), contact details (3), who is in a room (8), meeting occupancy (9) and the files call (10) → each
 *   caller's real answer, and whether it holds the thing the rule guards;
 * - every id key of every procedure whose rule the provider decides (CALL_ACCESS minus what the gateway decides
 *   from the token) × caller, plus a manager of DEMO as the control of a `managed` key (no caller manages DEMO):
 *   another user, the wrong role and another event refused, the rule's own answered.
 * Expected answers come from the contracts' predicates (mayEnterRoom, mayViewContact, mayReadFile,
 * managesEvent) applied to the callers' facts as the provider holds them, never from a hand-written table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_ACCESS,
  CLIENT_TOPICS,
  RELAY_ERRORS,
  RELAY_EVENTS,
  RELAY_SERVER_EVENTS,
  SERVER_EVENTS,
  TOPICS,
  TOPIC_ACCESS,
  callPath,
  chatTopic,
  isClientTopic,
  isManager,
  listCalls,
  managesEvent,
  mayEnterRoom,
  mayReadFile,
  mayViewContact,
  roomConversationId,
  type AccessCatchUpAck,
  type AccessRoom,
  type AccessViewer,
  type AnnouncementsCatchUpAck,
  type ClientTopic,
  type IdRule,
  type RefreshEvent,
  type RefreshesCatchUpAck,
  type RestCall,
} from '@showfloor/contracts';
import { DEMO_PASSWORD, DEMO_SSO_PROVIDER, VIP_ACCESS_CODE } from '@showfloor/mock-provider';
import { buildProxyRoutes, type ProxyRoute } from '../proxy/files.ts';
import { OAUTH2_BROWSER_PAGES, OAUTH2_IDENTITY_PAGE } from '../proxy/browser-pages.ts';
import { callProcedure, procedurePaths } from '../../test/gateway.ts';
import { connectAs, refusal, settle, type TestClient } from '../relay/testing/clients.ts';
import { relayEnv, startRelayStack, type RelayStack } from '../relay/testing/stack.ts';

/** The restricted VIP Lounge of DEMO (linus is granted; ada and grace are not), DEMO's and VIP's lobbies. */
const LOUNGE = 5;
const DEMO_LOBBY = 1;
const VIP_LOBBY = 7;
/** The Expo Hall (open), whose link names the meeting `expo-hall`. */
const EXPO_HALL = 4;
/** The owner: ada, a visitor of DEMO. Her private chat with grace is conv-1; grace holds her allowed card. */
const OWNER = { id: 1, event_code: 'DEMO' };
const OWNER_CHAT = 'conv-1';
const OWNER_CHAT_PARTIES = [1, 2];
const OWNER_PHONE = '+44 20 7946 0001';
/** Marks everything said or done in the VIP Lounge: nobody who may not enter it may ever receive it. */
const LOUNGE_MARK = 'lounge-only-7f3a';
/** Someone in the VIP Lounge (erin, not a caller): who is in the room shows her name. */
const IN_LOUNGE = { id: 4, name: 'Erin' };
/** A meeting in the VIP Lounge (added to the fixture): its occupancy is the room's. */
const LOUNGE_MEETING = { id: 'vip-lounge', instance: 'Lounge Table' };

interface Caller {
  name: string;
  /** Signs in as (undefined: anonymous). */
  email?: string;
  eventCode?: string;
  /** Filled at sign-in. */
  token?: string;
  viewer?: AccessViewer;
  socket?: TestClient;
}

const CALLERS: Caller[] = [
  { name: 'anonymous' },
  { name: 'owner', email: 'ada@demo.test', eventCode: 'DEMO' },
  { name: 'another visitor', email: 'grace@demo.test', eventCode: 'DEMO' },
  { name: 'exhibitor', email: 'linus@demo.test', eventCode: 'DEMO' },
  { name: 'event-admin of another event', email: 'vip-admin@demo.test', eventCode: 'VIP' },
  { name: 'user of another event', email: 'vera@demo.test', eventCode: 'VIP' },
];
const OWNER_CALLER: Caller = { name: 'owner', viewer: { ...OWNER, roles: [], room_access: [] } };
const signedIn = (): Array<Required<Caller>> =>
  CALLERS.filter((caller): caller is Required<Caller> => caller.viewer !== undefined);

let stack: RelayStack;
let node: string;
let rooms: Map<number, AccessRoom>;

const roomOf = (id: number): AccessRoom => {
  const room = rooms.get(id);
  if (!room) throw new Error(`no room ${id} in the fixture`);
  return room;
};
const mayEnter = (caller: Caller, roomId: number): boolean =>
  caller.viewer !== undefined && mayEnterRoom(caller.viewer, roomOf(roomId));
const isOfEvent = (caller: Caller, eventCode: string): boolean =>
  caller.viewer !== undefined &&
  (caller.viewer.event_code === eventCode || caller.viewer.roles.some((role) => role.role === 'admin'));

/** Emits a matrix tab may send at once: every case of the relay topics, with room to add more. */
const MATRIX_EMIT_BURST = 500;

beforeAll(async () => {
  // Each caller's matrix tab sends one emit per refused name and per topic case (42 now), back to back: more than
  // a connection's default burst (40, refilling 20/s), so on a fast run the last cases were acked 'Too many
  // messages' instead of their verdict. The matrix judges authorisation, not the emit limit (handshake.test.ts,
  // dispatch-refusals.test.ts): its node lets a tab burst every case. The sustained rate is 1/s, so a case past
  // the burst fails every run, not only when the run happens to be fast.
  stack = await startRelayStack(
    1,
    relayEnv(undefined, { RELAY_EMIT_BURST: String(MATRIX_EMIT_BURST), RELAY_EMITS_PER_SECOND: '1' }),
  );
  node = stack.nodes[0]?.url ?? '';
  const { state } = stack.provider.app.mockProvider;
  // The fixture has no event-admin of VIP: one more user of VIP, an event-admin there (vera's password).
  const vera = [...state.users.values()].find((user) => user.email === 'vera@demo.test');
  if (!vera) throw new Error('no vera in the fixture');
  const adminId = state.nextId('users');
  state.users.set(adminId, {
    ...vera,
    id: adminId,
    username: 'vip-admin@demo.test',
    email: 'vip-admin@demo.test',
    firstname: 'Vic',
    lastname: 'Admin',
    roles: [{ role: 'event-admin', mode: 'Recruiting' }],
    tags: [],
    room_access: [],
  });
  // Someone is in the VIP Lounge, so who is in it is something to leak.
  const erin = state.users.get(IN_LOUNGE.id);
  if (!erin) throw new Error('no erin in the fixture');
  erin.current_room_id = LOUNGE;
  // The VIP Lounge holds a meeting (its link names `vip-lounge`), so its occupancy is something to leak too.
  state.meetings.set(LOUNGE_MEETING.id, {
    meeting_id: LOUNGE_MEETING.id,
    max_users: 10,
    instances: [{ instance: LOUNGE_MEETING.instance, breakout_group: null, users: 2 }],
  });
  rooms = new Map([...state.rooms.values()].map((room) => [room.id, room]));

  for (const caller of CALLERS) {
    if (!caller.email || !caller.eventCode) continue;
    const answer = await callProcedure<{ user_data: { id: number; jwt_token: string } }>(
      node,
      'auth.signin',
      {
        email: caller.email,
        password: DEMO_PASSWORD,
        event_code: caller.eventCode,
        frontend: 'visitor',
        force_login: true,
        ...(caller.eventCode === 'VIP' ? { access_code: VIP_ACCESS_CODE } : {}),
      },
    );
    if (!answer.data) throw new Error(`sign-in of ${caller.email}: ${JSON.stringify(answer.error)}`);
    const user = state.users.get(answer.data.user_data.id);
    if (!user) throw new Error(`no user ${answer.data.user_data.id}`);
    caller.token = answer.data.user_data.jwt_token;
    caller.viewer = {
      id: user.id,
      event_code: user.event_code,
      roles: user.roles,
      room_access: user.room_access,
    };
  }
  // linus says something in the VIP Lounge, as a granted user may.
  const linus = CALLERS.find((caller) => caller.name === 'exhibitor');
  const said = await stack.provider.direct(
    listCalls().find(({ service, name }) => service === 'conversation' && name === 'sendMessage')!.call,
    { message: `${LOUNGE_MARK} said in the lounge`, room_id: LOUNGE },
    linus?.token,
  );
  if (said.status !== 200) throw new Error(`lounge message not stored: ${JSON.stringify(said.body)}`);
}, 60_000);

afterAll(async () => {
  for (const caller of CALLERS) caller.socket?.close();
  await stack?.close();
});

/** An answer as the matrix states it: allowed (and whether the guarded thing is in it), or refused. */
type Verdict = { allowed: true; sees?: boolean } | { allowed: false };
const refused: Verdict = { allowed: false };
const allowed = (sees?: boolean): Verdict =>
  sees === undefined ? { allowed: true } : { allowed: true, sees };

/** Status and body of an HTTP answer, judged against a verdict; a description of what is wrong, or ''. */
function judge(caller: Caller, verdict: Verdict, status: number, body: string, secret?: string): string {
  const got = `HTTP ${status}`;
  if (!verdict.allowed) {
    if (caller.viewer === undefined ? status !== 401 : ![401, 403, 404].includes(status))
      return `expected refused, got ${got}`;
    if (secret !== undefined && body.includes(secret))
      return `refused (${got}) but the answer holds ${secret}`;
    return '';
  }
  if (status < 200 || status >= 400) return `expected allowed, got ${got}: ${body.slice(0, 200)}`;
  if (verdict.sees === true && secret !== undefined && !body.includes(secret))
    return `allowed, but the answer lacks ${secret}`;
  if (verdict.sees === false && secret !== undefined && body.includes(secret))
    return `allowed, but the answer holds ${secret}, which this caller may not see`;
  return '';
}

// ---------------------------------------------------------------------------------------------------------
// Proxied file routes
// ---------------------------------------------------------------------------------------------------------

/** A 1×1 PNG: a picture the provider accepts. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface FileRow {
  /** Query (and path parameters) naming the owner's things. */
  input: Record<string, string | number>;
  /** Multipart upload body. */
  upload?: { field: string; filename: string; type: string; data: Buffer; text?: string };
  /** A form body (browser page posts). */
  form?: Record<string, string>;
  /** Set up before the row runs (a picture of the owner's to fetch). */
  before?: () => void;
}

const OWNER_PICTURE = 'pictures/1-matrix.png';

/** The input of every proxied route, naming the owner's things; a route without one fails the matrix. */
const FILE_ROWS: Record<string, FileRow> = {
  'auth.oauth2': { input: { frontend: 'visitor', provider: DEMO_SSO_PROVIDER, event_code: 'DEMO' } },
  'conversation.exportChats': { input: { id: OWNER.id } },
  'businesscard.exportCards': { input: { id: OWNER.id } },
  'content.getFile': { input: { type: 'user_manual', event_code: 'DEMO', filename: 'user-manual.pdf' } },
  'content.uploadFile': {
    input: { type: 'banner', event_code: 'DEMO' },
    upload: { field: 'file', filename: 'banner.png', type: 'image/png', data: PNG },
  },
  'content.download': { input: { type: 'user_manual', event_code: 'DEMO', filename: 'user-manual.pdf' } },
  'content.getPoster': { input: { event_code: 'DEMO' } },
  'content.getBanner': { input: { event_code: 'DEMO' } },
  'content.uploadEmailAssets': {
    input: { event_code: 'DEMO' },
    upload: { field: 'file', filename: 'logo.png', type: 'image/png', data: PNG },
  },
  'user.uploadPicture': {
    input: { user_id: OWNER.id },
    upload: { field: 'file', filename: 'me.png', type: 'image/png', data: PNG },
  },
  'user.replacePicture': {
    input: { user_id: OWNER.id },
    upload: { field: 'file', filename: 'me.png', type: 'image/png', data: PNG },
  },
  'user.getProfilePicture': {
    input: { path: OWNER_PICTURE },
    before: () => {
      const { state } = stack.provider.app.mockProvider;
      const owner = state.users.get(OWNER.id);
      if (owner) owner.profile_picture = OWNER_PICTURE;
      state.putFile({
        type: 'profile_picture',
        event_code: '_',
        filename: OWNER_PICTURE,
        content_type: 'image/png',
        data: PNG,
      });
    },
  },
  'user.importUsers': {
    input: { event_code: 'DEMO' },
    upload: {
      field: 'file',
      filename: 'users.csv',
      type: 'text/csv',
      data: Buffer.from('email,firstname,lastname\nmallory@demo.test,Mal,Lory\n'),
    },
  },
  'user.exportUsers': { input: { event_code: 'DEMO' } },
  [`GET page ${OAUTH2_IDENTITY_PAGE}`]: { input: { provider: DEMO_SSO_PROVIDER, event_code: 'DEMO' } },
  [`POST page ${OAUTH2_IDENTITY_PAGE}`]: {
    input: {},
    form: { provider: DEMO_SSO_PROVIDER, event_code: 'DEMO', email: 'matrix-sso@demo.test' },
  },
};

/** A route's row key: the catalogue label, or method and label of a browser page (one path, two methods). */
const rowKey = (route: ProxyRoute): string =>
  route.service ? route.label : `${route.method} ${route.label}`;

/** What one id key's rule answers `caller` when the key names the owner's thing (`input` the row's). */
function fileRuleVerdict(rule: IdRule, key: string, input: FileRow['input'], caller: Caller): Verdict {
  const value = input[key];
  switch (rule) {
    case 'public':
      return allowed();
    case 'self':
      return caller.viewer?.id === Number(value) ? allowed() : refused;
    case 'own-event':
    case 'event-record':
      return isOfEvent(caller, OWNER.event_code) ? allowed() : refused;
    case 'managed':
      return caller.viewer && managesEvent(caller.viewer, String(input.event_code ?? OWNER.event_code))
        ? allowed()
        : refused;
    case 'file':
      return mayReadFile(caller.viewer, String(input.type), String(value)) ? allowed() : refused;
    default:
      throw new Error(`the file matrix has no expectation for the rule '${rule}' (key ${key})`);
  }
}

/** The verdict of a proxied route for a caller: the call's auth, then every id key's rule. */
function fileVerdict(route: ProxyRoute, call: RestCall | undefined, row: FileRow, caller: Caller): Verdict {
  if (route.auth !== 'public' && caller.viewer === undefined) return refused;
  if (route.auth === 'manager' && !(caller.viewer && isManager(caller.viewer.roles))) return refused;
  if (!call || !route.service || !route.name) return allowed();
  const rules = (CALL_ACCESS as Record<string, Record<string, Record<string, IdRule>>>)[route.service]?.[
    route.name
  ];
  if (!rules) throw new Error(`${route.label} has no rules in CALL_ACCESS`);
  for (const [key, rule] of Object.entries(rules)) {
    const verdict = fileRuleVerdict(rule, key, row.input, caller);
    if (!verdict.allowed) return verdict;
  }
  return allowed();
}

/** Sends one row as `caller` through the gateway; status and body text. */
async function sendFileRow(route: ProxyRoute, call: RestCall | undefined, row: FileRow, caller: Caller) {
  const template = call ? callPath(call) : route.label.replace(/^page /, '');
  const inPath = new Set<string>();
  const path = template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, key: string) => {
    inPath.add(key);
    return encodeURIComponent(String(row.input[key]));
  });
  const query = new URLSearchParams(
    Object.entries(row.input)
      .filter(([key]) => !inPath.has(key))
      .map(([key, value]): [string, string] => [key, String(value)]),
  );
  const headers: Record<string, string> = caller.token ? { authorization: `Bearer ${caller.token}` } : {};
  let body: FormData | URLSearchParams | undefined;
  if (row.upload) {
    const form = new FormData();
    form.append(
      row.upload.field,
      new Blob([row.upload.data], { type: row.upload.type }),
      row.upload.filename,
    );
    body = form;
  } else if (row.form) {
    body = new URLSearchParams(row.form);
  }
  const response = await fetch(`${node}${path}${query.size > 0 ? `?${query}` : ''}`, {
    method: route.method,
    headers,
    redirect: 'manual',
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.status, text: await response.text() };
}

describe('authorisation matrix, real answers: proxied file routes', () => {
  const routes = buildProxyRoutes(listCalls(), OAUTH2_BROWSER_PAGES);
  const calls = new Map(listCalls().map(({ service, name, call }) => [`${service}.${name}`, call]));

  it('has a row for every route the proxy passes, and none for a route it does not', () => {
    expect(Object.keys(FILE_ROWS).sort()).toEqual(routes.map(rowKey).sort());
  });

  for (const route of routes) {
    it(`${rowKey(route)}: answers each caller as the rules say`, async () => {
      const row = FILE_ROWS[rowKey(route)];
      if (!row) throw new Error(`no row for ${rowKey(route)}`);
      row.before?.();
      const call = calls.get(route.label);
      const wrong: string[] = [];
      for (const caller of CALLERS) {
        const verdict = fileVerdict(route, call, row, caller);
        const { status, text } = await sendFileRow(route, call, row, caller);
        const problem = judge(caller, verdict, status, text);
        if (problem) wrong.push(`${caller.name}: ${problem}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it("finding 10: another event's user manual needs that event's sign-in by the public files call", async () => {
    const manual = { type: 'user_manual', event_code: 'VIP', filename: 'user-manual.pdf' };
    const route = routes.find((each) => each.label === 'content.getFile');
    if (!route) throw new Error('content.getFile is not proxied');
    const wrong: string[] = [];
    for (const caller of CALLERS) {
      const verdict = mayReadFile(caller.viewer, manual.type, manual.event_code) ? allowed() : refused;
      const { status, text } = await sendFileRow(route, calls.get(route.label), { input: manual }, caller);
      const problem = judge(caller, verdict, status, text, '%PDF');
      if (problem) wrong.push(`${caller.name}: ${problem}`);
    }
    expect(wrong).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Provider-decided rules (findings 1, 3, 8, 9)
// ---------------------------------------------------------------------------------------------------------

interface CallRow {
  finding: number;
  path: string;
  input: (caller: Caller) => Record<string, unknown>;
  /** The guarded thing: present in the answer exactly when the verdict says `sees`. */
  secret?: string;
  verdict: (caller: Caller) => Verdict;
}

const canEnterLounge = (caller: Caller): Verdict =>
  caller.viewer === undefined ? refused : mayEnter(caller, LOUNGE) ? allowed(true) : refused;
/** Of DEMO (an event-user or own-event key): allowed, seeing the owner's contact details when the rule says. */
const seesOwnerContact = (caller: Caller): Verdict => {
  if (!isOfEvent(caller, OWNER.event_code) || !caller.viewer) return refused;
  const { state } = stack.provider.app.mockProvider;
  const holdsCard = [...state.cards.values()].some(
    (card) => card.owner_id === OWNER.id && card.requester_id === caller.viewer?.id && card.approved === true,
  );
  return allowed(mayViewContact(caller.viewer, OWNER, holdsCard));
};

const CALL_ROWS: CallRow[] = [
  {
    finding: 1,
    path: 'conversation.getConversation',
    input: () => ({ id: roomConversationId(LOUNGE), after_seq: 0 }),
    secret: LOUNGE_MARK,
    verdict: canEnterLounge,
  },
  {
    finding: 1,
    path: 'conversation.getRoomConversation',
    input: () => ({ id: LOUNGE }),
    secret: LOUNGE_MARK,
    verdict: canEnterLounge,
  },
  {
    finding: 1,
    path: 'conversation.listConversations',
    input: () => ({ room_id: LOUNGE }),
    secret: roomConversationId(LOUNGE),
    verdict: canEnterLounge,
  },
  {
    finding: 1,
    path: 'conversation.getUserConversations',
    input: (caller) => ({ id: caller.viewer?.id ?? OWNER.id, room_id: LOUNGE }),
    secret: roomConversationId(LOUNGE),
    verdict: canEnterLounge,
  },
  {
    finding: 1,
    path: 'conversation.markRead',
    input: () => ({ id: roomConversationId(LOUNGE), seq: 1 }),
    verdict: canEnterLounge,
  },
  {
    finding: 3,
    path: 'user.getUser',
    input: () => ({ id: OWNER.id }),
    secret: OWNER_PHONE,
    verdict: seesOwnerContact,
  },
  {
    finding: 3,
    path: 'user.listUsers',
    input: () => ({ event_code: OWNER.event_code }),
    secret: 'ada@demo.test',
    verdict: seesOwnerContact,
  },
  // Every other call answering users: the owner's login name (her e-mail) only where the contact rule says.
  ...(
    [
      ['user.getSummary', () => ({ id: OWNER.id })],
      ['user.getEventUsers', () => ({ id: OWNER.event_code })],
      ['user.getLoggedUsers', () => ({ event_code: OWNER.event_code })],
      ['user.listUsers', () => ({ event_code: OWNER.event_code, search: 'Ada' })],
    ] as const
  ).map(([path, input]): CallRow => ({
    finding: 3,
    path,
    input,
    secret: 'ada@demo.test',
    verdict: seesOwnerContact,
  })),
  {
    finding: 3,
    path: 'user.getSummaries',
    input: () => ({ ids: [OWNER.id] }),
    secret: 'ada@demo.test',
    // A list by ids leaves out users of other events: answered, without her.
    verdict: (caller) =>
      isOfEvent(caller, OWNER.event_code)
        ? seesOwnerContact(caller)
        : caller.viewer
          ? allowed(false)
          : refused,
  },
  {
    finding: 3,
    path: 'user.getSummaries',
    input: () => ({ ids: [OWNER.id] }),
    secret: 'Lovelace',
    verdict: (caller) =>
      isOfEvent(caller, OWNER.event_code) ? allowed(true) : caller.viewer ? allowed(false) : refused,
  },
  {
    finding: 3,
    path: 'user.getRoomUsers',
    input: () => ({ id: DEMO_LOBBY }),
    secret: 'ada@demo.test',
    verdict: (caller) => (mayEnter(caller, DEMO_LOBBY) ? seesOwnerContact(caller) : refused),
  },
  {
    finding: 8,
    path: 'user.getRoomUsers',
    input: () => ({ id: LOUNGE }),
    secret: IN_LOUNGE.name,
    verdict: canEnterLounge,
  },
  {
    finding: 8,
    path: 'user.listUsers',
    input: () => ({ event_code: OWNER.event_code, room_id: LOUNGE }),
    secret: IN_LOUNGE.name,
    verdict: (caller) => (isOfEvent(caller, OWNER.event_code) ? canEnterLounge(caller) : refused),
  },
  {
    finding: 9,
    path: 'database.getMeetingInstances',
    input: () => ({ meeting_id: 'expo-hall' }),
    secret: 'Expo Hall A',
    verdict: (caller) => (mayEnter(caller, EXPO_HALL) ? allowed(true) : refused),
  },
  {
    finding: 9,
    path: 'database.getMeetingInstances',
    input: () => ({ meeting_id: LOUNGE_MEETING.id }),
    secret: LOUNGE_MEETING.instance,
    verdict: canEnterLounge,
  },
];

describe('authorisation matrix, real answers: rules the provider decides', () => {
  it('has, for every finding row, callers the rule answers differently (no vacuous row)', () => {
    for (const row of CALL_ROWS) {
      const outcomes = new Set(
        signedIn().map((caller) => {
          const verdict = row.verdict(caller);
          return verdict.allowed ? `allowed, sees ${String(verdict.sees)}` : 'refused';
        }),
      );
      expect(outcomes.size, `${row.path} ${JSON.stringify(row.input(OWNER_CALLER))}`).toBeGreaterThan(1);
    }
  });

  for (const row of CALL_ROWS) {
    it(`finding ${row.finding}: ${row.path} ${JSON.stringify(row.input(OWNER_CALLER))}`, async () => {
      const wrong: string[] = [];
      for (const caller of CALLERS) {
        const verdict = row.verdict(caller);
        const answer = await callProcedure(
          node,
          row.path,
          row.input(caller),
          caller.token ? { token: caller.token } : {},
        );
        const problem = judge(caller, verdict, answer.status, JSON.stringify(answer), row.secret);
        if (problem) wrong.push(`${caller.name}: ${problem}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

// ---------------------------------------------------------------------------------------------------------
// Provider-decided rules: every id key of every procedure
// ---------------------------------------------------------------------------------------------------------

/** Rules the gateway decides from the token alone (the door matrix's rows); every other rule is the provider's. */
const isDoorRule = (key: string, rule: IdRule): boolean =>
  rule === 'public' ||
  rule === 'self' ||
  rule === 'self-or-manager' ||
  (rule === 'own-event' && key === 'event_code');

/** Every `procedure.key` whose rule the provider decides. */
function providerDecidedKeys(): string[] {
  const procedures = new Set(procedurePaths());
  const table = CALL_ACCESS as Record<string, Record<string, Record<string, IdRule>>>;
  return listCalls()
    .map(({ service, name }) => `${service}.${name}`)
    .filter((label) => procedures.has(label))
    .flatMap((label) => {
      const [service = '', name = ''] = label.split('.');
      return Object.entries(table[service]?.[name] ?? {})
        .filter(([key, rule]) => !isDoorRule(key, rule))
        .map(([key]) => `${label}.${key}`);
    });
}

/** A DEMO user no caller is (for a manager's call that changes a user: ending their sessions). */
const BYSTANDER = { id: 0, email: 'matrix-bystander@demo.test' };
/** Records added for rows that change or delete what they name. */
const MATRIX_RECORDS = {
  accessRule: 90,
  card: 90,
  storeItem: 90,
  conversation: 'conv-matrix',
  message: 'msg-matrix',
};
/** The owner's private chat's text (conv-1, ada and grace). */
const OWNER_CHAT_TEXT = 'I saved you a seat';
/** Erin, an event-admin of DEMO in Recruiting mode: the control of a `managed` row (no caller manages DEMO). */
const DEMO_MANAGER: Caller = {
  name: 'a recruiter of the event (control)',
  email: 'erin@demo.test',
  eventCode: 'DEMO',
};

interface KeyRow {
  path: string;
  /** The id keys whose rule the row proves (refused to whom the rule refuses, answered to whom it allows). */
  keys: string[];
  input: (caller: Caller) => Record<string, unknown>;
  secret?: string;
  verdict: (caller: Caller) => Verdict;
  /** A `managed` key: no caller of the matrix manages DEMO, so a manager of DEMO must be answered (erin). */
  control?: boolean;
}

const ofDemo = (caller: Caller, sees?: boolean): Verdict =>
  isOfEvent(caller, OWNER.event_code) ? allowed(sees) : refused;
const ownerChatParty = (caller: Caller, sees?: boolean): Verdict =>
  caller.viewer !== undefined && OWNER_CHAT_PARTIES.includes(caller.viewer.id) ? allowed(sees) : refused;
/** Only DEMO's managers (the control): every caller of the matrix is refused. */
const demoManagers = (caller: Caller): Verdict =>
  caller.viewer && managesEvent(caller.viewer, OWNER.event_code) ? allowed() : refused;
const lobbyOf = (caller: Caller): number => (caller.viewer?.event_code === 'VIP' ? VIP_LOBBY : DEMO_LOBBY);

const KEY_ROWS: KeyRow[] = [
  {
    path: 'auth.deleteSession',
    keys: ['user_id'],
    input: () => ({ user_id: BYSTANDER.id }),
    verdict: demoManagers,
    control: true,
  },
  {
    path: 'auth.putAccess',
    keys: ['rule'],
    // DEMO's rule 1, unchanged: who may rewrite it.
    input: () => ({ type: 'screen', rule: stack.provider.app.mockProvider.state.accessRules.get(1) }),
    verdict: demoManagers,
    control: true,
  },
  {
    path: 'auth.deleteAccess',
    keys: ['id'],
    input: () => ({ type: 'screen', id: MATRIX_RECORDS.accessRule }),
    verdict: demoManagers,
    control: true,
  },
  {
    path: 'conversation.getConversation',
    keys: ['id'],
    input: () => ({ id: OWNER_CHAT, after_seq: 0 }),
    secret: OWNER_CHAT_TEXT,
    verdict: (caller) => ownerChatParty(caller, true),
  },
  {
    path: 'conversation.markRead',
    keys: ['id'],
    input: () => ({ id: OWNER_CHAT, seq: 1 }),
    verdict: ownerChatParty,
  },
  {
    path: 'conversation.deleteMessage',
    keys: ['id'],
    // The owner's message in her chat with linus: hers to delete (a manager of DEMO could too).
    input: () => ({ id: MATRIX_RECORDS.message }),
    verdict: (caller) => (caller.viewer?.id === OWNER.id ? allowed() : refused),
  },
  {
    path: 'conversation.clearConversation',
    keys: ['id'],
    input: () => ({ id: MATRIX_RECORDS.conversation }),
    verdict: demoManagers,
    control: true,
  },
  {
    path: 'event.getEventFaqs',
    keys: ['id'],
    input: () => ({ id: 1 }),
    secret: 'How do I enter a room?',
    verdict: (caller) => ofDemo(caller, true),
  },
  {
    path: 'event.getFaq',
    keys: ['id'],
    input: () => ({ id: 1 }),
    secret: 'How do I enter a room?',
    verdict: (caller) => ofDemo(caller, true),
  },
  {
    path: 'event.sendEmail',
    keys: ['room_id', 'content_id'],
    // The Kernel Booth's product tour (content 6 in room 8): its brochure e-mail.
    input: () => ({ room_id: 8, content_id: 6 }),
    verdict: (caller) => ofDemo(caller),
  },
  {
    path: 'event.purchase',
    keys: ['item_id'],
    input: () => ({ item_id: MATRIX_RECORDS.storeItem, coin_price: 0 }),
    verdict: (caller) => ofDemo(caller),
  },
  {
    path: 'businesscard.requestCard',
    keys: ['user_id'],
    // Erin's card, which no caller has asked for yet.
    input: (caller) => ({ user_id: IN_LOUNGE.id, requester_id: caller.viewer?.id ?? OWNER.id }),
    verdict: (caller) => ofDemo(caller),
  },
  {
    path: 'businesscard.getCardInfo',
    keys: ['ofId', 'toId'],
    // The owner's card given to grace (card 1, allowed): whether she gave it is hers and grace's to know (and
    // DEMO's managers').
    input: () => ({ ofId: OWNER.id, toId: 2 }),
    secret: '"approved":true',
    verdict: (caller) => ownerChatParty(caller, true),
  },
  {
    path: 'businesscard.updateCard',
    keys: ['id'],
    input: () => ({ id: 1, notes: 'Met in the lobby' }),
    verdict: ownerChatParty,
  },
  {
    path: 'businesscard.deleteCard',
    keys: ['id'],
    // The owner's card given to erin (added): the owner's, and erin's, to delete.
    input: () => ({ id: MATRIX_RECORDS.card }),
    verdict: (caller) => (caller.viewer?.id === OWNER.id ? allowed() : refused),
  },
  {
    path: 'content.getRoom',
    keys: ['id'],
    input: () => ({ id: LOUNGE }),
    secret: 'VIP Lounge',
    verdict: canEnterLounge,
  },
  {
    path: 'content.getRoomContent',
    keys: ['id'],
    input: () => ({ id: LOUNGE }),
    verdict: canEnterLounge,
  },
  {
    path: 'content.getMedia',
    keys: ['id'],
    input: () => ({ id: 1 }),
    secret: 'welcome-2026',
    verdict: (caller) => ofDemo(caller, true),
  },
  {
    path: 'user.getMatchingUsers',
    keys: ['roomId'],
    input: (caller) => ({ roomId: LOUNGE, userId: caller.viewer?.id ?? OWNER.id }),
    verdict: canEnterLounge,
  },
  {
    path: 'user.getMatchingUsers',
    keys: ['userId'],
    input: (caller) => ({ roomId: lobbyOf(caller), userId: OWNER.id }),
    verdict: (caller) => ofDemo(caller),
  },
  {
    path: 'user.reportUser',
    keys: ['reportedId'],
    input: (caller) => ({
      reportedId: caller.viewer?.id === OWNER.id ? 2 : OWNER.id,
      reporterId: caller.viewer?.id ?? OWNER.id,
      summary: 'Matrix',
    }),
    verdict: (caller) => ofDemo(caller),
  },
  {
    path: 'user.reportUser',
    keys: ['conversation_id'],
    // Reported from the owner's chat: only its two parties report from it.
    input: (caller) => ({
      reportedId: caller.viewer?.id === OWNER.id ? 2 : OWNER.id,
      reporterId: caller.viewer?.id ?? OWNER.id,
      summary: 'Matrix, from the chat',
      conversation_id: OWNER_CHAT,
    }),
    verdict: ownerChatParty,
  },
  {
    path: 'user.setRecruitingStatus',
    keys: ['user_id'],
    // Each caller names their own event (the door refuses another): the owner is no candidate of VIP's.
    input: (caller) => ({ user_id: OWNER.id, event_code: caller.viewer?.event_code ?? 'DEMO', status_id: 2 }),
    verdict: demoManagers,
    control: true,
  },
  {
    path: 'user.getRecruitingUserData',
    keys: ['id'],
    input: () => ({ id: OWNER.id }),
    secret: 'Lovelace',
    verdict: demoManagers,
    control: true,
  },
  {
    path: 'user.updateRecruitingNotes',
    keys: ['id'],
    input: () => ({ id: OWNER.id, notes: 'Matrix notes' }),
    verdict: demoManagers,
    control: true,
  },
];

describe('authorisation matrix, real answers: every id key the provider decides', () => {
  beforeAll(async () => {
    const { state } = stack.provider.app.mockProvider;
    const grace = state.users.get(2);
    const rule = state.accessRules.get(1);
    if (!grace || !rule) throw new Error('no grace or access rule 1 in the fixture');
    BYSTANDER.id = state.nextId('users');
    state.users.set(BYSTANDER.id, {
      ...grace,
      id: BYSTANDER.id,
      username: BYSTANDER.email,
      email: BYSTANDER.email,
      tags: [],
      room_access: [],
    });
    state.accessRules.set(MATRIX_RECORDS.accessRule, { ...rule, id: MATRIX_RECORDS.accessRule });
    state.cards.set(MATRIX_RECORDS.card, {
      card_id: MATRIX_RECORDS.card,
      owner_id: OWNER.id,
      requester_id: IN_LOUNGE.id,
      approved: true,
      notes: '',
      created_at: Date.now(),
    });
    state.storeItems.set(MATRIX_RECORDS.storeItem, {
      id: MATRIX_RECORDS.storeItem,
      event_code: 'DEMO',
      name: 'Matrix sticker',
      description: 'Free',
      coin_price: 0,
      filename: 'item-mug.png',
    });
    // The owner's chat with linus, one message of hers in it.
    const conversation = {
      id: MATRIX_RECORDS.conversation,
      event_code: 'DEMO',
      kind: 'private' as const,
      participants: [OWNER.id, 3],
      room_id: null,
      bot: null,
      messages: [],
      next_seq: 1,
      read_seq: new Map<number, number>(),
    };
    state.conversations.set(conversation.id, conversation);
    const said = await stack.provider.direct(
      listCalls().find(({ service, name }) => service === 'conversation' && name === 'sendMessage')!.call,
      { message: 'Matrix', conversation_id: conversation.id },
      CALLERS.find((caller) => caller.name === 'owner')?.token,
    );
    if (said.status !== 200) throw new Error(`matrix message not stored: ${JSON.stringify(said.body)}`);
    MATRIX_RECORDS.message = (said.body as { id: string }).id;
    const control = await callProcedure<{ user_data: { id: number; jwt_token: string } }>(
      node,
      'auth.signin',
      {
        email: DEMO_MANAGER.email,
        password: DEMO_PASSWORD,
        event_code: 'DEMO',
        frontend: 'visitor',
        force_login: true,
      },
    );
    const erin = state.users.get(IN_LOUNGE.id);
    if (!control.data || !erin) throw new Error(`sign-in of erin: ${JSON.stringify(control.error)}`);
    DEMO_MANAGER.token = control.data.user_data.jwt_token;
    DEMO_MANAGER.viewer = {
      id: erin.id,
      event_code: erin.event_code,
      roles: erin.roles,
      room_access: erin.room_access,
    };
  });

  it('has a row for every id key whose rule the provider decides, of every procedure', () => {
    const proved = new Set([
      ...KEY_ROWS.flatMap((row) => row.keys.map((key) => `${row.path}.${key}`)),
      // The findings' rows prove the keys they name.
      ...CALL_ROWS.flatMap((row) => Object.keys(row.input(OWNER_CALLER)).map((key) => `${row.path}.${key}`)),
    ]);
    const missing = providerDecidedKeys().filter((key) => !proved.has(key));
    expect(missing).toEqual([]);
  });

  it('has, for every row, an answer that differs by caller (no vacuous row)', () => {
    for (const row of KEY_ROWS) {
      const outcomes = new Set(
        [...signedIn(), ...(row.control ? [DEMO_MANAGER] : [])].map((caller) => row.verdict(caller).allowed),
      );
      expect(outcomes.size, `${row.path} ${row.keys.join(', ')}`).toBe(2);
    }
  });

  for (const row of KEY_ROWS) {
    it(`${row.path} naming the owner's ${row.keys.join(' and ')}: answers each caller as the rule says`, async () => {
      // Whom the rule refuses first: a row that changes what it names (a delete) is answered last to whom it allows.
      const callers = [...CALLERS, ...(row.control ? [DEMO_MANAGER] : [])].sort(
        (a, b) => Number(row.verdict(a).allowed) - Number(row.verdict(b).allowed),
      );
      const wrong: string[] = [];
      for (const caller of callers) {
        const answer = await callProcedure(
          node,
          row.path,
          row.input(caller),
          caller.token ? { token: caller.token } : {},
        );
        const problem = judge(caller, row.verdict(caller), answer.status, JSON.stringify(answer), row.secret);
        if (problem) wrong.push(`${caller.name}: ${problem}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

// ---------------------------------------------------------------------------------------------------------
// Relay topics
// ---------------------------------------------------------------------------------------------------------

/** An ack as the matrix states it: 200, or 400 with this text (any text when undefined). */
type AckVerdict = 200 | { refused: string | undefined };
const ackRefused = (message?: string): AckVerdict => ({ refused: message });

interface TopicCase {
  /** What the payload names. */
  what: string;
  /** The topic emitted (the case's topic unless a chat topic of a given event). */
  topic?: (caller: Required<Caller>) => string;
  payload: (caller: Required<Caller>) => unknown;
  verdict: (caller: Required<Caller>) => AckVerdict;
}

const now = (): number => Date.now();
const ownLobby = (caller: Required<Caller>): number =>
  caller.viewer.event_code === 'VIP' ? VIP_LOBBY : DEMO_LOBBY;
/** `enterable-room`: the sender's own payload in `roomId`. */
const inRoom = (caller: Required<Caller>, roomId: number): AckVerdict =>
  mayEnter(caller, roomId) ? 200 : ackRefused(RELAY_ERRORS.ROOM_FORBIDDEN);
/** `manager`: to the owner (a user of DEMO), or to the sender's whole event. */
const managerTo = (caller: Required<Caller>, eventCode: string | undefined): AckVerdict => {
  if (!isManager(caller.viewer.roles)) return ackRefused(RELAY_ERRORS.ROLE_FORBIDDEN);
  if (eventCode !== undefined && !managesEvent(caller.viewer, eventCode))
    return ackRefused(RELAY_ERRORS.RECIPIENT_NOT_IN_EVENT);
  return 200;
};
/** `sender`: a payload naming the owner as its user is hers alone. */
const ownerAlone = (caller: Required<Caller>): AckVerdict =>
  caller.viewer.id === OWNER.id ? 200 : ackRefused(RELAY_ERRORS.SENDER_MISMATCH);
/** A mark in the VIP Lounge from the caller: user_scene_events and view_content carry the same payload. */
const loungeMark: TopicCase = {
  what: 'the VIP Lounge',
  payload: (caller) => ({ user_id: caller.viewer.id, event: LOUNGE_MARK, room_id: LOUNGE, timestamp: now() }),
  verdict: (caller) => inRoom(caller, LOUNGE),
};
/** A text message from the caller on a chat topic, to a room's chat unless `fields` says otherwise. */
const chatText = (caller: Required<Caller>, message: string, fields: Record<string, unknown>) => ({
  type: 'text',
  action: 'message',
  message,
  from: caller.viewer.id,
  to: [],
  ...fields,
});
/** Marks what a manager of another event sends to DEMO's room by its id: no user of DEMO may ever receive it. */
const FOREIGN_MARK = 'foreign-event-4c1d';
/** `enterable-room` topics naming the owner as their user, in the sender's own lobby: hers alone. */
const ownerInOwnLobby = (payload: (caller: Required<Caller>) => unknown): TopicCase => ({
  what: "the owner as its user, in the sender's own lobby",
  payload,
  verdict: ownerAlone,
});
/** Chat in DEMO: another event's users are refused by the topic itself. */
const inDemoChat = (caller: Required<Caller>, verdict: () => AckVerdict): AckVerdict =>
  caller.viewer.event_code === 'DEMO' ? verdict() : ackRefused(RELAY_ERRORS.TOPIC_FOREIGN_EVENT);

/** The cases of every client topic (a topic added to CLIENT_TOPICS without cases does not typecheck). */
const TOPIC_CASES: Record<ClientTopic | 'chat', TopicCase[]> = {
  // `manager` (to the whole event), the payload's user the sender.
  user_events: [
    {
      what: 'the sender',
      payload: (caller) => ({ user_id: caller.viewer.id, event: 'waved' }),
      verdict: (caller) => managerTo(caller, undefined),
    },
    {
      what: 'the owner',
      payload: () => ({ user_id: OWNER.id, event: 'waved' }),
      verdict: (caller) =>
        isManager(caller.viewer.roles) ? ownerAlone(caller) : ackRefused(RELAY_ERRORS.ROLE_FORBIDDEN),
    },
  ],
  user_status_changes: [
    {
      what: 'the owner',
      payload: () => ({ user_id: OWNER.id, user_status: 'busy' }),
      verdict: ownerAlone,
    },
  ],
  // Names nobody: the relay reads the tab's own user, event and room. Whose announcements the ack holds (none
  // sent to another user, room or event): the announcements_catch_up case below the topic cases.
  announcements_catch_up: [{ what: "the tab's own announcements", payload: () => ({}), verdict: () => 200 }],
  // Names nobody (a user in the payload is not read): the rooms of the socket's own user (the test below).
  access_catch_up: [
    { what: "the tab's own rooms", payload: () => ({}), verdict: () => 200 },
    { what: 'the owner as its user', payload: () => ({ user_id: OWNER.id }), verdict: () => 200 },
  ],
  // Names nobody either: the tab's own user, event and room (who may not see which: the refreshes test below).
  refreshes_catch_up: [{ what: "the tab's own refreshes", payload: () => ({}), verdict: () => 200 }],
  call_answered: [
    {
      what: "the owner's private chat",
      payload: () => ({ user_id: OWNER.id, conversation_id: OWNER_CHAT }),
      verdict: ownerAlone,
    },
  ],
  user_scene_events: [
    loungeMark,
    ownerInOwnLobby((caller) => ({
      user_id: OWNER.id,
      event: 'waved',
      room_id: ownLobby(caller),
      timestamp: now(),
    })),
  ],
  view_content: [
    loungeMark,
    ownerInOwnLobby((caller) => ({
      user_id: OWNER.id,
      event: 'viewed',
      room_id: ownLobby(caller),
      timestamp: now(),
    })),
  ],
  user_player_events: [
    {
      what: 'the VIP Lounge',
      payload: (caller) => ({ user_id: caller.viewer.id, event: LOUNGE_MARK, room_id: LOUNGE }),
      verdict: (caller) => inRoom(caller, LOUNGE),
    },
    {
      what: "a mute of the owner in DEMO's lobby",
      payload: (caller) => ({
        user_id: caller.viewer.id,
        event: 'mute',
        room_id: DEMO_LOBBY,
        data: { target: OWNER.id, by: 'matrix' },
      }),
      verdict: (caller) =>
        !isManager(caller.viewer.roles)
          ? ackRefused(RELAY_ERRORS.ROLE_FORBIDDEN)
          : inRoom(caller, DEMO_LOBBY),
    },
    ownerInOwnLobby((caller) => ({ user_id: OWNER.id, event: 'walked', room_id: ownLobby(caller) })),
  ],
  user_achievement_events: [
    {
      what: 'the VIP Lounge',
      payload: (caller) => ({
        user_id: caller.viewer.id,
        event_code: caller.viewer.event_code,
        achievement_attribute: LOUNGE_MARK,
        room_id: LOUNGE,
      }),
      // Recorded at the provider first, which refuses a room the sender may not enter.
      verdict: (caller) => (mayEnter(caller, LOUNGE) ? 200 : ackRefused()),
    },
    {
      what: "DEMO's event code",
      payload: (caller) => ({
        user_id: caller.viewer.id,
        event_code: 'DEMO',
        achievement_attribute: 'matrix',
        room_id: 0,
      }),
      verdict: (caller) =>
        caller.viewer.event_code === 'DEMO' ? 200 : ackRefused(RELAY_ERRORS.TOPIC_FOREIGN_EVENT),
    },
    ownerInOwnLobby((caller) => ({
      user_id: OWNER.id,
      event_code: caller.viewer.event_code,
      achievement_attribute: 'matrix',
      room_id: 0,
    })),
  ],
  user_room_events: [
    {
      what: 'the VIP Lounge',
      payload: (caller) => ({
        event: 'enter_room',
        user_id: caller.viewer.id,
        room_id: LOUNGE,
        timestamp: now(),
      }),
      verdict: (caller) => inRoom(caller, LOUNGE),
    },
    ownerInOwnLobby((caller) => ({
      event: 'enter_room',
      user_id: OWNER.id,
      room_id: ownLobby(caller),
      timestamp: now(),
    })),
  ],
  announcements: [
    {
      what: 'the owner',
      payload: () => ({
        title: 'Matrix',
        message: 'to ada',
        type: 1,
        duration: 5,
        room_id: null,
        user_ids: [OWNER.id],
      }),
      verdict: (caller) => managerTo(caller, OWNER.event_code),
    },
    {
      what: "the sender's whole event",
      payload: () => ({ title: 'Matrix', message: 'to all', type: 1, duration: 5, room_id: 0, user_ids: [] }),
      verdict: (caller) => managerTo(caller, undefined),
    },
    {
      // Room ids are the platform's: the sender's event's room of that id, where nobody of DEMO is (checked below).
      what: "DEMO's lobby by its room id",
      payload: () => ({
        title: 'Matrix',
        message: FOREIGN_MARK,
        type: 1,
        duration: 5,
        room_id: DEMO_LOBBY,
        user_ids: [],
      }),
      verdict: (caller) => managerTo(caller, undefined),
    },
  ],
  sessions_triggers: [
    {
      what: 'the owner',
      payload: () => ({ action: 'refresh', user_ids: [OWNER.id], url: '/lobby' }),
      verdict: (caller) => managerTo(caller, OWNER.event_code),
    },
    {
      // Finding 5: a browser drops the tab and reads '//evil.test/owned'. Refused for everyone, managers too.
      what: 'a url off the site',
      payload: () => ({ action: 'refresh', url: '/\t/evil.test/owned' }),
      verdict: (caller) =>
        isManager(caller.viewer.roles) ? ackRefused() : ackRefused(RELAY_ERRORS.ROLE_FORBIDDEN),
    },
    {
      what: "DEMO's lobby by its room id",
      payload: () => ({ action: 'refresh', room_id: DEMO_LOBBY, url: `/lobby?${FOREIGN_MARK}` }),
      verdict: (caller) => managerTo(caller, undefined),
    },
  ],
  catch_up: [
    {
      what: "the VIP Lounge's chat",
      payload: () => ({ conversation_id: roomConversationId(LOUNGE), after_seq: 0 }),
      verdict: (caller) => (mayEnter(caller, LOUNGE) ? 200 : ackRefused(RELAY_ERRORS.NOT_PARTICIPANT)),
    },
    {
      what: "the owner's private chat",
      payload: () => ({ conversation_id: OWNER_CHAT, after_seq: 0 }),
      verdict: (caller) =>
        OWNER_CHAT_PARTIES.includes(caller.viewer.id) ? 200 : ackRefused(RELAY_ERRORS.NOT_PARTICIPANT),
    },
  ],
  chat: [
    {
      what: "the VIP Lounge's chat by its conversation id",
      topic: () => chatTopic('DEMO'),
      payload: (caller) =>
        chatText(caller, `${LOUNGE_MARK} from ${caller.name}`, { conversation: roomConversationId(LOUNGE) }),
      verdict: (caller) =>
        inDemoChat(caller, () => (mayEnter(caller, LOUNGE) ? 200 : ackRefused(RELAY_ERRORS.ROOM_FORBIDDEN))),
    },
    {
      what: "the owner's private chat",
      topic: () => chatTopic('DEMO'),
      payload: (caller) => chatText(caller, `in conv-1 from ${caller.name}`, { conversation: OWNER_CHAT }),
      verdict: (caller) =>
        inDemoChat(caller, () => (OWNER_CHAT_PARTIES.includes(caller.viewer.id) ? 200 : ackRefused())),
    },
    {
      what: 'a private message to the owner',
      topic: () => chatTopic('DEMO'),
      payload: (caller) => chatText(caller, `to ada from ${caller.name}`, { to: [OWNER.id] }),
      // To oneself there is nobody to send it to.
      verdict: (caller) => inDemoChat(caller, () => (caller.viewer.id === OWNER.id ? ackRefused() : 200)),
    },
    {
      what: "VIP's lobby chat",
      topic: () => chatTopic('VIP'),
      payload: (caller) =>
        chatText(caller, `in VIP from ${caller.name}`, { room: { id: VIP_LOBBY, name: 'Lobby' } }),
      verdict: (caller) =>
        caller.viewer.event_code === 'VIP' ? 200 : ackRefused(RELAY_ERRORS.TOPIC_FOREIGN_EVENT),
    },
    {
      what: "a private message to the owner on VIP's chat",
      topic: () => chatTopic('VIP'),
      payload: (caller) => chatText(caller, `${FOREIGN_MARK} to ada from ${caller.name}`, { to: [OWNER.id] }),
      verdict: (caller) =>
        caller.viewer.event_code === 'VIP'
          ? ackRefused(RELAY_ERRORS.RECIPIENT_NOT_IN_EVENT)
          : ackRefused(RELAY_ERRORS.TOPIC_FOREIGN_EVENT),
    },
    {
      what: "DEMO's lobby chat on VIP's chat",
      topic: () => chatTopic('VIP'),
      payload: (caller) =>
        chatText(caller, `${FOREIGN_MARK} in DEMO from ${caller.name}`, {
          room: { id: DEMO_LOBBY, name: 'Lobby' },
        }),
      verdict: (caller) =>
        caller.viewer.event_code === 'VIP'
          ? ackRefused(RELAY_ERRORS.ROOM_FORBIDDEN)
          : ackRefused(RELAY_ERRORS.TOPIC_FOREIGN_EVENT),
    },
  ],
};

/** Every name of the realtime channel a client might emit: the contracts' lists. */
const ALL_NAMES = [
  ...Object.values(TOPICS),
  ...Object.values(RELAY_EVENTS),
  ...Object.values(SERVER_EVENTS),
  ...Object.values(RELAY_SERVER_EVENTS),
];

/** What a client emitting a name that is no client topic hears. */
function nonClientVerdict(name: string): AckVerdict {
  // The bare family name is no topic at all; every other name is the server's.
  return name === TOPICS.CHAT
    ? ackRefused(RELAY_ERRORS.TOPIC_INVALID)
    : ackRefused(RELAY_ERRORS.TOPIC_SERVER_ONLY);
}

function judgeAck(verdict: AckVerdict, ack: { statusCode: number; message?: string }): string {
  if (verdict === 200) return ack.statusCode === 200 ? '' : `expected 200, got ${JSON.stringify(ack)}`;
  if (ack.statusCode !== 400) return `expected refused, got ${JSON.stringify(ack)}`;
  if (verdict.refused !== undefined && ack.message !== verdict.refused)
    return `expected '${verdict.refused}', got '${ack.message}'`;
  return '';
}

/** Marks the announcements of the catch-up case (the topic cases' own are kept too, meant for others). */
const CATCH_UP_MARK = 'catch-up-matrix';

/** An announcement the relay keeps: its sender's event and the send's audience fields. */
interface KeptAnnouncement {
  eventCode: string;
  /** Whom it names (its title after the mark). */
  what: string;
  room_id: number | null;
  user_ids: number[];
}

/**
 * Whether a caller's tab may recover a kept announcement: one of its sender's event, naming the caller among
 * its users, else the room the relay put the tab in (the caller's own lobby: the tab asking is a new one), else
 * (room 0 or none) the event.
 */
function isMeantFor(kept: KeptAnnouncement, caller: Required<Caller>): boolean {
  if (caller.viewer.event_code !== kept.eventCode) return false;
  if (kept.user_ids.length > 0) return kept.user_ids.includes(caller.viewer.id);
  return kept.room_id === null || kept.room_id === 0 || kept.room_id === ownLobby(caller);
}

describe('authorisation matrix, real answers: relay topics', () => {
  beforeAll(async () => {
    for (const caller of signedIn())
      caller.socket = await connectAs(node, {
        token: caller.token,
        userId: caller.viewer.id,
        roomId: ownLobby(caller),
      });
  });

  it('has cases for every client topic, each under a rule of TOPIC_ACCESS', () => {
    expect(Object.keys(TOPIC_CASES).sort()).toEqual(Object.keys(TOPIC_ACCESS).sort());
    expect(Object.keys(TOPIC_ACCESS).sort()).toEqual([...CLIENT_TOPICS, 'chat'].sort());
  });

  it('refuses every handshake without a token of a live session (anonymous, for every topic)', async () => {
    expect(await refusal(node, { userId: OWNER.id })).toBe(RELAY_ERRORS.TOKEN_MISSING);
    expect(await refusal(node, { userId: OWNER.id, token: 'not-a-token' })).toBe(RELAY_ERRORS.TOKEN_INVALID);
  });

  for (const name of ALL_NAMES.filter((each) => !isClientTopic(each))) {
    it(`${name}: refused from every caller (not a client topic)`, async () => {
      const wrong: string[] = [];
      for (const caller of signedIn()) {
        const ack = await caller.socket.request<{ statusCode: number; message?: string }>(name, {});
        const problem = judgeAck(nonClientVerdict(name), ack);
        if (problem) wrong.push(`${caller.name}: ${problem}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  for (const [topic, cases] of Object.entries(TOPIC_CASES)) {
    for (const each of cases) {
      it(`${topic} naming ${each.what}: acks each caller as ${TOPIC_ACCESS[topic as ClientTopic | 'chat']} says`, async () => {
        const wrong: string[] = [];
        for (const caller of signedIn()) {
          const ack = await caller.socket.request<{ statusCode: number; message?: string }>(
            each.topic?.(caller) ?? topic,
            each.payload(caller),
          );
          const problem = judgeAck(each.verdict(caller), ack);
          if (problem) wrong.push(`${caller.name}: ${problem}`);
        }
        expect(wrong).toEqual([]);
      });
    }
  }

  it("announcements_catch_up: each caller's ack holds what was meant for its tab, none sent to another user, room or event", async () => {
    // A manager of DEMO (root, an admin, in DEMO's lobby) and one of VIP (the event-admin of another event) send;
    // the relay keeps each for its audience (announcement-log.ts) before the ack.
    const signin = await callProcedure<{ user_data: { id: number; jwt_token: string } }>(
      node,
      'auth.signin',
      {
        email: 'root@demo.test',
        password: DEMO_PASSWORD,
        event_code: 'DEMO',
        frontend: 'visitor',
        force_login: true,
      },
    );
    if (!signin.data) throw new Error(`sign-in of root: ${JSON.stringify(signin.error)}`);
    const demoManager = await connectAs(node, {
      token: signin.data.user_data.jwt_token,
      userId: signin.data.user_data.id,
      roomId: DEMO_LOBBY,
    });
    let vipTab: TestClient | undefined;
    try {
      const vipManager = signedIn().find((caller) => caller.name === 'event-admin of another event');
      const another = signedIn().find((caller) => caller.name === 'another visitor');
      if (!vipManager || !another) throw new Error('no manager of VIP or second visitor among the callers');
      // A new tab of VIP's manager: the matrix's tab has spent its emit budget (rate-limit.ts) on the cases above.
      vipTab = await connectAs(node, {
        token: vipManager.token,
        userId: vipManager.viewer.id,
        roomId: ownLobby(vipManager),
      });
      const sends: KeptAnnouncement[] = [
        { eventCode: 'DEMO', what: 'another user only', room_id: null, user_ids: [another.viewer.id] },
        // A room the owner may not enter, and one she may but is not in: the relay put her tab in DEMO's lobby.
        { eventCode: 'DEMO', what: 'the VIP Lounge', room_id: LOUNGE, user_ids: [] },
        { eventCode: 'DEMO', what: 'the Expo Hall', room_id: EXPO_HALL, user_ids: [] },
        { eventCode: 'DEMO', what: 'the owner', room_id: null, user_ids: [OWNER.id] },
        { eventCode: 'DEMO', what: "DEMO's lobby", room_id: DEMO_LOBBY, user_ids: [] },
        { eventCode: 'DEMO', what: 'all of DEMO', room_id: 0, user_ids: [] },
        { eventCode: 'VIP', what: 'all of VIP', room_id: 0, user_ids: [] },
        // Room ids are the platform's: VIP's room of the id of DEMO's lobby is another event's room.
        { eventCode: 'VIP', what: "VIP's room of the id of DEMO's lobby", room_id: DEMO_LOBBY, user_ids: [] },
      ];
      for (const each of sends) {
        const sender = each.eventCode === 'VIP' ? vipTab : demoManager;
        const ack = await sender.request('announcements', {
          title: `${CATCH_UP_MARK} ${each.what}`,
          message: 'matrix',
          type: 1,
          duration: null,
          room_id: each.room_id,
          user_ids: each.user_ids,
        });
        expect(ack, `sending to ${each.what}`).toEqual({ statusCode: 200 });
      }

      // Asked as after a reconnect: a new tab of the caller in its own lobby (the caller's tab above may have
      // moved: the topic cases' enter_room).
      const recovered = async (caller: Required<Caller>): Promise<string[]> => {
        const tab = await connectAs(node, {
          token: caller.token,
          userId: caller.viewer.id,
          roomId: ownLobby(caller),
        });
        try {
          const ack = await tab.request<AnnouncementsCatchUpAck>('announcements_catch_up', {});
          if (ack.statusCode !== 200) throw new Error(`${caller.name}: ${ack.message}`);
          return ack.announcements
            .map((announcement) => announcement.title)
            .filter((title) => title.startsWith(CATCH_UP_MARK))
            .sort();
        } finally {
          tab.close();
        }
      };
      const wrong: string[] = [];
      for (const caller of signedIn()) {
        const expected = sends
          .filter((each) => isMeantFor(each, caller))
          .map((each) => `${CATCH_UP_MARK} ${each.what}`)
          .sort();
        const got = await recovered(caller);
        if (JSON.stringify(got) !== JSON.stringify(expected))
          wrong.push(`${caller.name}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
      }
      expect(wrong).toEqual([]);

      // Not vacuous: the owner's ack holds those of her event meant for her, and none of what another user, the
      // rooms she is not in (one she may not enter, one she may) or another event was sent.
      const owner = signedIn().find((caller) => caller.name === 'owner');
      if (!owner) throw new Error('no owner');
      const ownerHolds = await recovered(owner);
      expect(ownerHolds).toEqual(
        ['the owner', "DEMO's lobby", 'all of DEMO'].map((what) => `${CATCH_UP_MARK} ${what}`).sort(),
      );
      for (const what of [
        'another user only',
        'the VIP Lounge',
        'the Expo Hall',
        'all of VIP',
        "VIP's room of the id of DEMO's lobby",
      ])
        expect(ownerHolds).not.toContain(`${CATCH_UP_MARK} ${what}`);
    } finally {
      demoManager.close();
      vipTab?.close();
    }
  });

  it("access_catch_up answers each caller their own event's rooms they may enter, whoever the payload names", async () => {
    const wrong: string[] = [];
    for (const caller of signedIn()) {
      // A new tab, as a reconnecting one asks (the caller's socket has spent its emits on the cases above).
      const tab = await connectAs(node, { token: caller.token, userId: caller.viewer.id });
      const ack = await tab
        .request<AccessCatchUpAck>(RELAY_EVENTS.ACCESS_CATCH_UP, { user_id: OWNER.id })
        .finally(() => tab.close());
      const expected = [...rooms.values()]
        .filter((room) => room.event_code === caller.viewer.event_code && mayEnter(caller, room.id))
        .map((room) => room.id)
        .sort((a, b) => a - b);
      const answered =
        ack.statusCode === 200 && 'accessibleRooms' in ack
          ? ack.accessibleRooms.map((room) => room.roomId).sort((a, b) => a - b)
          : ack;
      if (JSON.stringify(answered) !== JSON.stringify(expected))
        wrong.push(`${caller.name}: ${JSON.stringify(answered)}, not ${JSON.stringify(expected)}`);
    }
    expect(wrong).toEqual([]);
    // Not vacuous: the answers differ by caller (the VIP Lounge is the exhibitor's and not the owner's).
    const byName = (name: string) => signedIn().find((caller) => caller.name === name) as Caller;
    expect([mayEnter(byName('exhibitor'), LOUNGE), mayEnter(byName('owner'), LOUNGE)]).toEqual([true, false]);
  });

  it('delivered nothing of the VIP Lounge to anyone who may not enter it, nor from another event to DEMO', async () => {
    await settle();
    const leaks = signedIn()
      .filter((caller) => !mayEnter(caller, LOUNGE))
      .filter((caller) => JSON.stringify(caller.socket.heard).includes(LOUNGE_MARK))
      .map((caller) => caller.name);
    expect(leaks).toEqual([]);
    // DEMO's chat reached nobody of VIP.
    const foreign = signedIn()
      .filter((caller) => caller.viewer.event_code !== 'DEMO')
      .filter((caller) => caller.socket.events(chatTopic('DEMO')).length > 0)
      .map((caller) => caller.name);
    expect(foreign).toEqual([]);
    // Nothing another event's manager or user sent reached anyone of DEMO (announcement, refresh or chat).
    const fromAbroad = signedIn()
      .filter((caller) => caller.viewer.event_code === 'DEMO')
      .filter((caller) => JSON.stringify(caller.socket.heard).includes(FOREIGN_MARK))
      .map((caller) => caller.name);
    expect(fromAbroad).toEqual([]);
  });

  it("refreshes_catch_up holds the tab's own refreshes: never another user's, room's or event's", async () => {
    // Erin manages DEMO (the control of the key rows), the VIP event-admin manages VIP. Each sends refreshes marked
    // `kept-<what>`; then every caller asks from a new tab in its own lobby.
    const signin = await callProcedure<{ user_data: { jwt_token: string } }>(node, 'auth.signin', {
      email: DEMO_MANAGER.email,
      password: DEMO_PASSWORD,
      event_code: 'DEMO',
      frontend: 'visitor',
      force_login: true,
    });
    if (!signin.data) throw new Error(`sign-in of erin: ${JSON.stringify(signin.error)}`);
    const demoAdmin = await connectAs(node, {
      token: signin.data.user_data.jwt_token,
      userId: IN_LOUNGE.id,
      roomId: DEMO_LOBBY,
    });
    const vipAdmin = CALLERS.find((caller) => caller.name === 'event-admin of another event');
    const vera = CALLERS.find((caller) => caller.name === 'user of another event');
    const grace = CALLERS.find((caller) => caller.name === 'another visitor');
    if (!vipAdmin?.token || !vipAdmin.viewer || !vera?.viewer || !grace?.viewer)
      throw new Error('callers not signed in');
    // A new tab of VIP's manager: the matrix's tab has spent its emit budget (rate-limit.ts) on the cases above.
    const vipTab = await connectAs(node, {
      token: vipAdmin.token,
      userId: vipAdmin.viewer.id,
      roomId: VIP_LOBBY,
    });
    /** What each refresh was sent to: listed users, one room or (neither) the whole event of its sender. */
    const sent: Array<{ mark: string; eventCode: string; userIds?: number[]; roomId?: number }> = [
      { mark: 'kept-owner', eventCode: 'DEMO', userIds: [OWNER.id] },
      { mark: 'kept-another-visitor', eventCode: 'DEMO', userIds: [grace.viewer.id] },
      { mark: 'kept-demo-lobby', eventCode: 'DEMO', roomId: DEMO_LOBBY },
      { mark: 'kept-expo-hall', eventCode: 'DEMO', roomId: EXPO_HALL },
      { mark: 'kept-demo', eventCode: 'DEMO' },
      { mark: 'kept-vera', eventCode: 'VIP', userIds: [vera.viewer.id] },
      { mark: 'kept-vip', eventCode: 'VIP' },
    ];
    try {
      for (const { mark, eventCode, userIds, roomId } of sent) {
        const sender = eventCode === 'DEMO' ? demoAdmin : vipTab;
        const trigger = {
          action: 'refresh',
          url: `/lobby?${mark}`,
          ...(userIds ? { user_ids: userIds } : {}),
          ...(roomId === undefined ? {} : { room_id: roomId }),
        };
        expect(await sender.request('sessions_triggers', trigger), mark).toEqual({ statusCode: 200 });
      }
      await settle();
      const wrong: string[] = [];
      let sameIds = 0;
      for (const caller of signedIn()) {
        // A tab reconnecting to its own lobby (the matrix's tabs moved rooms in the cases above).
        const back = await connectAs(node, {
          token: caller.token,
          userId: caller.viewer.id,
          roomId: ownLobby(caller),
        });
        const ack = await back
          .request<RefreshesCatchUpAck>('refreshes_catch_up', {})
          .finally(() => back.close());
        if (ack.statusCode !== 200) throw new Error(`${caller.name}: ${JSON.stringify(ack)}`);
        const urls = ack.refreshes.map((refresh) => refresh.url ?? '');
        const got = urls.filter((url) => url.includes('kept-')).map((url) => url.split('?')[1]);
        const meant = sent
          .filter(({ eventCode }) => caller.viewer.event_code === eventCode)
          .filter(({ userIds, roomId }) =>
            userIds
              ? userIds.includes(caller.viewer.id)
              : roomId === undefined || roomId === ownLobby(caller),
          )
          .map(({ mark }) => mark);
        if (got.sort().join() !== meant.sort().join())
          wrong.push(`${caller.name}: got ${got}, meant ${meant}`);
        // A recovered one its connected tab heard live (it may have moved out of its lobby) has the live id.
        const live = new Map(caller.socket.events<RefreshEvent>('refresh').map(({ id, url }) => [url, id]));
        for (const { id, url } of ack.refreshes.filter(
          ({ url }) => url?.includes('kept-') && live.has(url),
        )) {
          if (live.get(url) !== id) wrong.push(`${caller.name}: ${url} has not the id heard live`);
          else sameIds += 1;
        }
        if (caller.viewer.event_code === 'DEMO' && urls.some((url) => url.includes(FOREIGN_MARK)))
          wrong.push(`${caller.name}: holds a refresh another event's manager sent`);
      }
      expect(wrong).toEqual([]);
      expect(sameIds).toBeGreaterThan(0);
    } finally {
      demoAdmin.close();
      vipTab.close();
    }
  });
});
