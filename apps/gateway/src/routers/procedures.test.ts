/**
 * Every tRPC procedure, through the gateway, against the real mock provider: one success each, and one
 * provider error each that reaches the client with the provider's own message, error_code and status.
 *
 * The provider error every authed procedure gets: a session the provider ended behind the gateway's back
 * (a second sign-in with force_login made directly at the provider). The gateway still accepts the token
 * locally, so the provider answers 401 / '401.1' and the test compares what arrives with what the provider
 * itself answers to the same call. Public procedures get a business error of their own (unknown event, wrong
 * password ...). The rows form one table: a procedure without a row, or a row without a procedure, fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import {
  ERROR_CODES,
  ProviderErrorSchema,
  callPath,
  catalogue,
  type CurrentUser,
  type RestCall,
} from '@showfloor/contracts';
import type { AppRouter } from '../trpc/root.ts';
import {
  callProcedure,
  procedurePaths,
  startGateway,
  type RunningGateway,
  type TrpcAnswer,
} from '../../test/gateway.ts';
import { startMockProvider, type MockProvider } from '../../test/mock-provider.ts';

type In = inferRouterInputs<AppRouter>;
type Out = inferRouterOutputs<AppRouter>;
type Path = { [R in keyof In & string]: `${R}.${keyof In[R] & string}` }[keyof In & string];
type InputOf<P extends Path> = P extends `${infer R extends keyof In}.${infer N}`
  ? N extends keyof In[R]
    ? In[R][N]
    : never
  : never;
type OutputOf<P extends Path> = P extends `${infer R extends keyof Out}.${infer N}`
  ? N extends keyof Out[R]
    ? Out[R][N]
    : never
  : never;

const PASSWORD = 'Showfloor2026';
const PERSONAS = {
  ada: 'ada@demo.test',
  grace: 'grace@demo.test',
  linus: 'linus@demo.test',
  erin: 'erin@demo.test',
  root: 'root@demo.test',
} as const;
type Persona = keyof typeof PERSONAS | 'fresh';

interface Session {
  user: CurrentUser;
  /** Valid at the provider (signed in directly there, so the gateway never saw it start). */
  token: string;
  /** Ended at the provider by that direct sign-in, still unknown as ended to the gateway. */
  staleToken: string;
}

/** Shared state of the run: the stack, the signed-in personas and what rows created. */
class Fixture {
  readonly sessions = new Map<Persona, Session>();
  readonly memo = new Map<string, unknown>();

  constructor(
    readonly mock: MockProvider,
    readonly gateway: RunningGateway,
  ) {}

  session(persona: Persona): Session {
    const found = this.sessions.get(persona);
    if (!found) throw new Error(`persona ${persona} is not signed in`);
    return found;
  }

  id(persona: Persona): number {
    return this.session(persona).user.id;
  }

  /** A successful call through the gateway (fails the test otherwise). */
  async ok<P extends Path>(path: P, input: InputOf<P>, token?: string): Promise<OutputOf<P>> {
    const answer = await callProcedure<OutputOf<P>>(this.gateway.url, path, input, token ? { token } : {});
    if (answer.error) throw new Error(`${path} failed: ${answer.status} ${answer.error.message}`);
    return answer.data as OutputOf<P>;
  }

  async once<T>(key: string, make: () => Promise<T>): Promise<T> {
    if (!this.memo.has(key)) this.memo.set(key, await make());
    return this.memo.get(key) as T;
  }

  /** Signs a user in directly at the provider (force_login), bypassing the gateway. */
  async directSignIn(email: string, eventCode = 'DEMO'): Promise<CurrentUser> {
    const answer = await this.mock.direct(catalogue.auth.signin, {
      email,
      password: PASSWORD,
      event_code: eventCode,
      frontend: 'visitor',
      force_login: true,
    });
    if (answer.status !== 200)
      throw new Error(`direct sign-in of ${email} failed: ${JSON.stringify(answer.body)}`);
    return (answer.body as { user_data: CurrentUser }).user_data;
  }

