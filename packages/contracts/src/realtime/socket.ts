/**
 * The realtime channel's connection: where the socket lives, how a client connects and reconnects, and what
 * it must present in the handshake (spec 01 §7 "Realtime channel", §9).
 */
import { z } from 'zod';
import { TIMINGS } from '../constants.ts';
import { FrontendTypeSchema } from '../entities/common.ts';

/** The socket.io path on the gateway's origin. */
export const SOCKET_PATH = '/messaging';

/** The socket.io-client options of {@link SOCKET_CLIENT_OPTIONS} (a subset of socket.io-client's own). */
export interface SocketClientOptions {
  path: string;
  reconnection: boolean;
  /** First reconnect delay, ms. @default 500 */
  reconnectionDelay: number;
  /** Largest reconnect delay, ms. @default 3000 */
  reconnectionDelayMax: number;
  /** @default Infinity */
  reconnectionAttempts: number;
  withCredentials: boolean;
  /** Websocket first; polling only where websockets are blocked. */
  transports: Array<'websocket' | 'polling'>;
}

/**
 * socket.io-client options every client uses (spec 01 §9): reconnect after 500 ms, growing to 3000 ms,
 * unlimited attempts, cookies sent, websocket first. Plain data so this package needs no socket.io
 * dependency: `io(url, { ...SOCKET_CLIENT_OPTIONS, auth: { token }, query })`.
 */
export const SOCKET_CLIENT_OPTIONS: Readonly<SocketClientOptions> = {
  path: SOCKET_PATH,
  reconnection: true,
  reconnectionDelay: TIMINGS.SOCKET_RECONNECT_DELAY_MS,
  reconnectionDelayMax: TIMINGS.SOCKET_RECONNECT_DELAY_MAX_MS,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  withCredentials: true,
  transports: ['websocket', 'polling'],
};

/** `auth` of the handshake: the provider's JWT (the same one the tRPC calls carry). */
export const HandshakeAuthSchema = z.object({
  /** The provider-signed JWT of the signed-in user. */
  token: z.string().min(1),
});
export type HandshakeAuth = z.infer<typeof HandshakeAuthSchema>;

/**
 * `query` of the handshake (strings, as URLs carry them). `userId` must be the token's `sub`; `roomId` is the
 * room the tab shows (absent or empty in the lobby).
 */
export const HandshakeQuerySchema = z.object({
  /** Frontend type of the client, e.g. 'visitor'. */
  frontend: FrontendTypeSchema,
  /** The signed-in user's id, as a decimal string; must equal the token's `sub`. */
  userId: z.string().regex(/^\d+$/, 'userId must be a numeric user id'),
  /** The room the tab is in; absent or '' in the lobby. */
  roomId: z.string().regex(/^\d*$/, 'roomId must be a numeric room id').optional(),
});
export type HandshakeQuery = z.infer<typeof HandshakeQuerySchema>;
