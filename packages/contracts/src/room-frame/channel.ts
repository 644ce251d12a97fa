/**
 * The security rules of the room protocol, for both ends (the app's room page and a room page such as the mock
 * provider's demo rooms), free of DOM types so they are tested without a browser:
 * - a message is posted with the other side's exact origin as target, never '*';
 * - a received message counts only when its origin is the expected one AND its source is the expected window
 *   (the room's frame, or for a room its parent page), and it parses with its schema; anything else is dropped;
 * - a room's message over ROOM_MESSAGE_MAX_BYTES is read as `too_large`, with the message, so the app answers it
 *   (`refused`) and passes nothing on.
 */
import {
  AppToRoomMessageSchema,
  RoomToAppShapeSchema,
  jsonBytes,
  roomMessage,
  ROOM_MESSAGE_MAX_BYTES,
  ROOM_PROTOCOL,
  type AppToRoomMessage,
  type RoomToAppMessage,
  type Unenveloped,
} from './protocol.ts';

/** The parts of a `MessageEvent` the checks read. */
export interface ReceivedMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

/** A window messages can be posted to. */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** Why a received message was dropped: another origin or window (ignored quietly), or a bad shape (logged). */
export type DropReason = 'origin' | 'source' | 'foreign' | 'shape';

export type ReadResult<M> = { ok: true; message: M } | { ok: false; reason: DropReason; issues?: string };

/** What the app reads of a room: also a message of a good shape over ROOM_MESSAGE_MAX_BYTES (answered `refused`). */
export type RoomReadResult =
  | ReadResult<RoomToAppMessage>
  | { ok: false; reason: 'too_large'; message: RoomToAppMessage; bytes: number; issues: string };

/**
 * The exact origin of a room link (`https://rooms.example:8443`), or undefined for a link that is not an
 * absolute http(s) URL. The app frames and talks to nothing else.
 */
export function originOfLink(link: string): string | undefined {
  try {
    const url = new URL(link);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** True for data that claims to be of this protocol (other scripts on the page post their own messages). */
function claimsProtocol(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { protocol?: unknown }).protocol === ROOM_PROTOCOL
  );
}

function read<M>(
  event: ReceivedMessage,
  origins: readonly string[],
  source: unknown,
  schema: {
    safeParse(d: unknown): { success: true; data: M } | { success: false; error: { issues: unknown[] } };
  },
): ReadResult<M> {
  if (!origins.includes(event.origin)) return { ok: false, reason: 'origin' };
  if (source === null || source === undefined || event.source !== source)
    return { ok: false, reason: 'source' };
  if (!claimsProtocol(event.data)) return { ok: false, reason: 'foreign' };
  const parsed = schema.safeParse(event.data);
  if (!parsed.success) {
    const issues = (parsed.error.issues as Array<{ path: PropertyKey[]; message: string }>)
      .slice(0, 3)
      .map((i) => `${i.path.map(String).join('.') || '(message)'}: ${i.message}`)
      .join('; ');
    return { ok: false, reason: 'shape', issues };
  }
  return { ok: true, message: parsed.data };
}

/**
 * The app's side: a message counts only from the room link's origin and the room's own frame window, and is
 * passed on only within ROOM_MESSAGE_MAX_BYTES as JSON (`jsonBytes`, as `roomMessageBytes` counts); a larger one is read as
 * `too_large`, with the message, for the `refused` answer.
 */
export function readRoomMessage(
  event: ReceivedMessage,
  expected: { origin: string; frame: unknown },
): RoomReadResult {
  const result = read(event, [expected.origin], expected.frame, RoomToAppShapeSchema);
  if (!result.ok) return result;
  // The schema takes JSON values only, so JSON can write every message it read.
  const bytes = jsonBytes(result.message);
  if (bytes <= ROOM_MESSAGE_MAX_BYTES) return result;
  return {
    ok: false,
    reason: 'too_large',
    message: result.message,
    bytes,
    issues: `The message is ${bytes} bytes as JSON; at most ${ROOM_MESSAGE_MAX_BYTES} are passed on.`,
  };
}

/** A room's side: a message counts only from its parent page, on one of the app origins it serves. */
export function readAppMessage(
  event: ReceivedMessage,
  expected: { origins: readonly string[]; parent: unknown },
): ReadResult<AppToRoomMessage> {
  return read(event, expected.origins, expected.parent, AppToRoomMessageSchema);
}

/** Posts a message to the room, to its exact origin only. */
export function postToRoom(frame: MessageTarget, origin: string, body: Unenveloped<AppToRoomMessage>): void {
  frame.postMessage(roomMessage<AppToRoomMessage>(body), exactOrigin(origin));
}

/** Posts a message to the app, to its exact origin only. */
export function postToApp(parent: MessageTarget, origin: string, body: Unenveloped<RoomToAppMessage>): void {
  parent.postMessage(roomMessage<RoomToAppMessage>(body), exactOrigin(origin));
}

/** Refuses '*', '/' and anything that is not a bare origin: a token must never be posted to any window. */
function exactOrigin(origin: string): string {
  if (originOfLink(origin) !== origin) throw new Error(`Not an exact origin: ${origin}`);
  return origin;
}