  /** Signs a persona in through the gateway, then again directly at the provider (ending the first). */
  async signInPersona(persona: Persona, email: string): Promise<void> {
    const first = await this.ok('auth.signin', {
      email,
      password: PASSWORD,
      event_code: 'DEMO',
      frontend: 'visitor',
      force_login: true,
    });
    const second = await this.directSignIn(email);
    this.sessions.set(persona, {
      user: second,
      token: second.jwt_token,
      staleToken: first.user_data.jwt_token,
    });
  }

  /** The demo event's rooms. */
  rooms(): Promise<Out['content']['listRooms']['event_rooms'][number]['rooms']> {
    return this.once('rooms', async () => {
      const listed = await this.ok('content.listRooms', { event_code: 'DEMO' }, this.session('ada').token);
      const rooms = listed.event_rooms.flatMap((entry) => entry.rooms);
      if (rooms.length === 0) throw new Error('the demo event has no rooms');
      return rooms;
    });
  }

  async roomId(): Promise<number> {
    const rooms = await this.rooms();
    return (rooms.find((room) => room.active) ?? rooms[0])!.id;
  }

  /** A private conversation of ada and grace with one stored message from ada. */
  conversation(): Promise<{ conversationId: string; messageId: string }> {
    return this.once('conversation', async () => {
      const stored = await this.gateway.app.gatewayDeps.provider.call(
        'conversation',
        'sendMessage',
        { message: 'Hello Grace', to: [this.id('grace')], client_id: `test-${randomUUID()}` },
        { token: this.session('ada').token },
      );
      return { conversationId: stored.conversation, messageId: stored.id };
    });
  }

  /** A message of ada she may delete. */
  async deletableMessage(): Promise<string> {
    const { conversationId } = await this.conversation();
    const stored = await this.gateway.app.gatewayDeps.provider.call(
      'conversation',
      'sendMessage',
      {
        message: 'to be deleted',
        conversation_id: conversationId,
        to: [this.id('grace')],
        client_id: `test-${randomUUID()}`,
      },
      { token: this.session('ada').token },
    );
    return stored.id;
  }

  /** A conversation of linus and grace an admin may clear. */
  clearableConversation(): Promise<string> {
    return this.once('clearable', async () => {
      const stored = await this.gateway.app.gatewayDeps.provider.call(
        'conversation',
        'sendMessage',
        { message: 'Hello from erin', to: [this.id('grace')], client_id: `test-${randomUUID()}` },
        { token: this.session('erin').token },
      );
      return stored.conversation;
    });
  }

  /** Erin's request for grace's card (made by the requestCard row, or here when that row did not run). */
  cardRequest(): Promise<{ cardId: number }> {
    return this.once('card', async () => {
      const info = await this.ok(
        'businesscard.requestCard',
        { user_id: this.id('grace'), requester_id: this.id('erin') },
        this.session('erin').token,
      );
      if (info.card_id === null) throw new Error('no card id after a request');
      return { cardId: info.card_id };
    });
  }

  /** A user registered by the signup row, signed in again through the gateway (a session rows may end). */
  async throwawaySession(): Promise<CurrentUser> {
    const email = this.memo.get('signed-up') as string | undefined;
    if (!email) throw new Error('the auth.signup row did not register a user');
    const signin = await this.ok('auth.signin', {
      email,
      password: PASSWORD,
      event_code: 'DEMO',
      frontend: 'visitor',
      force_login: true,
    });
    return signin.user_data;
  }
}

/** One row of the table: who calls, with what, and (public calls) which input the provider refuses. */
interface Row<P extends Path> {
  /** Who makes the call; `public` sends no token. */
  as: Persona | 'public';
  input: (f: Fixture) => Promise<InputOf<P>> | InputOf<P>;
  /** Overrides the persona's token for the success call (a fresh session that the row may end). */
  token?: (f: Fixture) => Promise<string>;
  /** Extra checks of the success answer. */
  check?: (output: OutputOf<P>, f: Fixture) => void | Promise<void>;
  /** A valid input the provider refuses (required for public calls; optional extra for authed ones). */
  refused?: (f: Fixture) => Promise<InputOf<P>> | InputOf<P>;
}

type Table = { [P in Path]: Row<P> };

