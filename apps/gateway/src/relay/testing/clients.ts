/**
 * socket.io clients for the relay tests: connect as a user, emit with an ack, and record every event each
 * client hears so tests count deliveries exactly (and fail on unexpected ones).
 */
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import {
  SOCKET_CLIENT_OPTIONS,
  type ChatAck,
  type ChatMessage,
  type ChatSendInput,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@showfloor/contracts';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One connected client and what it heard. */
export interface TestClient {
  socket: TestSocket;
  /** Every event heard, in order: [name, payload]. */
  heard: Array<[string, unknown]>;
  /** Payloads heard for one event name. */
  events<T = unknown>(name: string): T[];
  /** Emits and waits for the ack (fails after `ms`). */
  request<A = unknown>(name: string, payload: unknown, ms?: number): Promise<A>;
  close(): void;
}

export interface ConnectOptions {
  token?: string;
  userId?: string | number;
  roomId?: string | number;
  frontend?: string;
  headers?: Record<string, string>;
  /** Reconnect automatically (off by default so tests see every disconnect). */
  reconnection?: boolean;
}

/** Creates a client (not yet connected: call `open`). */
export function createClient(baseUrl: string, options: ConnectOptions): TestClient {
  const query: Record<string, string> = { frontend: options.frontend ?? 'visitor' };
  if (options.userId !== undefined) query.userId = String(options.userId);
  if (options.roomId !== undefined) query.roomId = String(options.roomId);
  const socket: TestSocket = connect(baseUrl, {
    ...SOCKET_CLIENT_OPTIONS,
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
    autoConnect: false,
    forceNew: true,
    auth: options.token === undefined ? {} : { token: options.token },
    query,
    ...(options.headers ? { extraHeaders: options.headers } : {}),
  });
  const heard: Array<[string, unknown]> = [];
  socket.onAny((name: string, payload: unknown) => heard.push([name, payload]));
  return {
    socket,
    heard,
    events: <T>(name: string) => heard.filter(([event]) => event === name).map(([, payload]) => payload as T),
    request: <A>(name: string, payload: unknown, ms = 5_000) =>
      (
        socket.timeout(ms) as unknown as { emitWithAck(name: string, payload: unknown): Promise<A> }
      ).emitWithAck(name, payload),
    close: () => {
      socket.disconnect();
    },
  };
}

/** Connects; resolves once connected, rejects with the connect_error. */
export function open(client: TestClient, ms = 5_000): Promise<TestClient> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('connect timed out')), ms);
    client.socket.once('connect', () => {
      clearTimeout(timer);
      resolve(client);
    });
    client.socket.once('connect_error', (error: Error) => {
      clearTimeout(timer);
      reject(error);
    });
    client.socket.connect();
  });
}

/** Connects a client as a user; resolves once connected. */
export function connectAs(baseUrl: string, options: ConnectOptions): Promise<TestClient> {
  return open(createClient(baseUrl, options));
}

/** The connect_error message a handshake gets (fails if it connects). */
export async function refusal(baseUrl: string, options: ConnectOptions): Promise<string> {
  const client = createClient(baseUrl, options);
  try {
    await open(client);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    client.close();
  }
  throw new Error('the handshake was accepted');
}

/** Waits until `predicate` holds (polling), failing after `ms` with `what`. */
export async function until(predicate: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Lets in-flight deliveries land before counting (so "exactly once" also means "not twice"). */
export function settle(ms = 300): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A text from `from`, to users (`to`) or into a room, with a fresh client_id. */
export function chatText(
  from: number,
  message: string,
  where: { to?: number[]; room?: { id: number; name: string } },
): ChatSendInput {
  return {
    type: 'text',
    action: 'message',
    message,
    from,
    to: where.to ?? [],
    ...where,
    client_id: randomUUID(),
  };
}

/** Emits a chat payload on `topic` and answers the stored message; throws on a refusal. */
export async function sendChat(
  client: TestClient,
  topic: string,
  payload: ChatSendInput,
): Promise<ChatMessage> {
  const ack = await client.request<ChatAck>(topic, payload);
  if (ack.statusCode !== 200 || !ack.data) throw new Error(`not stored: ${JSON.stringify(ack)}`);
  return ack.data;
}
