/** The handler kit: a payload is parsed once, and a bad one becomes the one 'payload is invalid' refusal. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  RELAY_ERRORS,
  TOPIC_ACCESS,
  UserStatusChangeSchema,
  type SocketData,
  type TopicRule,
} from '@showfloor/contracts';
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
    topic: 'user_status_changes',
    schema: UserStatusChangeSchema,
    handle: (_ctx, _socket, change) => {
      seen.push(change);
      return OK;
    },
  });

  it('refuses a malformed payload, then a payload naming another sender (rule sender)', () => {
    const socket = socketOf({});
    expect(handler(ctx, socket, { user_id: 7 })).toMatchObject({ reason: 'payload_invalid' });
    expect(handler(ctx, socket, { user_id: 8, user_status: 'busy' })).toEqual(
      refuse('sender_mismatch', RELAY_ERRORS.SENDER_MISMATCH),
    );
    expect(seen).toEqual([]);
  });

  it('hands the parsed payload of an allowed sender to handle', () => {
    expect(handler(ctx, socketOf({}), { user_id: 7, user_status: 'busy', extra: 1 })).toBe(OK);
    expect(seen).toEqual([{ user_id: 7, user_status: 'busy' }]);
  });
});

describe("defineTopic enforces each topic's rule of contracts' TOPIC_ACCESS", () => {
  // One schema that carries what every rule reads, so each topic is judged by its rule alone.
  const Payload = z.object({ user_id: z.number(), room_id: z.number() });
  const admin = [{ role: 'event-admin' as const }];
  /** The tab is in room 1; the user may enter room 2, not room 5. */
  const asked: number[] = [];
  const roomCtx = {
    directory: {
      canAccessRoom: (_user: unknown, roomId: number) => {
        asked.push(roomId);
        return Promise.resolve(roomId === 2);
      },
    },
  } as unknown as RelayContext;
  const tab = (data: Partial<SocketData>) => socketOf({ roomId: 1, ...data });

  /** What the topic's handler answers to a visitor and to a manager, for a payload of each kind. */
  async function verdicts(topic: keyof typeof TOPIC_ACCESS) {
    const handler = defineTopic({ topic, schema: Payload, handle: () => OK });
    const answer = async (socket: RelaySocket, payload: unknown) => {
      const result = await handler(roomCtx, socket, payload);
      return result === OK ? 'ok' : result.reason;
    };
    return {
      visitorOwnRoom: await answer(tab({}), { user_id: 7, room_id: 1 }),
      visitorAsOther: await answer(tab({}), { user_id: 8, room_id: 1 }),
      visitorEnterable: await answer(tab({}), { user_id: 7, room_id: 2 }),
      visitorRefusedRoom: await answer(tab({}), { user_id: 7, room_id: 5 }),
      managerRefusedRoom: await answer(tab({ roles: admin }), { user_id: 7, room_id: 5 }),
    };
  }

  const EXPECTED: Record<TopicRule, Awaited<ReturnType<typeof verdicts>>> = {
    sender: {
      visitorOwnRoom: 'ok',
      visitorAsOther: 'sender_mismatch',
      visitorEnterable: 'ok',
      visitorRefusedRoom: 'ok',
      managerRefusedRoom: 'ok',
    },
    'enterable-room': {
      visitorOwnRoom: 'ok',
      visitorAsOther: 'sender_mismatch',
      visitorEnterable: 'ok',
      visitorRefusedRoom: 'room_forbidden',
      managerRefusedRoom: 'room_forbidden',
    },
    manager: {
      visitorOwnRoom: 'role_forbidden',
      visitorAsOther: 'role_forbidden',
      visitorEnterable: 'role_forbidden',
      visitorRefusedRoom: 'role_forbidden',
      managerRefusedRoom: 'ok',
    },
    conversation: {
      visitorOwnRoom: 'ok',
      visitorAsOther: 'ok',
      visitorEnterable: 'ok',
      visitorRefusedRoom: 'ok',
      managerRefusedRoom: 'ok',
    },
    self: {
      visitorOwnRoom: 'ok',
      visitorAsOther: 'ok',
      visitorEnterable: 'ok',
      visitorRefusedRoom: 'ok',
      managerRefusedRoom: 'ok',
    },
  };

  it.each(Object.entries(TOPIC_ACCESS))('%s (%s)', async (topic, rule) => {
    expect(await verdicts(topic as keyof typeof TOPIC_ACCESS)).toEqual(EXPECTED[rule]);
  });

  it("reads a manager-only topic's payload only after the role check, and asks for a room only when needed", async () => {
    const announce = defineTopic({ topic: 'announcements', schema: Payload, handle: () => OK });
    expect(await announce(roomCtx, tab({}), 'not even an object')).toEqual(
      refuse('role_forbidden', RELAY_ERRORS.ROLE_FORBIDDEN),
    );
    asked.length = 0;
    const scene = defineTopic({ topic: 'user_scene_events', schema: Payload, handle: () => OK });
    expect(await scene(roomCtx, tab({}), { user_id: 7, room_id: 1 })).toBe(OK);
    expect(await scene(roomCtx, tab({}), { user_id: 8, room_id: 2 })).toMatchObject({
      reason: 'sender_mismatch',
    });
    expect(asked).toEqual([]);
  });
});