const TABLE: Table = {
  // auth
  'auth.providers': {
    as: 'public',
    input: () => ({ frontend: 'visitor', event_code: 'DEMO' }),
    check: (output) => expect(output.providers.map((provider) => provider.name)).toContain('demo-sso'),
    refused: () => ({ frontend: 'visitor', event_code: 'NO-SUCH-EVENT' }),
  },
  'auth.signin': {
    as: 'public',
    input: () => ({
      email: 'vera@demo.test',
      password: PASSWORD,
      event_code: 'VIP',
      access_code: 'VIP-2026',
      frontend: 'visitor',
      force_login: true,
    }),
    check: (output) => expect(output.user_data.username).toBe('vera@demo.test'),
    refused: () => ({
      email: 'grace@demo.test',
      password: 'not-the-password',
      event_code: 'DEMO',
      frontend: 'visitor',
    }),
  },
  'auth.signup': {
    as: 'public',
    input: () => ({
      firstname: 'New',
      lastname: 'Visitor',
      email: `signup-${randomUUID().slice(0, 8)}@demo.test`,
      password: PASSWORD,
      event_code: 'DEMO',
    }),
    check: (output, f) => {
      expect(output.message).toBe('Sign up successful!');
      f.memo.set('signed-up', output.user_data.username);
    },
    refused: () => ({
      firstname: 'Ada',
      lastname: 'Again',
      email: 'ada@demo.test',
      password: PASSWORD,
      event_code: 'DEMO',
    }),
  },
  'auth.password': {
    as: 'public',
    input: () => ({ type: 'reset', username: 'grace@demo.test', event_code: 'DEMO' }),
    refused: () => ({
      type: 'change',
      username: 'grace@demo.test',
      password: 'not-the-password',
      new_password: 'Another-2026',
    }),
  },
  'auth.oauth2Callback': {
    as: 'public',
    input: (f) =>
      f
        .once('oauth2-code', () => oauth2Code(f))
        .then((code) => ({ code, frontend: 'visitor' as const, provider: 'demo-sso', event_code: 'DEMO' })),
    check: (output) => expect(output.user_data.event_code).toBe('DEMO'),
    refused: () => ({ code: 'not-a-code', frontend: 'visitor', provider: 'demo-sso', event_code: 'DEMO' }),
  },
  'auth.signout': {
    as: 'linus',
    input: () => undefined,
    // A session of its own (the signed-up user's): signing out ends it.
    token: async (f) => (await f.throwawaySession()).jwt_token,
  },
  'auth.deleteSession': {
    as: 'root',
    input: async (f) => ({ user_id: (await f.once('throwaway', () => f.throwawaySession())).id }),
    refused: () => ({ user_id: 999_999 }),
  },
  'auth.putAccess': {
    as: 'root',
    input: async (f) => ({
      type: 'role',
      rule: { type: 'role', role_id: 'presenter', room_id: await f.roomId(), user_id: f.id('grace') },
    }),
    check: (output, f) => {
      expect(output.rule).toMatchObject({ type: 'role', user_id: f.id('grace') });
      expect(output.rule.id).toBeDefined();
    },
    refused: async (f) => ({
      type: 'role',
      rule: { type: 'role', role_id: 'presenter', room_id: await f.roomId(), user_id: 999_999 },
    }),
  },
  'auth.getAccess': {
    as: 'root',
    // The rule is stored first, so the list can be checked for it.
    input: async (f) => {
      await accessRule(f);
      return { type: 'role' };
    },
    check: async (output, f) => expect(output.rules.map((rule) => rule.id)).toContain(await accessRule(f)),
  },
  'auth.deleteAccess': {
    as: 'root',
    input: async (f) => ({ type: 'role', id: await accessRule(f) }),
    check: (output) => expect(output.message).toBe('Access rule deleted.'),
    refused: () => ({ type: 'role', id: 999_999 }),
  },
  // event
  'event.getPreferences': {
    as: 'public',
    input: () => ({ type: 'all', event_code: 'DEMO' }),
    check: (output) => expect(output.length).toBeGreaterThan(0),
    refused: () => ({ type: 'all', event_code: 'NO-SUCH-EVENT' }),
  },
  'event.getEvent': {
    as: 'public',
    input: () => ({ id: 'DEMO' }),
    check: (output) => expect(output.name).toBe('Showfloor Demo Expo'),
    refused: () => ({ id: 'NO-SUCH-EVENT' }),
  },
  'event.getOpenHours': {
    as: 'public',
    input: () => ({ id: 'CLOSED' }),
    refused: () => ({ id: 'NO-SUCH-EVENT' }),
  },
  'event.loginFaqs': {
    as: 'public',
    input: () => ({ frontend: 'visitor', event_code: 'DEMO' }),
    refused: () => ({ frontend: 'visitor', event_code: 'NO-SUCH-EVENT' }),
  },
  'event.createPreference': {
    as: 'ada',
    input: (f) => ({ name: 'exit_survey', value: 'no', user_id: f.id('ada'), event_code: 'DEMO' }),
  },
  'event.getEventFaqs': { as: 'ada', input: () => ({ id: 'DEMO', frontend: 'visitor' }) },
  'event.getFaq': {
    as: 'ada',
    input: async (f) => {
      const faqs = await f.ok(
        'event.getEventFaqs',
        { id: 'DEMO', frontend: 'visitor' },
        f.session('ada').token,
      );
      return { id: faqs.faqs[0]!.id };
    },
    refused: () => ({ id: 999_999 }),
  },
  'event.contactHelpDesk': {
    as: 'ada',
    input: () => ({
      phoneNumber: '+49 30 1234567',
      email: 'ada@demo.test',
      message: 'The poster does not load for me.',
    }),
  },
  'event.getPassport': { as: 'ada', input: () => undefined },
  // Linus has completed every badge in the fixture.
  'event.claimPassport': {
    as: 'linus',
    input: () => undefined,
    check: (output) => expect(output.passport_claimed).toBe(true),
  },
  'event.getStoreItems': { as: 'ada', input: () => undefined },
  'event.purchase': {
    as: 'ada',
    input: async (f) => {
      const items = await f.ok('event.getStoreItems', undefined, f.session('ada').token);
      const cheapest = [...items.items].sort((a, b) => a.coin_price - b.coin_price)[0]!;
      return { item_id: cheapest.id, coin_price: cheapest.coin_price };
    },
  },
  'event.listEvents': { as: 'root', input: () => undefined },
  'event.sendEmail': {
    as: 'ada',
    // The Expo Hall's booth video carries an onClickSendEmail.
    input: () => ({ room_id: 4, content_id: 4 }),
  },
  // conversation
  'conversation.getUserConversations': { as: 'ada', input: (f) => ({ id: f.id('ada') }) },
  'conversation.getConversation': {
    as: 'ada',
    input: async (f) => ({ id: (await f.conversation()).conversationId, after_seq: 0 }),
    check: (output) => expect(output.messages.map((message) => message.message)).toContain('Hello Grace'),
    refused: () => ({ id: 'no-such-conversation' }),
  },
  'conversation.listConversations': { as: 'ada', input: () => ({ frontend: 'visitor' }) },
  'conversation.getRoomConversation': {
    as: 'ada',
    input: async (f) => ({ id: await f.roomId() }),
    refused: () => ({ id: 999_999 }),
  },
  'conversation.markRead': {
    as: 'grace',
    input: async (f) => ({ id: (await f.conversation()).conversationId, seq: 1 }),
    refused: () => ({ id: 'no-such-conversation', seq: 1 }),
  },
  'conversation.getBotChat': {
    as: 'ada',
    input: () => ({ bot_name: 'helpbot' }),
    refused: () => ({ bot_name: 'no-such-bot' }),
  },
  'conversation.deleteMessage': {
    as: 'ada',
    input: async (f) => ({ id: await f.once('deletable', () => f.deletableMessage()) }),
    refused: () => ({ id: 'no-such-message' }),
  },
  'conversation.clearConversation': {
    as: 'root',
    input: async (f) => ({ id: await f.clearableConversation() }),
    refused: () => ({ id: 'no-such-conversation' }),
  },
  // businesscard
  'businesscard.requestCard': {
    as: 'erin',
    input: (f) => ({ user_id: f.id('grace'), requester_id: f.id('erin') }),
    check: (output, f) => {
      expect(output.approved).toBeNull();
      if (output.card_id !== null) f.memo.set('card', { cardId: output.card_id });
    },
    refused: (f) => ({ user_id: 999_999, requester_id: f.id('erin') }),
  },
  'businesscard.getCardInfo': { as: 'ada', input: (f) => ({ ofId: f.id('grace'), toId: f.id('ada') }) },
  'businesscard.updateCard': {
    as: 'grace',
    input: async (f) => ({ id: (await f.cardRequest()).cardId, approved: true, notes: 'Card allow to show' }),
    refused: () => ({ id: 999_999, approved: true }),
  },
  'businesscard.updateOwnCard': {
    as: 'ada',
    input: (f) => ({ id: f.id('ada'), personal_quote: 'Analytical engines!' }),
  },
  'businesscard.getUserCards': { as: 'ada', input: (f) => ({ id: f.id('ada') }) },
  'businesscard.deleteCard': {
    as: 'erin',
    input: async (f) => ({ id: (await f.cardRequest()).cardId }),
    refused: () => ({ id: 999_999 }),
  },
  // agenda
  'agenda.getAgenda': { as: 'ada', input: () => ({ type: 'event', event_code: 'DEMO' }) },
  // content
  'content.listRooms': { as: 'ada', input: () => ({ event_code: 'DEMO' }) },
  'content.getLobby': { as: 'ada', input: () => ({ event_code: 'DEMO' }) },
  'content.getRoom': {
    as: 'ada',
    input: async (f) => ({ id: await f.roomId() }),
    refused: () => ({ id: 999_999 }),
  },
  'content.getRoomContent': {
    as: 'ada',
    input: async (f) => ({ id: await f.roomId() }),
    refused: () => ({ id: 999_999 }),
  },
  'content.getMedia': {
    as: 'ada',
    input: async (f) => {
      for (const room of await f.rooms()) {
        const content = await f.ok('content.getRoomContent', { id: room.id }, f.session('ada').token);
        const withMedia = content.content.find(
          (item) => item.media_id !== null && item.media_id !== undefined,
        );
        if (withMedia?.media_id) return { id: withMedia.media_id };
      }
      throw new Error('no room content with media in the demo event');
    },
    refused: () => ({ id: 999_999 }),
  },
  'content.getMiniMap': { as: 'ada', input: () => ({ event_code: 'DEMO' }) },
  // user
  'user.getUser': { as: 'ada', input: (f) => ({ id: f.id('grace') }), refused: () => ({ id: 999_999 }) },
  'user.updateUser': {
    as: 'ada',
    input: (f) => ({
      id: f.id('ada'),
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@demo.test',
      company: 'Analytical Engines',
    }),
    check: (output) => expect(JSON.stringify(output)).toContain('Analytical Engines'),
  },
  'user.createTags': {
    as: 'ada',
    input: (f) => ({ user_id: f.id('ada'), tags: [{ tag_name: 'mathematics', type: 'skill' }] }),
  },
  'user.deleteTag': {
    as: 'ada',
    input: (f) => ({ user_id: f.id('ada'), tag_name: 'mathematics', type: 'skill' }),
  },
  'user.reportUser': {
    as: 'grace',
    input: (f) => ({
      reportedId: f.id('linus'),
      reporterId: f.id('grace'),
      summary: 'Spam in the room chat',
    }),
    refused: (f) => ({ reportedId: 999_999, reporterId: f.id('grace') }),
  },
  'user.listUsers': { as: 'ada', input: () => ({ event_code: 'DEMO' }) },
  'user.getLoggedUsers': { as: 'ada', input: () => ({ event_code: 'DEMO', role: 'visitor' }) },
  'user.getRoomUsers': {
    as: 'ada',
    input: async (f) => ({ id: await f.roomId() }),
    refused: () => ({ id: 999_999 }),
  },
  'user.getEventUsers': {
    as: 'ada',
    input: () => ({ id: 'DEMO' }),
    refused: () => ({ id: 'NO-SUCH-EVENT' }),
  },
  'user.getMatchingUsers': {
    as: 'ada',
    input: async (f) => ({ roomId: await f.roomId(), userId: f.id('ada') }),
  },
  'user.getSummary': { as: 'ada', input: (f) => ({ id: f.id('grace') }), refused: () => ({ id: 999_999 }) },
  'user.getSummaries': { as: 'ada', input: (f) => ({ ids: [f.id('ada'), f.id('grace')] }) },
  'user.getWallet': { as: 'ada', input: () => undefined },
  'user.updateTutorial': { as: 'ada', input: (f) => ({ user_id: f.id('ada') }) },
  'user.deletePicture': {
    as: 'ada',
    input: async (f) => {
      await f.once('picture', () => uploadPicture(f));
      return { user_id: f.id('ada') };
    },
  },
  'user.setRecruitingStatus': {
    as: 'erin',
    input: (f) => ({ user_id: f.id('ada'), status_id: 1, event_code: 'DEMO' }),
    refused: () => ({ user_id: 999_999, status_id: 1, event_code: 'DEMO' }),
  },
  'user.getRecruitingUserData': {
    as: 'erin',
    input: (f) => ({ id: f.id('ada') }),
    refused: () => ({ id: 999_999 }),
  },
  'user.updateRecruitingNotes': {
    as: 'erin',
    input: (f) => ({ id: f.id('ada'), notes: 'Invite to the hiring panel.' }),
    check: (out) => expect(out).toEqual({ notes: 'Invite to the hiring panel.' }),
    refused: () => ({ id: 999_999, notes: 'x' }),
  },
  'user.deactivateUser': { as: 'fresh', input: (f) => ({ user_id: f.id('fresh') }) },
  // database
  'database.getAvatars': { as: 'ada', input: () => ({ event_code: 'DEMO' }) },
  'database.getMeetingInstances': {
    as: 'ada',
    input: async (f) => {
      const room = (await f.rooms()).find((candidate) => candidate.link.includes('meeting'));
      if (!room) throw new Error('no meeting room in the demo event');
      const meetingId = new URL(room.link).pathname.split('/').filter(Boolean).at(-1) ?? '';
      return { meeting_id: meetingId };
    },
  },
};

