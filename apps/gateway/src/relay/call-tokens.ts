/**
 * Tokens for the conference widget (spec 02 §4.4): a call's start message carries a JWT issued by the gateway
 * for the widget's room `{product}-{conversation id}`. HS256 with CALL_TOKEN_SECRET (the same on every node);
 * one token per participant, naming them.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { CALL_SUBJECT, CALL_TOKEN_AUDIENCE, CALL_TOKEN_ISSUER, callRoomName } from '@showfloor/contracts';
/** Lifetime of a widget token. */
const CALL_TOKEN_TTL_S = 2 * 60 * 60;

export class CallTokenIssuer {
  readonly #key: Uint8Array;

  /** `secret` absent: a random key for this process (enough for one node; set CALL_TOKEN_SECRET for more). */
  constructor(secret: string | undefined) {
    this.#key = secret ? new TextEncoder().encode(secret) : randomBytes(32);
  }

  /** The widget token of one participant for a conversation's call. */
  issue(userId: number, conversationId: string, isAudioOnly: boolean): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ room: callRoomName(conversationId), subject: CALL_SUBJECT, audio_only: isAudioOnly })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(CALL_TOKEN_ISSUER)
      .setAudience(CALL_TOKEN_AUDIENCE)
      .setSubject(String(userId))
      .setIssuedAt(now)
      .setExpirationTime(now + CALL_TOKEN_TTL_S)
      .sign(this.#key);
  }
}
