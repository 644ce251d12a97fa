import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import {
  TOPICS,
  chatTopic,
  type Ack,
  type CatchUpAck,
  type ChatAck,
  type ChatTopic,
} from '@showfloor/contracts';
import { createFakeSocket } from '../../testing/fake-socket.ts';
import { emitWithAck, setSocket } from './registry.ts';

afterEach(() => setSocket(null));

const message = {
  id: 'm1',
  type: 'text',
  action: 'message',
  message: 'Hello',
  from: 7,
  to: [8],
  timestamp: '1700000000000',
  conversation: 'c1',
  seq: 1,
};

describe('emitWithAck', () => {
  it('types each topic with its payload and its acknowledgement', () => {
    // Checked by `pnpm typecheck` (tsc covers the tests); never called.
    const wrongPayloads = () => {
      void emitWithAck(TOPICS.USER_STATUS_CHANGES, { user_id: 7, user_status: 'busy' });
      // @ts-expect-error a status change needs a known status
      void emitWithAck(TOPICS.USER_STATUS_CHANGES, { user_id: 7, user_status: 3 });
      // @ts-expect-error an announcement is no status change
      void emitWithAck(TOPICS.USER_STATUS_CHANGES, { title: 'Keynote', message: 'Starts now', type: 1 });
      // @ts-expect-error a chat message needs its sender
      void emitWithAck(chatTopic('DEMO'), { message: 'Hello', type: 'text', action: 'message' });
      // @ts-expect-error a topic the relay does not know
      void emitWithAck('user_event', { user_id: 7, event: 'wave' });
    };
    expectTypeOf(wrongPayloads).toBeFunction();
    expectTypeOf(emitWithAck<'user_events'>).returns.resolves.toEqualTypeOf<Ack | undefined>();
    expectTypeOf(emitWithAck<'catch_up'>).returns.resolves.toEqualTypeOf<CatchUpAck | undefined>();
    expectTypeOf(emitWithAck<ChatTopic>).returns.resolves.toEqualTypeOf<ChatAck | undefined>();
  });

  it("checks the answer with the topic's ack schema: a chat ack keeps its stored message", async () => {
    const fake = createFakeSocket(() => ({ statusCode: 200, data: message }));
    fake.install();
    const ack = await emitWithAck(chatTopic('DEMO'), {
      from: 7,
      to: [8],
      message: 'Hello',
      type: 'text',
      action: 'message',
      client_id: 'k1',
    });
    expect(ack).toEqual({ statusCode: 200, data: expect.objectContaining({ id: 'm1', seq: 1 }) });
    expect(fake.emitted).toEqual([
      { topic: 'chat_DEMO', payload: expect.objectContaining({ client_id: 'k1' }) },
    ]);
  });

  it('answers undefined for an answer that is not the topic’s ack, and when not connected', async () => {
    const fake = createFakeSocket(() => ({ statusCode: 200 }));
    fake.install();
    // catch_up's 200 carries the messages: a bare 200 is no valid catch-up ack.
    expect(await emitWithAck('catch_up', { conversation_id: 'c1', after_seq: 0 })).toBeUndefined();
    expect(await emitWithAck(TOPICS.USER_EVENTS, { user_id: 7, event: 'wave' })).toEqual({ statusCode: 200 });
    setSocket(null);
    expect(await emitWithAck(TOPICS.USER_EVENTS, { user_id: 7, event: 'wave' })).toBeUndefined();
  });
});