/**
 * Walks the single sign-on navigation through the gateway's proxy as a browser would: the provider's redirect
 * to its identity page, the page's form posted back, and the redirect to the app's callback with the code.
 */
async function oauth2Code(f: Fixture): Promise<string> {
  const start = await fetch(
    `${f.gateway.url}/api/v1/auth/oauth2?frontend=visitor&provider=demo-sso&event_code=DEMO`,
    {
      redirect: 'manual',
    },
  );
  const identityPage = new URL(start.headers.get('location') ?? '', f.gateway.url);
  expect(identityPage.origin).toBe(f.gateway.url);
  const page = await fetch(identityPage);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<form');
  // A new identity: an SSO sign-in ends the user's other sessions, and the personas' must stay.
  const form = new URLSearchParams({
    ...Object.fromEntries(identityPage.searchParams),
    email: `sso-${randomUUID().slice(0, 8)}@demo.test`,
  });
  const posted = await fetch(
    identityPage.pathname === '' ? identityPage : new URL(identityPage.pathname, f.gateway.url),
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    },
  );
  const callback = new URL(posted.headers.get('location') ?? '', f.gateway.url);
  expect(callback.pathname).toBe('/auth/callback/oauth2/demo-sso');
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback.toString()}`);
  return code;
}

/** A role rule stored by root (linus, presenter of a room), for the rows that list and delete rules. */
function accessRule(f: Fixture): Promise<number> {
  return f.once('access-rule', async () => {
    const rule = {
      type: 'role' as const,
      role_id: 'presenter' as const,
      room_id: await f.roomId(),
      user_id: f.id('linus'),
    };
    const stored = await f.ok('auth.putAccess', { type: 'role', rule }, f.session('root').token);
    if (stored.rule.id === undefined) throw new Error('the stored rule has no id');
    return stored.rule.id;
  });
}

/** Gives ada a profile picture through the file proxy. */
async function uploadPicture(f: Fixture): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'ada.png');
  const response = await fetch(`${f.gateway.url}/api/v1/user/picture?user_id=${f.id('ada')}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${f.session('ada').token}` },
    body: form,
  });
  if (response.status !== 200)
    throw new Error(`picture upload failed: ${response.status} ${await response.text()}`);
}

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The provider's log of requests to one call's route. */
function hitsOf(call: RestCall): string[] {
  const pattern = new RegExp(`^${call.method} ${callPath(call).replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
  return f.mock.hits.filter((hit) => pattern.test(hit));
}

