/**
 * Bench stand-in for the provider: answers at once, in the catalogue's shapes, the few calls the relay makes
 * (JWKS, session status, room, room entries, event members, store a message idempotently per sender and
 * client_id with a per-conversation seq, read a conversation, the caller's conversation list). So systems B and
 * C measure the gateway, not a database. Plain node:http to stay cheap, and its memory bounded: it remembers a
 * stored message only for a resend (client_ids for the last 10-20 s, as the answer's JSON), a seq per
 * conversation and an entry count per room and user, so a long run does not grow its heap (and its collector's
 * pauses, which would land in B's and C's ack latency).
 * Usage: `instant-provider.ts <port> <eventCode> <users> <jwk json>`; prints `READY <port>`. With
 * `HELPER_THREADS_NICE` (1-19) its helper threads (V8 workers, libuv pool) run at that nice, as the gateway's do
 * (bench:capacity sets it: on unpinned cores the nodes' event loops come before the provider's collector).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { startHelperPriority } from '@showfloor/gateway/helper-priority';
import { RecentMap } from '@showfloor/gateway/recent-map';

const helperNice = Number(process.env.HELPER_THREADS_NICE ?? 0);
if (helperNice > 0) startHelperPriority(helperNice);

const port = Number(process.argv[2] ?? 0);
const eventCode = process.argv[3] ?? 'DEMO';
const userCount = Number(process.argv[4] ?? 1000);
const jwk = JSON.parse(process.argv[5] ?? '{}') as Record<string, unknown>;

const jwks = JSON.stringify({ keys: [jwk] });
const members = JSON.stringify({
  users: Array.from({ length: userCount }, (_, index) => ({
    id: index + 1,
    firstname: `Load`,
    lastname: `User ${index + 1}`,
    company: null,
    job_title: null,
    profile_picture: null,
  })),
});

interface Stored {
  id: string;
  type: string;
  action: string;
  message: string;
  from: number;
  to: number[];
  timestamp: string;
  room?: { id: number; name: string };
  conversation: string;
  client_id?: string;
  seq: number;
}
/**
 * How long a client_id is remembered at least (twice that at most): a resend after a lost ack comes within
 * seconds (the bench's senders never resend; the gateway does not retry a store).
 */
const RESEND_WINDOW_MS = 10_000;
/** The stored message's JSON by `sender:client_id` (the mock provider's key): a resend answers the same. */
const storedByClientId = new RecentMap<string, string>(RESEND_WINDOW_MS);
const nextSeq = new Map<string, number>();
let nextId = 1;
/** Entries per `room:user` (content.enterRoom). */
const entriesByUser = new Map<string, number>();

/** User id by Authorization header: a bench user's token does not change, so each is decoded once. */
const callerByHeader = new Map<string, number>();
/** Past this many headers the cache starts over (tokens re-issued on a very long run). */
const CALLER_CACHE_MAX = 50_000;

/** The token's user id, read without verifying (the gateway verified it before calling). */
function callerId(request: IncomingMessage): number {
  const header = request.headers.authorization ?? '';
  const known = callerByHeader.get(header);
  if (known !== undefined) return known;
  const payload = header.replace(/^Bearer /, '').split('.')[1] ?? '';
  const id = Number(
    (JSON.parse(Buffer.from(payload, 'base64url').toString() || '{}') as { sub?: string }).sub ?? 0,
  );
  if (callerByHeader.size >= CALLER_CACHE_MAX) callerByHeader.clear();
  callerByHeader.set(header, id);
  return id;
}

function send(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

function storeMessage(request: IncomingMessage, raw: string): string {
  const body = JSON.parse(raw) as {
    message: string;
    type?: string;
    action?: string;
    to?: number[];
    room_id?: number;
    client_id?: string;
    conversation_id?: string;
  };
  const from = callerId(request);
  const key = body.client_id ? `${from}:${body.client_id}` : undefined;
  if (key) {
    const existing = storedByClientId.get(key);
    if (existing) return existing;
  }
  const to = body.to ?? [];
  const conversation =
    body.conversation_id ??
    (body.room_id !== undefined
      ? `room-${body.room_id}`
      : `p-${[from, ...to].sort((a, b) => a - b).join('-')}`);
  const seq = (nextSeq.get(conversation) ?? 0) + 1;
  nextSeq.set(conversation, seq);
  const stored: Stored = {
    id: `m${nextId++}`,
    type: body.type ?? 'text',
    action: body.action ?? 'message',
    message: body.message,
    from,
    to,
    timestamp: String(Date.now()),
    ...(body.room_id !== undefined ? { room: { id: body.room_id, name: `Room ${body.room_id}` } } : {}),
    conversation,
    ...(body.client_id ? { client_id: body.client_id } : {}),
    seq,
  };
  const json = JSON.stringify(stored);
  if (key) storedByClientId.set(key, json);
  return json;
}

const server = createServer((request, response) => {
  const url = request.url ?? '/';
  const path = url.split('?', 1)[0] ?? '/';
  if (request.method === 'POST' && path === '/api/v1/conversation/conversations/messages') {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => send(response, 200, storeMessage(request, raw)));
    return;
  }
  if (path === '/api/v1/auth/jwks') return send(response, 200, jwks);
  if (request.method === 'POST' && path === '/api/v1/auth/sessions/status') {
    // Bench sessions never end: every named session is alive.
    request.resume();
    request.on('end', () => send(response, 200, '{"ended":[]}'));
    return;
  }
  let match = /^\/api\/v1\/content\/rooms\/(\d+)\/entries$/.exec(path);
  if (match && request.method === 'POST') {
    // enter_room is recorded at the provider (content.enterRoom) before the relay passes it on.
    const roomId = Number(match[1]);
    const userId = callerId(request);
    const key = `${roomId}:${userId}`;
    const entries = (entriesByUser.get(key) ?? 0) + 1;
    entriesByUser.set(key, entries);
    request.resume();
    request.on('end', () =>
      send(response, 200, JSON.stringify({ room_id: roomId, user_id: userId, entries })),
    );
    return;
  }
  match = /^\/api\/v1\/content\/rooms\/(\d+)$/.exec(path);
  if (match) {
    const id = Number(match[1]);
    return send(
      response,
      200,
      JSON.stringify({
        id,
        name: `Room ${id}`,
        link: 'https://rooms.example.com/r',
        type: '3d',
        event_code: eventCode,
        active: true,
        multiplayer: true,
      }),
    );
  }
  if (/^\/api\/v1\/user\/users\/event\/[^/]+$/.test(path)) return send(response, 200, members);
  // The chat list drawer page (tRPC conversation.listConversations): bench users have no conversations.
  if (request.method === 'GET' && path === '/api/v1/conversation/conversations')
    return send(response, 200, '{"conversations":[]}');
  match = /^\/api\/v1\/conversation\/conversations\/([^/]+)$/.exec(path);
  if (match && request.method === 'GET')
    return send(response, 200, JSON.stringify({ messages: [], page_state: null }));
  send(response, 404, JSON.stringify({ message: 'Not found.' }));
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
