/** The handler kit: a payload is parsed once, and a bad one becomes the one 'payload is invalid' refusal. */
import { describe, expect, it } from 'vitest';
import { RELAY_ERRORS, UserStatusChangeSchema, type SocketData } from '@showfloor/contracts';
import { OK, defineTopic, parsePayload, refuse, refuseInvalidPayload, type RelayContext } from './context.ts';
import type { RelaySocket } from './io.ts';

const ctx = {} as RelayContext;
function socketOf(data: Partial<SocketData>): RelaySocket {
  return { data: { userId: 7, eventCode: 'DEMO', roles: [], ...data } } as unknown as RelaySocket;
}

describe('parsePayload', () => {
  it('answers the parsed value of a good payload', () => {
    const parsed = parsePayload(UserStatusChangeSchema, { user_id: 7, user_status: 'busy' });
    expect(parsed).toEqual({ isValid: true, data: { user_id: 7, user_status: 'busy' } });
  });

  it('answers the payload_invalid refusal naming the issues of a bad one', () => {
    const parsed = parsePayload(UserStatusChangeSchema, { user_id: 'seven', user_status: 'busy' });
    expect(parsed.isValid).toBe(false);
    if (parsed.isValid) return;
    expect(parsed.refusal).toEqual({
      ack: {
        statusCode: 400,
        message: `${RELAY_ERRORS.PAYLOAD_INVALID}: user_id: Invalid input: expected number, received string`,
      },
      reason: 'payload_invalid',
    });
    expect(parsed.refusal).toEqual(
      refuseInvalidPayload('user_id: Invalid input: expected number, received string'),
    );
  });

  it('refuses a missing payload the same way', () => {
    const parsed = parsePayload(UserStatusChangeSchema, undefined);
    expect(parsed.isValid ? undefined : parsed.refusal.reason).toBe('payload_invalid');
  });
});

describe('refuse', () => {
  it('is a 400 ack with its metric reason', () => {
    expect(refuse('role_forbidden', RELAY_ERRORS.ROLE_FORBIDDEN)).toEqual({
      ack: { statusCode: 400, message: RELAY_ERRORS.ROLE_FORBIDDEN },
      reason: 'role_forbidden',
    });
  });
});

describe('defineTopic', () => {
  const seen: unknown[] = [];
  const handler = defineTopic({
    schema: UserStatusChangeSchema,
    isManagerOnly: true,
    senderField: 'user_id',
    handle: (_ctx, _socket, change) => {
      seen.push(change);
      return OK;
    },
  });
  const admin = [{ role: 'event-admin' as const }];

  it('refuses a manager-only topic to anyone else before reading the payload', () => {
    expect(handler(ctx, socketOf({ roles: [] }), 'not even an object')).toEqual(
      refuse('role_forbidden', RELAY_ERRORS.ROLE_FORBIDDEN),
    );
  });

  it('refuses a malformed payload, then a payload naming another sender', () => {
    const socket = socketOf({ roles: admin });
    expect(handler(ctx, socket, { user_id: 7 })).toMatchObject({ reason: 'payload_invalid' });
    expect(handler(ctx, socket, { user_id: 8, user_status: 'busy' })).toEqual(
      refuse('sender_mismatch', RELAY_ERRORS.SENDER_MISMATCH),
    );
    expect(seen).toEqual([]);
  });

  it('hands the parsed payload of an allowed sender to handle', () => {
    expect(handler(ctx, socketOf({ roles: admin }), { user_id: 7, user_status: 'busy', extra: 1 })).toBe(OK);
    expect(seen).toEqual([{ user_id: 7, user_status: 'busy' }]);
  });
});