function callOf(path: Path): RestCall {
  const [router = '', name = ''] = path.split('.');
  const service = router === 'agenda' ? 'presentation' : router;
  const call = (catalogue as unknown as Record<string, Record<string, RestCall>>)[service]?.[name];
  if (!call) throw new Error(`no catalogue call for ${path}`);
  return call;
}

/** The provider's own answer to a call, asserted to be an error; answers its status and body. */
async function providerRefusal(f: Fixture, path: Path, input: unknown, token?: string) {
  const direct = await f.mock.direct(callOf(path), (input ?? {}) as Record<string, unknown>, token);
  expect(direct.status, `the provider itself refuses ${path}`).toBeGreaterThanOrEqual(400);
  return { status: direct.status, body: ProviderErrorSchema.parse(direct.body) };
}

function expectSameError(
  answer: TrpcAnswer,
  expected: {
    status: number;
    body: { message: string; error_code?: string | undefined; retry_token?: string | undefined };
  },
) {
  expect(answer.status).toBe(expected.status);
  expect(answer.error?.message).toBe(expected.body.message);
  expect(answer.error?.data.error_code).toBe(expected.body.error_code ?? null);
  expect(answer.error?.data.retry_token).toBe(expected.body.retry_token ?? null);
  expect(JSON.stringify(answer.error)).not.toMatch(/\n\s+at |stack/);
}

