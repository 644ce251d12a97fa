/**
 * The client side of "nothing acknowledged is lost": one {@link ConversationTimeline} per conversation, fed by
 * live deliveries, and `catch_up` reads that fill what live fan-out did not bring (a reconnect, a sequence
 * gap, or the relay's `resync` after its fan-out was interrupted). Framework-free and socket-free: the caller
 * passes a function that emits `catch_up` with an ack. The web app's chat and the fault run use this one
 * implementation; see the README of `packages/contracts` ("Chat on the client") for the wiring.
 */
import type { ChatMessage } from '../entities/chat-message.ts';
import { RELAY_ERRORS } from './ack.ts';
import { CATCH_UP_MAX_LIMIT, type CatchUpAck, type CatchUpRequest } from './chat.ts';
import { ConversationTimeline, type ConversationTimelineOptions } from './timeline.ts';

/** Where a timeline's new messages came from; 'delete' when a message was removed ({@link ChatSync.remove}). */
export type ChatSyncSource = 'live' | 'catch_up' | 'ack' | 'page' | 'delete';

/** What a listener of {@link ChatSync.subscribe} hears: new (or removed) messages in one timeline. */
export interface ChatSyncChange {
  timeline: ConversationTimeline;
  /** The new messages, in seq order (empty for a removal). */
  added: readonly ChatMessage[];
  /** Ids of removed messages (source 'delete'); absent otherwise. */
  removed?: readonly string[];
  source: ChatSyncSource;
}

/** Options of {@link ChatSync}. */
export interface ChatSyncOptions {
  /**
   * Emits `catch_up` and resolves with its ack. Reject (do not queue) when the socket is not connected:
   * socket.io-client would send a queued emit before the rooms are re-entered, and a read made before the
   * live subscription is back lets messages in between vanish. The relay answers 400 'Too many messages…'
   * past the connection's emit limit: that is retried like any failure.
   */
  requestCatchUp: (request: CatchUpRequest) => Promise<CatchUpAck>;
  /**
   * Messages per catch-up page; pages follow while the relay says `has_more`.
   * @default CATCH_UP_MAX_LIMIT (200)
   */
  pageSize?: number;
  /**
   * How long a sequence gap may stay open before a catch-up: deliveries from two gateway nodes can arrive
   * out of seq order, and the missing one is usually a few milliseconds behind.
   * @default 1000
   */
  gapGraceMs?: number;
  /**
   * First wait before a failed catch-up is tried again (doubling up to `retryDelayMaxMs`).
   * @default 1000
   */
  retryDelayMs?: number;
  /** @default 10000 */
  retryDelayMaxMs?: number;
  /**
   * Catch-ups running at once during a resync (they count against the connection's emit limit).
   * @default 4
   */
  concurrency?: number;
  /**
   * A live message of a conversation not tracked yet starts a timeline from that message (older ones are
   * history to page in). False: such messages are ignored.
   * @default true
   */
  autoTrack?: boolean;
  /** Random source of the resync spread. @default Math.random */
  random?: () => number;
}

/** Per-conversation bookkeeping. */
interface Tracked {
  timeline: ConversationTimeline;
  /** The catch-up in progress (one at a time per conversation). */
  running: Promise<boolean> | undefined;
  /** Asked again while running: read once more when the current read ends (its answer may predate the ask). */
  isAskedAgain: boolean;
  gapTimer: ReturnType<typeof setTimeout> | undefined;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  retryDelayMs: number;
  /** The relay refused for good (not a participant): no more catch-ups. */
  refusal: string | undefined;
}

/**
 * Keeps a client's conversations complete.
 *
 * - `receive(message)` merges a live delivery; a sequence gap that is still open after `gapGraceMs` starts
 *   a catch-up.
 * - `resync()` catches up every tracked conversation. Call it after every (re)connection, once the socket is
 *   back in its rooms (`reconnected()` does it in that order), and when the relay emits `resync`.
 * - A catch-up reads `catch_up` pages from the conversation's `syncedSeq` while `has_more`; when the last
 *   page is in, every message held before the read started is confirmed (a seq the read did not return was
 *   deleted), so a gap can only stay open for messages that arrived after it started, and the next read
 *   closes it. Failures are retried with a growing delay; 'not a participant' stops that conversation.
 *
 * @example
 * const sync = new ChatSync({
 *   requestCatchUp: (request) =>
 *     socket.connected
 *       ? socket.timeout(10_000).emitWithAck('catch_up', request)
 *       : Promise.reject(new Error('not connected')),
 * });
 * socket.on(chatTopic(eventCode), (message) => sync.receive(message));
 * socket.on('resync', (event) => void sync.resync({ spreadMs: event.spread_ms }));
 * socket.on('connect', () => void sync.reconnected({ rejoin: reenterRoom, resend: () => outbox.resendPending() }));
 */
