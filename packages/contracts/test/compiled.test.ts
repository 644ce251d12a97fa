// The gateway parses every chat payload and every stored message with compiled twins (src/compiled.ts): they
// must accept exactly what the schemas accept, build the same output (same keys, same order), and refuse with
// the schemas' own issues.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CHAT_MESSAGE_ACTIONS,
  CHAT_MESSAGE_TYPES,
  ChatMessageSchema,
  ChatSendSchema,
  MAX_TEXT_LENGTH,
} from '../src/index.ts';
import { compiledSchema } from '../src/compiled.ts';

/** Mostly `valid`, now and then one of the `wrong` values (a whole message stays valid often enough). */
const rarely = <T>(valid: fc.Arbitrary<T>, ...wrong: unknown[]): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: valid, weight: 30 }, { arbitrary: fc.constantFrom(...wrong), weight: 1 });
const id = rarely(
  fc.integer({ min: 1, max: 1_000_000 }),
  0,
  -1,
  1.5,
  Number.NaN,
  Number.MAX_SAFE_INTEGER + 2,
  '7',
  null,
);
/** A field's value: mostly valid ones, sometimes anything at all. */
const sometimes = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: valid, weight: 40 }, { arbitrary: fc.anything(), weight: 1 });
const text = rarely(
  fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', ' ', 'hello', 'x'.repeat(MAX_TEXT_LENGTH))),
  'x'.repeat(MAX_TEXT_LENGTH + 1),
  '\ud800 lone',
);
const conversationId = rarely(
  fc.oneof(fc.constantFrom('temp-1', 'room-5'), fc.stringMatching(/^[a-z0-9-]{1,40}$/)),
  '',
  '\udc00',
  'x'.repeat(201),
);
const card = fc.record(
  {
    approved: sometimes(fc.constantFrom(true, false, null)),
    card_id: sometimes(fc.oneof(id, fc.constant(null))),
    user_id: sometimes(id),
  },
  { requiredKeys: [] },
);
const summary = fc.record(
  {
    id: sometimes(id),
    firstname: sometimes(fc.string({ maxLength: 30 })),
    lastname: sometimes(fc.string({ maxLength: 30 })),
    profile_picture: sometimes(fc.oneof(fc.constant(null), fc.webUrl(), fc.string({ maxLength: 10 }))),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);

/**
 * Chat messages and payloads near the edges: every field sometimes wrong or missing, unknown keys besides. Half
 * of them carry every field a stored message needs (so that many are valid), half any of them.
 */
const fields = {
  id: sometimes(rarely(fc.string({ minLength: 1, maxLength: 12 }), '', 'x'.repeat(201))),
  type: sometimes(rarely(fc.constantFrom(...CHAT_MESSAGE_TYPES), 'file')),
  action: sometimes(rarely(fc.constantFrom(...CHAT_MESSAGE_ACTIONS), 'wave')),
  message: sometimes(text),
  from: sometimes(id),
  to: sometimes(fc.array(id, { maxLength: 12 })),
  timestamp: sometimes(rarely(fc.stringMatching(/^\d{1,16}$/), '', '12a', '1'.repeat(17))),
  room: sometimes(fc.record({ id: sometimes(id), name: sometimes(fc.string({ maxLength: 30 })) })),
  bot: sometimes(fc.string({ maxLength: 20 })),
  cards: sometimes(fc.array(card, { maxLength: 3 })),
  conversation: sometimes(conversationId),
  token: sometimes(fc.string({ maxLength: 20 })),
  user_summary_info: sometimes(summary),
  client_id: sometimes(rarely(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), '', 'a b', 'x'.repeat(65))),
  seq: sometimes(rarely(fc.integer({ min: 1, max: 1000 }), 0, 1.5)),
  unknown_key: fc.anything(),
};
const message = fc.oneof(
  fc.record(fields, {
    requiredKeys: ['id', 'type', 'action', 'message', 'from', 'to', 'timestamp', 'conversation'],
  }),
  fc.record(fields, { requiredKeys: [] }),
);

/** Both parses of one value: the same verdict, output (with its key order) and issues. */
function expectTwins(schema: z.ZodType, value: unknown): boolean {
  const twin = compiledSchema(schema);
  const expected = schema.safeParse(value);
  const actual = twin.safeParse(value);
  expect(actual.success).toBe(expected.success);
  if (expected.success && actual.success) {
    expect(actual.data).toStrictEqual(expected.data);
    expect(JSON.stringify(actual.data)).toBe(JSON.stringify(expected.data));
    // Fresh output: the handler may change what it parsed without touching what it was given.
    if (value !== null && typeof value === 'object') expect(actual.data).not.toBe(value);
  } else if (!expected.success && !actual.success) {
    expect(actual.error.issues).toStrictEqual(expected.error.issues);
  }
  return expected.success;
}

describe('compiledSchema', () => {
  // z.compile hands back the schema itself when it cannot compile it: then the hot path would parse as before.
  it('is compiled once per schema and is not the schema itself', () => {
    expect(compiledSchema(ChatSendSchema)).toBe(compiledSchema(ChatSendSchema));
    expect(compiledSchema(ChatSendSchema)).not.toBe(ChatSendSchema);
    expect(compiledSchema(ChatMessageSchema)).not.toBe(ChatMessageSchema);
  });

  it.each([
    ['ChatSendSchema (what a client emits)', ChatSendSchema],
    ['ChatMessageSchema (what the provider answers)', ChatMessageSchema],
  ])(
    '%s: accepts, builds and refuses exactly as the schema does',
    (_name, schema) => {
      let accepted = 0;
      fc.assert(
        fc.property(message, (value) => {
          if (expectTwins(schema, value)) accepted += 1;
        }),
        { numRuns: 2_000 },
      );
      // Both paths were taken: many values valid (the compiled one), many not (the schema's).
      expect(accepted).toBeGreaterThan(100);
      expect(accepted).toBeLessThan(1_900);
      fc.assert(
        fc.property(fc.anything(), (value) => {
          expectTwins(schema, value);
        }),
        { numRuns: 500 },
      );
      // Two thousand runs on a shared, busy machine: the time limit is not what this test is about.
    },
    60_000,
  );
});
