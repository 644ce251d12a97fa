/**
 * The run's people and places, made through the provider's own REST calls (addressed by their catalogue
 * entries): the rooms (as the demo admin) and the visitors (sign-up, then sign-in for a token), and the reads
 * the checker compares against (a conversation's whole stored history).
 */
import {
  callPath,
  catalogue,
  fillPath,
  type ChatMessage,
  type RestCall,
  type ServiceGroup,
} from '@showfloor/contracts';

/** The demo fixture's admin and password (mock-provider fixtures). */
const DEMO_ADMIN = 'root@demo.test';
const PASSWORD = 'Showfloor2026';
export const EVENT_CODE = 'DEMO';

/** A visitor of the run. */
export interface Visitor {
  userId: number;
  token: string;
  email: string;
}

interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  token?: string;
}

/** Calls the provider's catalogue entry `service.name`; throws on a non-2xx answer. */
export async function providerCall<T>(
  baseUrl: string,
  service: ServiceGroup,
  name: string,
  input: CallInput = {},
): Promise<T> {
  const call = (catalogue[service] as Record<string, RestCall>)[name];
  if (!call) throw new Error(`no catalogue entry ${service}.${name}`);
  const search = new URLSearchParams(
    Object.entries(input.query ?? {}).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
  const url = `${baseUrl}${fillPath(callPath(call), input.params)}${search ? `?${search}` : ''}`;
  const headers: Record<string, string> = {};
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: call.method,
    headers,
    ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${service}.${name}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Signs a user in (ending other sessions) and answers id and token. */
async function signIn(baseUrl: string, email: string): Promise<Visitor> {
  const answer = await providerCall<{ user_data: { id: number; jwt_token: string } }>(
    baseUrl,
    'auth',
    'signin',
    {
      body: { email, password: PASSWORD, event_code: EVENT_CODE, frontend: 'visitor', force_login: true },
    },
  );
  return { userId: answer.user_data.id, token: answer.user_data.jwt_token, email };
}

/** Runs `work` over `count` indexes with at most `concurrency` at once. */
async function pool(count: number, concurrency: number, work: (index: number) => Promise<void>) {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** Creates `count` rooms in the demo event (as its admin); answers their ids. */
export async function createRooms(baseUrl: string, runId: string, count: number): Promise<number[]> {
  const admin = await signIn(baseUrl, DEMO_ADMIN);
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const room = await providerCall<{ id: number }>(baseUrl, 'content', 'createRoom', {
      token: admin.token,
      body: {
        name: `Fault hall ${index + 1}`,
        link: `https://rooms.example.test/${runId}/${index + 1}`,
        type: 'meeting',
        event_code: EVENT_CODE,
        multiplayer: true,
      },
    });
    ids.push(room.id);
  }
  return ids;
}

/** Registers and signs in `count` visitors of the demo event. */
export async function createVisitors(
  baseUrl: string,
  runId: string,
  count: number,
  onProgress?: (done: number) => void,
): Promise<Visitor[]> {
  const visitors: Visitor[] = new Array(count);
  let done = 0;
  await pool(count, 16, async (index) => {
    const email = `fault-${runId}-${index + 1}@demo.test`;
    await providerCall(baseUrl, 'auth', 'signup', {
      body: {
        firstname: 'Fault',
        lastname: `Visitor ${index + 1}`,
        email,
        password: PASSWORD,
        active: true,
        event_code: EVENT_CODE,
      },
    });
    visitors[index] = await signIn(baseUrl, email);
    done += 1;
    onProgress?.(done);
  });
  return visitors;
}

/** Every stored message of a conversation, in seq order (read with a participant's token). */
export async function storedHistory(
  baseUrl: string,
  conversationId: string,
  token: string,
): Promise<ChatMessage[]> {
  const messages: ChatMessage[] = [];
  let after = 0;
  for (;;) {
    const page = await providerCall<{ messages: ChatMessage[] }>(baseUrl, 'conversation', 'getConversation', {
      token,
      params: { id: conversationId },
      query: { after_seq: after, limit: 200 },
    });
    messages.push(...page.messages);
    const last = page.messages.at(-1)?.seq;
    if (page.messages.length < 200 || last === undefined) return messages;
    after = last;
  }
}
