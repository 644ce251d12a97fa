/**
 * The chat hot path parses each message once: the payload with ChatSendSchema, then the provider's answer
 * (each through its compiled twin, `compiledSchema`).
 * The sendMessage input is built from the parsed payload (contracts' sendMessageInput) and sent with
 * `callParsed`, so the call's input schema never runs per message. Counted with spies, not timed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ChatMessageSchema,
  ChatSendSchema,
  RELAY_ERRORS,
  callInputSchema,
  catalogue,
  parseCallInput,
  type ChatMessage,
  type SendMessage,
  type SocketData,
} from '@showfloor/contracts';
import { compiledSchema } from '@showfloor/contracts/compiled';
import { startStubProvider, type StubProvider } from '../../../test/stub-provider.ts';
import { ProviderClient } from '../../provider/client.ts';
import type { RelayContext } from '../context.ts';
import type { RelaySocket } from '../io.ts';
import { handleChat } from './chat.ts';

const sendMessage = catalogue.conversation.sendMessage;
let provider: StubProvider;
let client: ProviderClient;
const bodies: SendMessage[] = [];

beforeAll(async () => {
  provider = await startStubProvider((app) => {
    app.post('/api/v1/conversation/conversations/messages', async (request) => {
      const body = request.body as SendMessage;
      bodies.push(body);
      const stored: ChatMessage = {
        id: `m-${bodies.length}`,
        type: body.type,
        action: body.action,
        message: body.message,
        from: 7,
        to: body.to ?? [],
        timestamp: '1767225600000',
        conversation: body.conversation_id ?? 'c-1',
        seq: bodies.length,
        ...(body.room_id === undefined ? {} : { room: { id: body.room_id, name: 'Hall' } }),
      };
      return stored;
    });
  });
  client = new ProviderClient({ baseUrl: provider.url });
});
afterAll(async () => {
  await client?.close();
  await provider?.close();
});

const ctx = {
  provider: undefined as unknown as ProviderClient,
  directory: { areEventMembers: async () => true, canAccessRoom: async () => true },
  // The fan-out happens before the ack; counting parses needs no sockets to deliver to.
  delivered: { deliverOnce: async () => true },
  metrics: { forTopic: () => ({ deliveries: { inc: () => undefined } }) },
} as unknown as RelayContext;
const socket = {
  data: { userId: 7, eventCode: 'DEMO', roles: [], token: 'token-of-7' } as Partial<SocketData>,
} as unknown as RelaySocket;

const messages = [
  { type: 'text', action: 'message', message: 'hello', from: 7, to: [8] },
  { type: 'text', action: 'message', message: 'hi room', from: 7, room: { id: 3, name: 'Hall' } },
  { type: 'text', action: 'message', message: 'again', from: 7, conversation: 'c-9', client_id: 'k-1' },
];

describe('the chat hot path', () => {
  it('parses each message once and never runs the sendMessage input schema', async () => {
    ctx.provider = client;
    const payloadParses = vi.spyOn(compiledSchema(ChatSendSchema), 'safeParse');
    const inputParses = vi.spyOn(callInputSchema(sendMessage), 'safeParse');
    const answerParses = vi.spyOn(compiledSchema(ChatMessageSchema), 'safeParse');
    // The schemas' own parses are the compiled twins' fallback for what they refuse: valid messages skip them.
    const slowPayloadParses = vi.spyOn(ChatSendSchema, 'safeParse');
    const slowAnswerParses = vi.spyOn(ChatMessageSchema, 'safeParse');
    bodies.length = 0;
    for (const payload of messages) {
      expect(await handleChat(ctx, socket, payload)).toMatchObject({ ack: { statusCode: 200 } });
    }
    expect(payloadParses).toHaveBeenCalledTimes(messages.length);
    expect(inputParses).toHaveBeenCalledTimes(0);
    expect(answerParses).toHaveBeenCalledTimes(messages.length);
    expect(slowPayloadParses).toHaveBeenCalledTimes(0);
    expect(slowAnswerParses).toHaveBeenCalledTimes(0);
    // What reached the provider is what the checked `call` path would have sent.
    expect(bodies).toEqual([
      { message: 'hello', to: [8], type: 'text', action: 'message' },
      { message: 'hi room', room_id: 3, type: 'text', action: 'message' },
      { message: 'again', conversation_id: 'c-9', type: 'text', action: 'message', client_id: 'k-1' },
    ]);

    // The same body through `call` costs one input parse more: the spy sees the parse that was saved.
    await client.call('conversation', 'sendMessage', { message: 'via call', to: [8] }, { token: 't' });
    expect(inputParses).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('refuses a blank text as the provider call would have, without asking the provider', async () => {
    ctx.provider = client;
    const before = bodies.length;
    const answer = await handleChat(ctx, socket, { ...messages[0], message: '   ' });
    expect(answer).toEqual({
      ack: { statusCode: 400, message: `${RELAY_ERRORS.NOT_STORED}: message: Message must not be empty` },
      reason: 'not_stored',
    });
    expect(bodies.length).toBe(before);
  });

  it('counts a delivery for a first delivery only, not for a resend deliverOnce turns away', async () => {
    const deliveries = { inc: vi.fn() };
    let isFirst = true;
    const counting = {
      ...ctx,
      provider: client,
      delivered: { deliverOnce: () => Promise.resolve(isFirst) },
      metrics: { forTopic: (topic: string) => (topic === 'chat' ? { deliveries } : undefined) },
    } as unknown as RelayContext;
    expect(await handleChat(counting, socket, messages[0])).toMatchObject({ ack: { statusCode: 200 } });
    expect(deliveries.inc).toHaveBeenCalledTimes(1);
    isFirst = false;
    expect(await handleChat(counting, socket, messages[0])).toMatchObject({ ack: { statusCode: 200 } });
    expect(deliveries.inc).toHaveBeenCalledTimes(1);
  });

  it('takes only a checked input in callParsed', async () => {
    const checked = parseCallInput(sendMessage, { message: 'checked', to: [8] });
    expect(checked.success).toBe(true);
    if (!checked.success) return;
    await expect(
      client.callParsed('conversation', 'sendMessage', checked.data, { token: 't' }),
    ).resolves.toMatchObject({ message: 'checked' });
    const unchecked: SendMessage = { message: 'unchecked', to: [8], type: 'text', action: 'message' };
    // @ts-expect-error -- a plain object is not a CheckedCallInput: it has to be parsed (or built) first.
    await client.callParsed('conversation', 'sendMessage', unchecked, { token: 't' });
  });
});