export class ChatSync {
  readonly #options: Required<Omit<ChatSyncOptions, 'requestCatchUp'>> &
    Pick<ChatSyncOptions, 'requestCatchUp'>;
  readonly #tracked = new Map<string, Tracked>();
  readonly #listeners = new Set<(change: ChatSyncChange) => void>();
  #isDisposed = false;

  constructor(options: ChatSyncOptions) {
    this.#options = {
      pageSize: CATCH_UP_MAX_LIMIT,
      gapGraceMs: 1000,
      retryDelayMs: 1000,
      retryDelayMaxMs: 10_000,
      concurrency: 4,
      autoTrack: true,
      random: Math.random,
      ...options,
    };
  }

  /** Starts (or returns) the timeline of a conversation. */
  track(conversationId: string, options: ConversationTimelineOptions = {}): ConversationTimeline {
    const known = this.#tracked.get(conversationId);
    if (known) return known.timeline;
    const timeline = new ConversationTimeline(conversationId, options);
    this.#tracked.set(conversationId, {
      timeline,
      running: undefined,
      isAskedAgain: false,
      gapTimer: undefined,
      retryTimer: undefined,
      retryDelayMs: this.#options.retryDelayMs,
      refusal: undefined,
    });
    return timeline;
  }

  /** Stops keeping a conversation (its timers end; a read in flight is ignored). */
  untrack(conversationId: string): void {
    const tracked = this.#tracked.get(conversationId);
    if (!tracked) return;
    this.#clearTimers(tracked);
    this.#tracked.delete(conversationId);
  }

  /** The timeline of a tracked conversation. */
  timeline(conversationId: string): ConversationTimeline | undefined {
    return this.#tracked.get(conversationId)?.timeline;
  }

  /** Ids of the tracked conversations. */
  conversations(): string[] {
    return [...this.#tracked.keys()];
  }

  /** Why the relay refused to catch a conversation up for good ('not a participant'), if it did. */
  refusal(conversationId: string): string | undefined {
    return this.#tracked.get(conversationId)?.refusal;
  }

  /** True while a catch-up of the conversation runs or waits (gap grace, retry). */
  isCatchingUp(conversationId: string): boolean {
    const tracked = this.#tracked.get(conversationId);
    return Boolean(tracked && (tracked.running || tracked.gapTimer || tracked.retryTimer));
  }

  /** Hears every change of every timeline; returns the unsubscribe function. */
  subscribe(listener: (change: ChatSyncChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Merges stored messages (a live delivery, an acknowledgement's `data`, a page read through tRPC) and
   * returns the new ones. A message without `seq` (a call signal that was not stored) is not history and is
   * left to the caller.
   */
  receive(message: ChatMessage, source: ChatSyncSource = 'live'): ChatMessage[] {
    return this.receiveMany([message], source);
  }

  /** {@link receive} for several messages (of one or more conversations). */
  receiveMany(messages: Iterable<ChatMessage>, source: ChatSyncSource = 'page'): ChatMessage[] {
    const byConversation = new Map<string, ChatMessage[]>();
    for (const message of messages) {
      if (message.seq === undefined) continue;
      const list = byConversation.get(message.conversation);
      if (list) list.push(message);
      else byConversation.set(message.conversation, [message]);
    }
    const added: ChatMessage[] = [];
    for (const [conversationId, list] of byConversation) {
      let tracked = this.#tracked.get(conversationId);
      if (!tracked) {
        if (!this.#options.autoTrack || this.#isDisposed) continue;
        const lowest = Math.min(...list.map((message) => message.seq ?? 1));
        this.track(conversationId, { afterSeq: lowest - 1 });
        tracked = this.#tracked.get(conversationId) as Tracked;
      }
      added.push(...this.#merge(tracked, list, source));
      this.#watchGap(tracked);
    }
    return added;
  }

  /** Drops a deleted message from its timeline (no gap opens) and tells the listeners (source 'delete'). */
  remove(conversationId: string, messageId: string): boolean {
    const timeline = this.#tracked.get(conversationId)?.timeline;
    if (!timeline?.remove(messageId)) return false;
    const change: ChatSyncChange = { timeline, added: [], removed: [messageId], source: 'delete' };
    for (const listener of this.#listeners) listener(change);
    return true;
  }

  /**
   * Catches one conversation up now; resolves true once it holds everything stored up to the read (false
   * when the read failed: it is retried later by itself). A call while a read runs makes it read once more.
   */
  catchUp(conversationId: string): Promise<boolean> {
    const tracked = this.#tracked.get(conversationId);
    if (!tracked || this.#isDisposed || tracked.refusal !== undefined) return Promise.resolve(false);
    if (tracked.running) {
      tracked.isAskedAgain = true;
      return tracked.running;
    }
    this.#clearTimers(tracked);
    const running = this.#run(tracked);
    tracked.running = running;
    return running;
  }

  /**
   * Catches every tracked conversation up (at most `concurrency` at once), after a random wait of up to
   * `spreadMs` (so thousands of clients told at once do not read at once). Resolves true when all succeeded.
   */
  async resync(options: { spreadMs?: number } = {}): Promise<boolean> {
    const spread = options.spreadMs ?? 0;
    if (spread > 0) await new Promise((resolve) => setTimeout(resolve, this.#options.random() * spread));
    const queue = [...this.#tracked.entries()].filter(([, tracked]) => tracked.refusal === undefined);
    for (const [, tracked] of queue) tracked.retryDelayMs = this.#options.retryDelayMs;
    let isComplete = true;
    const worker = async (): Promise<void> => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        if (!(await this.catchUp(next[0]))) isComplete = false;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.#options.concurrency) }, worker));
    return isComplete;
  }

  /**
   * After every (re)connection: re-enter the rooms first (`rejoin`, so room messages from now on arrive
   * live), then resend what waits for an ack and catch every conversation up. Resolves true once caught up.
   */
  async reconnected(
    options: { rejoin?: () => Promise<unknown>; resend?: () => void; spreadMs?: number } = {},
  ): Promise<boolean> {
    await options.rejoin?.();
    options.resend?.();
    return this.resync(options.spreadMs === undefined ? {} : { spreadMs: options.spreadMs });
  }

  /** Stops every timer; later reads are ignored. */
  dispose(): void {
    this.#isDisposed = true;
    for (const tracked of this.#tracked.values()) this.#clearTimers(tracked);
    this.#listeners.clear();
  }

  #merge(tracked: Tracked, messages: readonly ChatMessage[], source: ChatSyncSource): ChatMessage[] {
    const added = tracked.timeline.add(messages);
    if (added.length > 0) {
      const change: ChatSyncChange = { timeline: tracked.timeline, added, source };
      for (const listener of this.#listeners) listener(change);
    }
    return added;
  }

  async #run(tracked: Tracked): Promise<boolean> {
    let isDone: boolean;
    try {
      do {
        tracked.isAskedAgain = false;
        isDone = await this.#readAll(tracked);
      } while (isDone && tracked.isAskedAgain && this.#isCurrent(tracked));
    } finally {
      tracked.running = undefined;
    }
    if (!this.#isCurrent(tracked)) return false;
    if (isDone) {
      tracked.retryDelayMs = this.#options.retryDelayMs;
      this.#watchGap(tracked);
    } else if (tracked.refusal === undefined) {
      const delay = tracked.retryDelayMs;
      tracked.retryDelayMs = Math.min(delay * 2, this.#options.retryDelayMaxMs);
      tracked.retryTimer = setTimeout(() => {
        tracked.retryTimer = undefined;
        void this.catchUp(tracked.timeline.conversationId);
      }, delay);
    }
    return isDone;
  }

  /** Reads pages from `syncedSeq` until `has_more` is false; false when a read failed. */
  async #readAll(tracked: Tracked): Promise<boolean> {
    const { timeline } = tracked;
    // Everything held now was stored before this read starts, so the read returns it unless it was deleted.
    const heldBefore = timeline.highestSeq;
    let after = timeline.syncedSeq;
    for (;;) {
      let ack: CatchUpAck;
      try {
        ack = await this.#options.requestCatchUp({
          conversation_id: timeline.conversationId,
          after_seq: after,
          limit: this.#options.pageSize,
        });
      } catch {
        return false;
      }
      if (!this.#isCurrent(tracked)) return false;
      if (ack.statusCode !== 200) {
        if (ack.message === RELAY_ERRORS.NOT_PARTICIPANT) tracked.refusal = ack.message;
        return false;
      }
      this.#merge(tracked, ack.messages, 'catch_up');
      let last = after;
      for (const message of ack.messages) if ((message.seq ?? 0) > last) last = message.seq ?? 0;
      timeline.confirmThrough(last);
      if (!ack.has_more) {
        timeline.confirmThrough(heldBefore);
        return true;
      }
      // A full page that does not move forward would loop for ever: treat it as a failed read.
      if (last <= after) return false;
      after = last;
    }
  }

  /** A gap opens a grace period; if it is still open then, a catch-up runs. */
  #watchGap(tracked: Tracked): void {
    if (!tracked.timeline.hasGap) {
      if (tracked.gapTimer) {
        clearTimeout(tracked.gapTimer);
        tracked.gapTimer = undefined;
      }
      return;
    }
    if (tracked.running || tracked.gapTimer || tracked.retryTimer || tracked.refusal !== undefined) return;
    tracked.gapTimer = setTimeout(() => {
      tracked.gapTimer = undefined;
      if (tracked.timeline.hasGap) void this.catchUp(tracked.timeline.conversationId);
    }, this.#options.gapGraceMs);
  }

  #isCurrent(tracked: Tracked): boolean {
    return !this.#isDisposed && this.#tracked.get(tracked.timeline.conversationId) === tracked;
  }

  #clearTimers(tracked: Tracked): void {
    if (tracked.gapTimer) clearTimeout(tracked.gapTimer);
    if (tracked.retryTimer) clearTimeout(tracked.retryTimer);
    tracked.gapTimer = undefined;
    tracked.retryTimer = undefined;
  }
}