let f: Fixture;

beforeAll(async () => {
  const mock = await startMockProvider();
  const gateway = await startGateway(mock.url, {
    RATE_LIMIT_AUTH_PER_IP: '10000',
    RATE_LIMIT_AUTH_PER_ACCOUNT: '10000',
  });
  f = new Fixture(mock, gateway);
  for (const [persona, email] of Object.entries(PERSONAS)) await f.signInPersona(persona as Persona, email);
  // A user of its own for account deletion.
  const email = `fresh-${randomUUID().slice(0, 8)}@demo.test`;
  await f.ok('auth.signup', {
    firstname: 'Fresh',
    lastname: 'User',
    email,
    password: PASSWORD,
    event_code: 'DEMO',
  });
  await f.signInPersona('fresh', email);
});

afterAll(async () => {
  await f?.gateway.close();
  await f?.mock.close();
});

describe('the procedure table', () => {
  it('has exactly one row per tRPC procedure', () => {
    expect(Object.keys(TABLE).sort()).toEqual(procedurePaths());
  });
});

describe('every procedure through the gateway to the mock provider', () => {
  for (const path of Object.keys(TABLE) as Path[]) {
    const row = TABLE[path] as Row<Path>;
    const call = callOf(path);

    if (call.auth !== 'public') {
      it(`${path}: passes on the provider's 401 with its message and error_code '401.1'`, async () => {
        if (row.as === 'public') throw new Error(`${path} is not public: name who calls it`);
        const input = await row.input(f);
        const stale = f.session(row.as).staleToken;
        const expected = await providerRefusal(f, path, input, stale);
        expect(expected.body.error_code).toBe(ERROR_CODES.INVALID_TOKEN);
        const before = hitsOf(call).length;
        const answer = await callProcedure(f.gateway.url, path, input, { token: stale });
        expectSameError(answer, expected);
        // It was the provider's answer: the call reached it.
        expect(hitsOf(call).length).toBe(before + 1);
      });
    }

    it(`${path}: succeeds`, async () => {
      const input = await row.input(f);
      const token = row.token
        ? await row.token(f)
        : row.as === 'public'
          ? undefined
          : f.session(row.as).token;
      const answer = await callProcedure(f.gateway.url, path, input, token ? { token } : {});
      expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
      expect(answer.status).toBe(200);
      const schema = call.responses[200];
      expect(schema?.safeParse(answer.data).success).toBe(true);
      await row.check?.(answer.data as never, f);
    });

    if (row.refused || call.auth === 'public') {
      it(`${path}: passes on a refusal of the provider with its message and error_code`, async () => {
        if (!row.refused) throw new Error(`${path} is public: give it an input the provider refuses`);
        const input = await row.refused(f);
        const token = row.as === 'public' ? undefined : f.session(row.as).token;
        const expected = await providerRefusal(f, path, input, token);
        const answer = await callProcedure(f.gateway.url, path, input, token ? { token } : {});
        expectSameError(answer, expected);
      });
    }
  }
});
