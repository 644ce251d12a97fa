/**
 * The realtime channel's connection: where the socket lives, how a client connects and reconnects, and what
 * it must present in the handshake (spec 01 §7 "Realtime channel", §9).
 */
import { z } from 'zod';
import { FrontendTypeSchema } from '../entities/common.ts';

/** The socket.io path on the gateway's origin. */
export const SOCKET_PATH = '/messaging';

/**
 * socket.io-client options every client uses (spec 01 §9): reconnect after 500 ms, growing to 3000 ms,
 * unlimited attempts, cookies sent, websocket first (polling only where websockets are blocked).
 * Plain data so this package needs no socket.io dependency; spread it into `io(url, {...})`.
 */
export const SOCKET_CLIENT_OPTIONS = {
  path: SOCKET_PATH,
  reconnection: true,
  /** @default 500 */
  reconnectionDelay: 500,
  /** @default 3000 */
  reconnectionDelayMax: 3000,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  withCredentials: true,
  transports: ['websocket', 'polling'],
} as const satisfies {
  path: string;
  reconnection: boolean;
  reconnectionDelay: number;
  reconnectionDelayMax: number;
  reconnectionAttempts: number;
  withCredentials: boolean;
  transports: readonly ('websocket' | 'polling')[];
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
  roomId: z
    .string()
    .regex(/^\d*$/, 'roomId must be a numeric room id')
    .optional(),
});
export type HandshakeQuery = z.infer<typeof HandshakeQuerySchema>;
