/**
 * The acknowledgement every client emit receives (spec 01 §7: 200 success, 400 failure) and the relay's
 * refusal texts, so clients and tests compare against one source.
 */
import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants.ts';
import { BACKEND_MESSAGES } from '../errors.ts';

/** Success acknowledgement. */
export const AckOkSchema = z.object({ statusCode: z.literal(200) });
/** Failure acknowledgement; `message` says why (one of {@link RELAY_ERRORS}, possibly with detail). */
export const AckErrorSchema = z.object({ statusCode: z.literal(400), message: z.string() });

/** The acknowledgement of every client emit: `{statusCode: 200}` or `{statusCode: 400, message}`. */
export const AckSchema = z.discriminatedUnion('statusCode', [AckOkSchema, AckErrorSchema]);
export type Ack = z.infer<typeof AckSchema>;
export type AckOk = z.infer<typeof AckOkSchema>;
export type AckError = z.infer<typeof AckErrorSchema>;

/** The 200 acknowledgement. */
export const ACK_OK: AckOk = Object.freeze({ statusCode: 200 as const });
/** A 400 acknowledgement with its reason. */
export const ackError = (message: string): AckError => ({ statusCode: 400, message });

/** The refusal texts of the relay: connect_error messages and 400 acknowledgements. */
export const RELAY_ERRORS = {
  /** Unknown event name, or a chat topic not starting with `chat_` (spec 01 §7, exact text). */
  TOPIC_INVALID: BACKEND_MESSAGES.SOCKET_TOPIC_INVALID,
  /** A chat topic of an event the user does not belong to. */
  TOPIC_FOREIGN_EVENT: 'You can only chat in your own event.',
  /** A topic the server emits and clients only listen to. */
  TOPIC_SERVER_ONLY: 'This topic is sent by the server only.',
  /** The payload failed its schema; the detail follows after ': '. */
  PAYLOAD_INVALID: 'The payload is invalid',
  /** A message text over the limit. */
  TEXT_TOO_LONG: `The message must be at most ${MAX_TEXT_LENGTH} characters.`,
  /** `from` (or `user_id`) is not the authenticated user. */
  SENDER_MISMATCH: 'You can only send as yourself.',
  /** A private or group message to someone outside the sender's event (or unknown). */
  RECIPIENT_NOT_IN_EVENT: 'Recipients must be members of your event.',
  /** A call signal or catch-up for a conversation the user does not take part in. */
  NOT_PARTICIPANT: 'You are not a participant of this conversation.',
  /** A call start or end without a stored conversation (the widget's room is named after it). */
  CALL_NEEDS_CONVERSATION: 'A call needs a stored conversation.',
  /** Room chat (or room events) into a room the user may not access. */
  ROOM_FORBIDDEN: 'You are not allowed to access this room.',
  /** Announcements and session triggers need event-admin or admin. */
  ROLE_FORBIDDEN: 'Only event admins and admins can do this.',
  /**
   * An emit rate limit was hit: the connection's, or the user's own for a topic that goes to a room or the whole
   * event (the gateway's RELAY_EVENT_FANOUT_* and RELAY_ROOM_FANOUT_*).
   */
  RATE_LIMITED: 'Too many messages. Please slow down.',
  /**
   * The payload of a topic that goes to a room or the whole event is over the gateway's RELAY_FANOUT_MAX_BYTES
   * (its JSON); the limit follows after ': ' ('at most 2048 bytes').
   */
  PAYLOAD_TOO_LARGE: 'The payload is too large',
  /** The provider did not store the message (or answered an error); the provider's text follows after ': '. */
  NOT_STORED: 'The message could not be stored',
  /** Reading history for a catch-up failed; the provider's text follows after ': '. */
  CATCH_UP_FAILED: 'The conversation could not be loaded',
  /** `access_catch_up`: the provider could not tell which rooms the user may access (its outage). */
  ACCESS_UNAVAILABLE: 'Your room access could not be read right now. Please try again shortly.',
  /**
   * A topic that stores nothing (a call answer, a room event, …) needed the provider, and the provider failed
   * (down, slow, or an error answer); the provider's text follows after ': '. The client may try again.
   */
  PROVIDER_FAILED: 'The request could not be completed',
  /** Anything unexpected (logged with its cause on the gateway). */
  INTERNAL: BACKEND_MESSAGES.INTERNAL,
  /** Handshake: no `auth.token`. */
  TOKEN_MISSING: 'Authentication failed: no token.',
  /** Handshake: bad signature, algorithm, issuer or shape (including `alg: none`). */
  TOKEN_INVALID: 'Authentication failed: invalid token.',
  /** Handshake: the token's `exp` is past. */
  TOKEN_EXPIRED: 'Authentication failed: token expired.',
  /** Handshake: the token's session ended (logout, force_login, deactivation). */
  TOKEN_REVOKED: 'Authentication failed: session ended.',
  /** Handshake: the provider's key set could not be fetched (its outage, not the client's fault). */
  AUTH_UNAVAILABLE: 'Authentication is unavailable right now. Please try again shortly.',
  /** Handshake: bad or missing `frontend`/`userId`/`roomId` query. */
  QUERY_INVALID: 'Authentication failed: invalid handshake query.',
  /** Handshake: `userId` is not the token's user. */
  USER_MISMATCH: 'Authentication failed: userId does not match the token.',
  /** Handshake: the Origin header is not an allowed origin. */
  ORIGIN_FORBIDDEN: 'Origin not allowed.',
  /** Handshake: the node holds its maximum number of connections. */
  SERVER_FULL: 'The server is at capacity. Please try again shortly.',
  /** Handshake: the user holds the most sockets one user may hold on a node (RELAY_MAX_SOCKETS_PER_USER). */
  TOO_MANY_SOCKETS:
    'Too many open connections for this account. Close another tab or window, then try again.',
} as const;
export type RelayErrorText = (typeof RELAY_ERRORS)[keyof typeof RELAY_ERRORS];

/**
 * Handshake refusals that pass: the session is fine, the server cannot take the connection now (at capacity,
 * authentication unavailable, too many of the user's connections). A client keeps the user signed in, says so,
 * and connects again after {@link RELAY_REFUSAL_RETRY_MS}; every other refusal ends the session in the tab.
 */
export const PASSING_RELAY_REFUSALS: readonly string[] = [
  RELAY_ERRORS.SERVER_FULL,
  RELAY_ERRORS.AUTH_UNAVAILABLE,
  RELAY_ERRORS.TOO_MANY_SOCKETS,
];

/** True when a connect_error's message is a {@link PASSING_RELAY_REFUSALS} one. */
export function isPassingRelayRefusal(message: string): boolean {
  return PASSING_RELAY_REFUSALS.includes(message);
}

/** Wait before a client connects again after a passing refusal. */
export const RELAY_REFUSAL_RETRY_MS = 15_000;
