import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stored } from '../../test/fixtures/chat-messages.ts';
import { RELAY_ERRORS } from './ack.ts';
import type { ChatAck, ChatSendInput } from './chat.ts';
import { ChatSync } from './chat-sync.ts';
import { ChatOutbox } from './outbox.ts';

/** A send whose ack the test decides. */
interface Sent {
  payload: ChatSendInput;
  answer(ack: ChatAck): void;
  lose(): void;
}

const text = (message: string): ChatSendInput => ({
  type: 'text',
  action: 'message',
  message,
  from: 1,
  to: [2],
  conversation: 'c1',
});

describe('ChatOutbox', () => {
  let sent: Sent[];
  let sync: ChatSync;
  let outbox: ChatOutbox;
  let ids: number;

  beforeEach(() => {
    sent = [];
    ids = 0;
    sync = new ChatSync({ requestCatchUp: () => Promise.reject(new Error('not used')) });
    sync.track('c1');
    outbox = new ChatOutbox({
      userId: 1,
      sync,
      newClientId: () => `k${++ids}`,
      send: (payload) =>
        new Promise((resolve, reject) =>
          sent.push({ payload, answer: resolve, lose: () => reject(new Error('no ack')) }),
        ),
    });
  });

  afterEach(() => {
    outbox.dispose();
    sync.dispose();
  });

  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('shows a send as sending until the ack, then holds the stored message in its timeline', async () => {
    const entry = outbox.send(text('hello'));
    expect(entry.clientId).toBe('k1');
    expect(sent[0]?.payload).toMatchObject({ message: 'hello', client_id: 'k1', from: 1 });
    expect(outbox.entries('c1').map((e) => e.state)).toEqual(['sending']);
    sent[0]?.answer({ statusCode: 200, data: stored(1, { client_id: 'k1', message: 'hello' }) });
    await flush();
    expect(outbox.entries()).toEqual([]);
    expect(sync.timeline('c1')?.messages.map((m) => m.message)).toEqual(['hello']);
  });

  it('resends with the same client_id after a reconnect, and shows the message once', async () => {
    outbox.send(text('hello'));
    sent[0]?.lose();
    await flush();
    expect(outbox.entries()[0]?.state).toBe('sending');
    outbox.resendPending();
    expect(sent.map((s) => s.payload.client_id)).toEqual(['k1', 'k1']);
    // The relay acknowledges the resend with the message it stored the first time.
    sent[1]?.answer({ statusCode: 200, data: stored(1, { client_id: 'k1' }) });
    sync.receive(stored(1, { client_id: 'k1' }));
    await flush();
    expect(outbox.entries()).toEqual([]);
    expect(sync.timeline('c1')?.size).toBe(1);
  });

  it('settles a send whose stored copy arrives before its ack', async () => {
    outbox.send(text('hello'));
    sync.receive(stored(1, { client_id: 'k1' }));
    expect(outbox.entries()).toEqual([]);
    sent[0]?.answer({ statusCode: 200, data: stored(1, { client_id: 'k1' }) });
    await flush();
    expect(sync.timeline('c1')?.size).toBe(1);
  });

  it('keeps another user’s message with the same client_id from settling a send', () => {
    outbox.send(text('hello'));
    sync.receive(stored(1, { client_id: 'k1', from: 2, to: [1] }));
    expect(outbox.entries().map((e) => e.clientId)).toEqual(['k1']);
  });

  it('marks a refused send failed with the relay’s reason, and sends it again on retry', async () => {
    outbox.send(text('hello'));
    const reason = `${RELAY_ERRORS.NOT_STORED}: Private chat is switched off for this event.`;
    sent[0]?.answer({ statusCode: 400, message: reason });
    await flush();
    expect(outbox.entries()).toMatchObject([{ state: 'failed', error: reason, attempts: 1 }]);
    outbox.resendPending();
    expect(sent).toHaveLength(1);
    expect(outbox.retry('k1')).toBe(true);
    expect(outbox.retry('k1')).toBe(false);
    expect(outbox.entries()).toMatchObject([{ state: 'sending', error: undefined, attempts: 2 }]);
    sent[1]?.answer({ statusCode: 200, data: stored(1, { client_id: 'k1' }) });
    await flush();
    expect(outbox.entries()).toEqual([]);
  });

  it('lets a 200 of an earlier attempt win over a later refusal, and ignores an earlier refusal', async () => {
    outbox.send(text('a'));
    outbox.resendPending();
    sent[0]?.answer({ statusCode: 400, message: RELAY_ERRORS.RATE_LIMITED });
    await flush();
    expect(outbox.entries()[0]?.state).toBe('sending');
    sent[1]?.answer({ statusCode: 200, data: stored(1, { client_id: 'k1', message: 'a' }) });
    await flush();
    expect(outbox.entries()).toEqual([]);
  });

  it('discards a failed send and lists entries per conversation, oldest first', async () => {
    outbox.send(text('one'));
    outbox.send({ ...text('two'), conversation: 'temp-9' });
    outbox.send(text('three'));
    expect(outbox.entries('c1').map((e) => e.payload.message)).toEqual(['one', 'three']);
    expect(outbox.entries('temp-9').map((e) => e.payload.message)).toEqual(['two']);
    expect(outbox.discard('k2')).toBe(true);
    expect(outbox.discard('k2')).toBe(false);
    expect(outbox.entries().map((e) => e.clientId)).toEqual(['k1', 'k3']);
  });

  it('answers the same array per conversation until something changes', async () => {
    outbox.send(text('one'));
    const first = outbox.entries('c1');
    expect(outbox.entries('c1')).toBe(first);
    expect(outbox.entries('none')).toBe(outbox.entries('none'));
    sent[0]?.answer({ statusCode: 200, data: stored(1, { client_id: 'k1', message: 'one' }) });
    await flush();
    expect(outbox.entries('c1')).not.toBe(first);
    expect(outbox.entries('c1')).toEqual([]);
  });

  it('sends as the signed-in user and keeps a client_id given by the caller', () => {
    outbox.send({ ...text('x'), from: 99, client_id: 'mine' });
    expect(sent[0]?.payload).toMatchObject({ from: 1, client_id: 'mine' });
  });

  it('tells subscribers about every change', async () => {
    let changes = 0;
    outbox.subscribe(() => (changes += 1));
    outbox.send(text('x'));
    sent[0]?.answer({ statusCode: 200, data: stored(1, { client_id: 'k1' }) });
    await flush();
    expect(changes).toBe(2);
  });

  it('makes a client id of its own from crypto.randomUUID', () => {
    const plain = new ChatOutbox({ userId: 1, sync, send: () => new Promise(() => undefined) });
    const { clientId } = plain.send(text('x'));
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
    plain.dispose();
  });
  it('sends an unanswered message again after 5 s, then 10 s, until it is answered', async () => {
    vi.useFakeTimers();
    try {
      outbox.send(text('into a stalled node'));
      sent[0]?.lose();
      await vi.advanceTimersByTimeAsync(4_999);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent.map((s) => s.payload.client_id)).toEqual(['k1', 'k1']);
      sent[1]?.lose();
      await vi.advanceTimersByTimeAsync(9_999);
      expect(sent).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent).toHaveLength(3);
      sent[2]?.answer({ statusCode: 200, data: stored(1, { client_id: 'k1' }) });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sent).toHaveLength(3);
      expect(outbox.entries()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops resending once a stored copy settles the send, a reconnect resends, or the user discards it', async () => {
    vi.useFakeTimers();
    try {
      outbox.send(text('a'));
      outbox.send(text('b'));
      sent[0]?.lose();
      sent[1]?.lose();
      await vi.advanceTimersByTimeAsync(0);
      sync.receive(stored(1, { client_id: 'k1' }));
      outbox.resendPending();
      expect(sent.map((s) => s.payload.client_id)).toEqual(['k1', 'k2', 'k2']);
      outbox.discard('k2');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sent).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('resends only after reconnects when told so', async () => {
    vi.useFakeTimers();
    const quiet = new ChatOutbox({
      userId: 1,
      sync,
      resendUnansweredMs: 0,
      send: () => Promise.reject(new Error('no ack')),
    });
    try {
      quiet.send(text('x'));
      await vi.advanceTimersByTimeAsync(120_000);
      expect(quiet.entries()[0]?.attempts).toBe(1);
    } finally {
      quiet.dispose();
      vi.useRealTimers();
    }
  });
});
