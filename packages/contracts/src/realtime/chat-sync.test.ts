import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stored } from '../../test/fixtures/chat-messages.ts';
import type { ChatMessage } from '../entities/chat-message.ts';
import { RELAY_ERRORS } from './ack.ts';
import type { CatchUpAck, CatchUpRequest } from './chat.ts';
import { ChatSync, type ChatSyncChange, type ChatSyncOptions } from './chat-sync.ts';

/**
 * The relay's catch_up as the gateway answers it, over an in-memory store: messages after `after_seq` in
 * seq order, at most `limit`, `has_more` when the page is full. Answers can be held back to order races.
 */
class FakeRelay {
  readonly store = new Map<string, ChatMessage[]>();
  readonly requests: CatchUpRequest[] = [];
  /** Answers to give instead of reading the store, in order. */
  readonly scripted: Array<CatchUpAck | Error> = [];
  isHolding = false;
  readonly #held: Array<() => void> = [];

  append(...messages: ChatMessage[]): void {
    for (const message of messages) {
      const list = this.store.get(message.conversation) ?? [];
      list.push(message);
      this.store.set(message.conversation, list);
    }
  }

  readonly requestCatchUp = (request: CatchUpRequest): Promise<CatchUpAck> => {
    this.requests.push(request);
    const answer = (): CatchUpAck => {
      const next = this.scripted.shift();
      if (next instanceof Error) throw next;
      if (next) return next;
      const limit = request.limit ?? 100;
      const messages = (this.store.get(request.conversation_id) ?? [])
        .filter((message) => (message.seq ?? 0) > request.after_seq)
        .slice(0, limit);
      return { statusCode: 200, messages, has_more: messages.length >= limit };
    };
    if (!this.isHolding) return Promise.resolve().then(answer);
    // The store is read when the answer is released (as the provider reads when the request gets there).
    return new Promise((resolve, reject) =>
      this.#held.push(() => {
        try {
          resolve(answer());
        } catch (error) {
          reject(error as Error);
        }
      }),
    );
  };

  /** Releases the held answers (reading the store now). */
  release(): void {
    this.isHolding = false;
    for (const answer of this.#held.splice(0)) answer();
  }
}

