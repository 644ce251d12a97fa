// sendMessageInput builds the relay's sendMessage input without a second parse: it must agree with the schema.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGE_ACTIONS,
  CHAT_MESSAGE_TYPES,
  ChatSendSchema,
  MAX_TEXT_LENGTH,
  SEND_MESSAGE_ISSUES,
  catalogue,
  describeIssues,
  isCardAction,
  parseCallInput,
  sendMessageInput,
  type ChatRoute,
  type ChatSend,
} from '../src/index.ts';

const id = fc.integer({ min: 1, max: 1_000_000 });

/** Chat payloads as clients send them, near the edges: blank texts, calls, temp conversations, bots. */
const chatSend: fc.Arbitrary<ChatSend> = fc
  .record(
    {
      type: fc.constantFrom(...CHAT_MESSAGE_TYPES),
      action: fc.constantFrom(...CHAT_MESSAGE_ACTIONS),
      message: fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('', ' ', '\t\n', 'hello'),
        fc.constant('x'.repeat(MAX_TEXT_LENGTH)),
      ),
      from: id,
      to: fc.array(id, { maxLength: 5 }),
      room: fc.record({ id, name: fc.string({ maxLength: 20 }) }),
      bot: fc.string({ minLength: 1, maxLength: 200 }),
      conversation: fc.oneof(fc.constant('temp-1'), fc.stringMatching(/^[a-z0-9-]{1,40}$/)),
      client_id: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
      cards: fc.array(
        fc.record({
          approved: fc.constantFrom(true, false, null),
          card_id: fc.oneof(id, fc.constant(null)),
          user_id: id,
        }),
        { maxLength: 2 },
      ),
    },
    { requiredKeys: ['type', 'action', 'message', 'from'] },
  )
  .map((payload) => ChatSendSchema.parse(payload));

const route: fc.Arbitrary<ChatRoute> = fc.oneof(
  fc.constant({}),
  fc.record({ to: fc.array(id, { minLength: 1, maxLength: 5 }) }),
  fc.record({ room_id: id }),
);

describe('sendMessageInput', () => {
  it('builds exactly what the sendMessage input schema accepts, and refuses what it refuses, alike', () => {
    const call = catalogue.conversation.sendMessage;
    fc.assert(
      fc.property(chatSend, route, (message, where) => {
        const built = sendMessageInput(message, where);
        const {
          type,
          action,
          message: text,
          client_id: clientId,
          bot,
          conversation: conversationId,
          cards,
        } = message;
        // A card message names its card by id only; the provider fills in its state.
        const cardId = isCardAction(action) ? cards?.[0]?.card_id : undefined;
        const candidate = {
          message: text,
          type,
          action,
          ...(clientId === undefined ? {} : { client_id: clientId }),
          ...(bot === undefined ? {} : { bot }),
          ...(cardId === undefined || cardId === null ? {} : { card_id: cardId }),
          ...(conversationId === undefined || conversationId.startsWith('temp-')
            ? {}
            : { conversation_id: conversationId }),
          ...where,
        };
        const parsed = parseCallInput(call, candidate);
        if (built.isValid) {
          expect(parsed.success ? parsed.data : parsed.error.issues).toEqual(built.data);
          expect(built.data).toEqual(candidate);
        } else {
          expect(parsed.success).toBe(false);
          if (!parsed.success) expect(describeIssues(built.issues)).toBe(describeIssues(parsed.error.issues));
        }
      }),
      { numRuns: 2_000 },
    );
    // Two thousand runs on a shared, busy machine: the time limit is not what this test is about.
  }, 60_000);

  it('refuses a blank text message with the schema’s own words, but not a blank call start', () => {
    const blank = ChatSendSchema.parse({ type: 'text', action: 'message', message: '  ', from: 1, to: [2] });
    expect(sendMessageInput(blank, { to: [2] })).toEqual({
      isValid: false,
      issues: [{ path: ['message'], message: SEND_MESSAGE_ISSUES.EMPTY }],
    });
    const start = ChatSendSchema.parse({
      type: 'video',
      action: 'start',
      message: '',
      from: 1,
      conversation: 'c-1',
    });
    expect(sendMessageInput(start, {})).toMatchObject({ isValid: true, data: { conversation_id: 'c-1' } });
  });
});
