/**
 * One conversation's stored messages as a client holds them: merged by `seq` from every source (live
 * deliveries, catch-up pages, older pages, acknowledgements), each shown once (by id, and by sender +
 * `client_id`), always in seq order, with the point up to which nothing is missing (`syncedSeq`).
 * Framework-free: the web app's chat and the fault run's clients share it (see {@link ChatSync}).
 */
import type { ChatMessage } from '../entities/chat-message.ts';

/** Where the timeline starts. */
export interface ConversationTimelineOptions {
  /**
   * The seq up to which the client needs nothing (older messages are history it pages in on demand, never a
   * gap). 0 = the conversation's start.
   * @default 0
   */
  afterSeq?: number;
}

/** The key a resend is recognised by: the provider stores one message per sender and `client_id`. */
export const clientKey = (from: number, clientId: string): string => `${from}:${clientId}`;

/**
 * A conversation's stored messages in seq order, without duplicates.
 *
 * - `add()` takes stored messages from anywhere and returns those that were new; a message without `seq`
 *   (not stored) is ignored, as is one whose id, or whose sender + `client_id`, is already held.
 * - `syncedSeq`: every stored message with a seq up to it is held (or known to be deleted); it advances over
 *   contiguous seqs as messages arrive, and with `confirmThrough()` when a catch-up read answered up to a
 *   point.
 * - `hasGap`: a message above `syncedSeq + 1` is held, so one in between is missing (late or dropped).
 */
export class ConversationTimeline {
  readonly conversationId: string;
  readonly #bySeq = new Map<number, ChatMessage>();
  readonly #ids = new Set<string>();
  readonly #clientKeys = new Set<string>();
  /** Held messages in seq order (kept sorted on insert: messages almost always arrive in order). */
  readonly #sorted: ChatMessage[] = [];
  #syncedSeq: number;
  #highestSeq: number;
  #snapshot: readonly ChatMessage[] | undefined;

  constructor(conversationId: string, options: ConversationTimelineOptions = {}) {
    this.conversationId = conversationId;
    this.#syncedSeq = Math.max(0, options.afterSeq ?? 0);
    this.#highestSeq = this.#syncedSeq;
  }

  /**
   * The held messages in seq order. The same frozen array until the next change, so a UI store can compare
   * it by reference.
   */
  get messages(): readonly ChatMessage[] {
    this.#snapshot ??= Object.freeze([...this.#sorted]);
    return this.#snapshot;
  }

  /** Every stored message with a seq up to this one is held, or was deleted. */
  get syncedSeq(): number {
    return this.#syncedSeq;
  }

  /** The highest seq held (or `syncedSeq` when higher). */
  get highestSeq(): number {
    return this.#highestSeq;
  }

  /** True when a held message lies above `syncedSeq + 1`: something in between is missing. */
  get hasGap(): boolean {
    return this.#highestSeq > this.#syncedSeq;
  }

  /** How many messages are held. */
  get size(): number {
    return this.#sorted.length;
  }

  /** True when a message with this id is held (or was, before it was removed). */
  hasId(id: string): boolean {
    return this.#ids.has(id);
  }

  /** True when the sender's message with this `client_id` is held (or was, before it was removed). */
  hasClientId(from: number, clientId: string): boolean {
    return this.#clientKeys.has(clientKey(from, clientId));
  }

  /**
   * Merges stored messages of this conversation (any order, any source); returns the new ones in seq order.
   * Messages of another conversation, without seq, or already held (same id, or same sender + client_id)
   * are left out.
   */
  add(messages: Iterable<ChatMessage>): ChatMessage[] {
    const added: ChatMessage[] = [];
    for (const message of messages) {
      const { seq } = message;
      if (seq === undefined || message.conversation !== this.conversationId) continue;
      if (this.#ids.has(message.id) || this.#bySeq.has(seq) || seq <= 0) continue;
      const key = message.client_id === undefined ? undefined : clientKey(message.from, message.client_id);
      if (key !== undefined && this.#clientKeys.has(key)) continue;
      this.#bySeq.set(seq, message);
      this.#ids.add(message.id);
      if (key !== undefined) this.#clientKeys.add(key);
      this.#insertSorted(message, seq);
      if (seq > this.#highestSeq) this.#highestSeq = seq;
      added.push(message);
    }
    if (added.length === 0) return added;
    this.#snapshot = undefined;
    this.#advance();
    return added.length > 1 ? added.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)) : added;
  }

  /**
   * A catch-up read answered everything up to `seq`: seqs up to it that are not held do not exist (deleted),
   * so they are no gap.
   */
  confirmThrough(seq: number): void {
    if (seq <= this.#syncedSeq) return;
    this.#syncedSeq = seq;
    if (seq > this.#highestSeq) this.#highestSeq = seq;
    this.#advance();
  }

  /**
   * Drops a deleted message. Its id and client_id stay known, so a late copy (a catch-up page read before
   * the delete) does not bring it back, and `syncedSeq` never moves back: no gap opens. True when it was held.
   */
  remove(id: string): boolean {
    const index = this.#sorted.findIndex((message) => message.id === id);
    if (index < 0) return false;
    const [message] = this.#sorted.splice(index, 1);
    if (message?.seq !== undefined) this.#bySeq.delete(message.seq);
    this.#snapshot = undefined;
    return true;
  }

  #insertSorted(message: ChatMessage, seq: number): void {
    let index = this.#sorted.length;
    while (index > 0 && (this.#sorted[index - 1]?.seq ?? 0) > seq) index -= 1;
    this.#sorted.splice(index, 0, message);
  }

  #advance(): void {
    while (this.#bySeq.has(this.#syncedSeq + 1)) this.#syncedSeq += 1;
  }
}