const seqs = (sync: ChatSync, conversation = 'c1') => sync.timeline(conversation)?.messages.map((m) => m.seq);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('ChatSync', () => {
  let relay: FakeRelay;
  let sync: ChatSync;
  const make = (options: Partial<ChatSyncOptions> = {}) =>
    new ChatSync({ requestCatchUp: relay.requestCatchUp, ...options });

  beforeEach(() => {
    vi.useFakeTimers();
    relay = new FakeRelay();
    sync = make();
  });

  afterEach(() => {
    sync.dispose();
    vi.useRealTimers();
  });

  it('merges live messages in order without asking the relay', async () => {
    sync.track('c1');
    for (const seq of [1, 2, 3]) sync.receive(stored(seq));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seqs(sync)).toEqual([1, 2, 3]);
    expect(relay.requests).toEqual([]);
  });

  it('waits out a gap for the late message before catching up', async () => {
    sync.track('c1');
    sync.receive(stored(1));
    sync.receive(stored(3));
    expect(sync.isCatchingUp('c1')).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    sync.receive(stored(2));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seqs(sync)).toEqual([1, 2, 3]);
    expect(relay.requests).toEqual([]);
  });

  it('catches a gap up from the last contiguous seq after the grace', async () => {
    relay.append(...range(1, 4).map((seq) => stored(seq)));
    sync.track('c1');
    sync.receive(stored(1));
    sync.receive(stored(4));
    await vi.advanceTimersByTimeAsync(999);
    expect(relay.requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(relay.requests).toEqual([{ conversation_id: 'c1', after_seq: 1, limit: 200 }]);
    expect(seqs(sync)).toEqual([1, 2, 3, 4]);
    expect(sync.timeline('c1')?.hasGap).toBe(false);
    expect(sync.isCatchingUp('c1')).toBe(false);
  });

  it('finds messages live fan-out dropped at the end of a conversation on resync', async () => {
    relay.append(...range(1, 5).map((seq) => stored(seq)));
    sync.track('c1');
    for (const seq of [1, 2, 3]) sync.receive(stored(seq));
    expect(sync.timeline('c1')?.hasGap).toBe(false);
    await expect(sync.resync()).resolves.toBe(true);
    expect(seqs(sync)).toEqual([1, 2, 3, 4, 5]);
    expect(relay.requests.map((request) => request.after_seq)).toEqual([3]);
  });

  it('pages while the relay says has_more', async () => {
    relay.append(...range(1, 450).map((seq) => stored(seq)));
    sync.track('c1');
    await expect(sync.catchUp('c1')).resolves.toBe(true);
    expect(relay.requests.map((request) => request.after_seq)).toEqual([0, 200, 400]);
    expect(seqs(sync)).toEqual(range(1, 450));
    expect(sync.timeline('c1')?.syncedSeq).toBe(450);
  });

  it('confirms seqs the store no longer has, so a deleted message leaves no gap behind', async () => {
    relay.append(stored(1), stored(2), stored(4), stored(6));
    sync.track('c1');
    sync.receive(stored(1));
    sync.receive(stored(6));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seqs(sync)).toEqual([1, 2, 4, 6]);
    expect(sync.timeline('c1')?.hasGap).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(relay.requests).toHaveLength(1);
  });

  it('confirms a held message the read did not return (deleted since it arrived)', async () => {
    relay.append(stored(1), stored(2));
    sync.track('c1');
    sync.receive(stored(1));
    sync.receive(stored(5)); // stored, delivered, then deleted: the read ends at 2
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sync.timeline('c1')?.hasGap).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(relay.requests).toHaveLength(1);
  });

  it('reads again for a message that arrived above a gap while a read was under way', async () => {
    relay.append(...range(1, 3).map((seq) => stored(seq)));
    sync.track('c1');
    sync.receive(stored(1));
    relay.isHolding = true;
    const reading = sync.catchUp('c1');
    // Stored and delivered during the read: 4 is dropped by fan-out, 5 arrives; the read may not see them.
    relay.append(stored(4), stored(5));
    sync.receive(stored(5));
    relay.store.set('c1', relay.store.get('c1')?.slice(0, 3) ?? []); // the read answers as of before 4
    relay.release();
    await reading;
    expect(sync.timeline('c1')?.hasGap).toBe(true);
    relay.append(stored(4), stored(5));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seqs(sync)).toEqual([1, 2, 3, 4, 5]);
    expect(sync.timeline('c1')?.hasGap).toBe(false);
  });

  it('reads once more when asked during a read (that read may have started before the ask)', async () => {
    sync.track('c1');
    relay.isHolding = true;
    const first = sync.catchUp('c1');
    const second = sync.catchUp('c1');
    expect(relay.requests).toHaveLength(1);
    relay.append(stored(1));
    relay.release();
    await vi.advanceTimersByTimeAsync(0);
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(relay.requests).toHaveLength(2);
    expect(seqs(sync)).toEqual([1]);
  });

  it('re-enters the rooms before reading, then resends and catches up', async () => {
    const order: string[] = [];
    relay.append(stored(1), stored(2));
    sync.track('c1');
    const requestCatchUp = relay.requestCatchUp;
    sync.dispose();
    sync = make({
      requestCatchUp: (request) => {
        order.push('catch_up');
        return requestCatchUp(request);
      },
    });
    sync.track('c1');
    let enterRoom: () => void = () => undefined;
    const done = sync.reconnected({
      rejoin: () =>
        new Promise<void>((resolve) => {
          order.push('rejoin');
          enterRoom = resolve;
        }),
      resend: () => order.push('resend'),
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(order).toEqual(['rejoin']);
    enterRoom();
    await expect(done).resolves.toBe(true);
    expect(order).toEqual(['rejoin', 'resend', 'catch_up']);
    expect(seqs(sync)).toEqual([1, 2]);
  });

  it('loses nothing stored around a reconnect: the read after the rejoin plus live deliveries cover it', async () => {
    relay.append(...range(1, 3).map((seq) => stored(seq)));
    sync.track('c1');
    for (const seq of [1, 2]) sync.receive(stored(seq)); // 3 was stored while the socket was down
    const done = sync.reconnected({ rejoin: async () => relay.append(stored(4)) });
    sync.receive(stored(5)); // live again after the rejoin, before the read answers
    relay.append(stored(5));
    await done;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seqs(sync)).toEqual([1, 2, 3, 4, 5]);
    expect(sync.timeline('c1')?.hasGap).toBe(false);
  });

  it('retries a failed read with a growing delay and resets it after a success', async () => {
    relay.append(stored(1));
    sync.track('c1');
    relay.scripted.push(
      new Error('not connected'),
      { statusCode: 400, message: RELAY_ERRORS.RATE_LIMITED },
      { statusCode: 400, message: `${RELAY_ERRORS.CATCH_UP_FAILED}: provider unavailable` },
    );
    await expect(sync.catchUp('c1')).resolves.toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(relay.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(relay.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(relay.requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(relay.requests).toHaveLength(4);
    expect(seqs(sync)).toEqual([1]);
    expect(sync.isCatchingUp('c1')).toBe(false);
  });

  it('stops catching up a conversation the relay says the user is not in', async () => {
    sync.track('c1');
    sync.track('c2');
    relay.scripted.push({ statusCode: 400, message: RELAY_ERRORS.NOT_PARTICIPANT });
    await expect(sync.catchUp('c1')).resolves.toBe(false);
    expect(sync.refusal('c1')).toBe(RELAY_ERRORS.NOT_PARTICIPANT);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(sync.resync()).resolves.toBe(true);
    expect(relay.requests.map((request) => request.conversation_id)).toEqual(['c1', 'c2']);
  });

  it('runs a resync over many conversations a few at a time', async () => {
    let inFlight = 0;
    let most = 0;
    sync.dispose();
    sync = make({
      concurrency: 3,
      requestCatchUp: async (request) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await Promise.resolve();
        inFlight -= 1;
        return relay.requestCatchUp(request);
      },
    });
    for (let index = 0; index < 10; index += 1) sync.track(`c${index}`);
    await expect(sync.resync()).resolves.toBe(true);
    expect(relay.requests).toHaveLength(10);
    expect(most).toBe(3);
  });

  it('spreads a resync over a random wait', async () => {
    sync.dispose();
    sync = make({ random: () => 0.5 });
    sync.track('c1');
    void sync.resync({ spreadMs: 2_000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(relay.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(relay.requests).toHaveLength(1);
  });

  it('tells listeners what was added and from where', async () => {
    const changes: Array<Pick<ChatSyncChange, 'source'> & { seqs: Array<number | undefined> }> = [];
    sync.subscribe(({ added, source }) => changes.push({ source, seqs: added.map((m) => m.seq) }));
    relay.append(stored(1), stored(2), stored(3));
    sync.track('c1');
    sync.receive(stored(1));
    sync.receive(stored(1));
    await sync.resync();
    sync.receive(stored(4), 'ack');
    expect(changes).toEqual([
      { source: 'live', seqs: [1] },
      { source: 'catch_up', seqs: [2, 3] },
      { source: 'ack', seqs: [4] },
    ]);
  });

  it('tells listeners about a removed message', () => {
    const changes: ChatSyncChange[] = [];
    sync.track('c1');
    sync.receive(stored(1));
    sync.subscribe((change) => changes.push(change));
    const [message] = sync.timeline('c1')?.messages ?? [];
    expect(sync.remove('c1', message?.id ?? '')).toBe(true);
    expect(sync.remove('c1', message?.id ?? '')).toBe(false);
    expect(changes.map(({ source, added, removed }) => ({ source, added, removed }))).toEqual([
      { source: 'delete', added: [], removed: [message?.id] },
    ]);
    expect(sync.timeline('c1')?.messages).toEqual([]);
  });

  it('starts a timeline at the first live message of an unknown conversation, or ignores it', () => {
    sync.receive(stored(7, { conversation: 'new' }));
    expect(sync.timeline('new')?.syncedSeq).toBe(7);
    expect(sync.timeline('new')?.hasGap).toBe(false);
    const strict = make({ autoTrack: false });
    strict.receive(stored(7, { conversation: 'new' }));
    expect(strict.timeline('new')).toBeUndefined();
    strict.dispose();
  });

  it('leaves call signals that were not stored to the caller', () => {
    sync.track('c1');
    const { seq: _seq, ...signal } = stored(1, { type: 'video', action: 'start' });
    expect(sync.receive(signal)).toEqual([]);
    expect(sync.timeline('c1')?.size).toBe(0);
  });

  it('ignores reads that answer after the conversation was dropped or the sync disposed', async () => {
    relay.append(stored(1));
    sync.track('c1');
    relay.isHolding = true;
    const reading = sync.catchUp('c1');
    sync.untrack('c1');
    relay.release();
    await expect(reading).resolves.toBe(false);
    expect(sync.timeline('c1')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(relay.requests).toHaveLength(1);
  });
});
