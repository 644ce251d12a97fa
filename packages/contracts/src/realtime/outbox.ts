/**
 * Sends that wait for their acknowledgement: each carries a `client_id`, shows as 'sending' until the relay
 * acknowledges it, is sent again with the same `client_id` when no ack came and after a reconnect (the
 * provider stores it once and the relay delivers it once), and becomes 'failed' with the relay's reason when
 * refused (400), until the user retries or discards it. A stored copy that arrives before the ack (the sender's own tabs hear every message)
 * settles it too. Framework-free; used with {@link ChatSync}.
 */
import type { ChatMessage } from '../entities/chat-message.ts';
import type { ChatAck, ChatSendInput } from './chat.ts';
import type { ChatSync } from './chat-sync.ts';

/** A send that has no 200 acknowledgement yet. */
export interface OutboxEntry {
  readonly clientId: string;
  /** What is (re)sent, `client_id` included. */
  readonly payload: ChatSendInput & { client_id: string };
  /** 'sending' until acknowledged or refused; 'failed' after a 400 (see `error`). */
  readonly state: 'sending' | 'failed';
  /** The relay's reason of a 400, when failed. */
  readonly error: string | undefined;
  /** How many times it was sent. */
  readonly attempts: number;
}

/** Options of {@link ChatOutbox}. */
export interface ChatOutboxOptions {
  /** The signed-in user (the `from` of every send; stored copies of its messages settle entries). */
  userId: number;
  /** Stored messages from acknowledgements go into these timelines, and its changes settle entries. */
  sync: ChatSync;
  /**
   * Emits on the event's chat topic and resolves with the ack; rejects when no ack comes (disconnected,
   * timed out): the entry stays 'sending' and goes again after `resendUnansweredMs`, and after the next
   * reconnect.
   */
  send: (payload: ChatSendInput) => Promise<ChatAck>;
  /**
   * A send that got no ack (a stalled node keeps the connection but answers nothing; a refusal after the ack
   * timed out is never heard) goes again after this long, doubling up to 30 s, until answered. The same
   * `client_id` keeps it stored and delivered once. 0: only after reconnects.
   * @default 5000
   */
  resendUnansweredMs?: number;
  /** A new idempotency key (letters, digits, `_` and `-`, at most 64). @default crypto.randomUUID() */
  newClientId?: () => string;
}

interface MutableEntry {
  clientId: string;
  payload: ChatSendInput & { client_id: string };
  state: 'sending' | 'failed';
  error: string | undefined;
  attempts: number;
  /** Incremented per send; a 400 counts only from the latest attempt (an older one may be overtaken). */
  attempt: number;
  /** The next resend of an unanswered send, and how long it waits. */
  resendTimer: ReturnType<typeof setTimeout> | undefined;
  resendDelayMs: number;
}

/** Longest wait between resends of an unanswered send. */
const RESEND_MAX_MS = 30_000;

/** Pending sends of one client. */
export class ChatOutbox {
  readonly #options: ChatOutboxOptions;
  readonly #entries = new Map<string, MutableEntry>();
  readonly #listeners = new Set<() => void>();
  readonly #unsubscribe: () => void;
  #snapshot: readonly OutboxEntry[] | undefined;
  /** `entries(conversationId)` answers, kept until the next change (a UI store compares them by reference). */
  readonly #byConversation = new Map<string, readonly OutboxEntry[]>();

  constructor(options: ChatOutboxOptions) {
    this.#options = options;
    this.#unsubscribe = options.sync.subscribe(({ added }) => this.#settleStored(added));
  }

  /**
   * Sends a message (a `client_id` is added when absent) and keeps it until acknowledged; returns its entry.
   * A `from` other than the user's is replaced by the user's.
   */
  send(payload: ChatSendInput): OutboxEntry {
    const clientId = payload.client_id ?? (this.#options.newClientId ?? defaultClientId)();
    const entry: MutableEntry = {
      clientId,
      payload: { ...payload, from: this.#options.userId, client_id: clientId },
      state: 'sending',
      error: undefined,
      attempts: 0,
      attempt: 0,
      resendTimer: undefined,
      resendDelayMs: this.#resendMs,
    };
    this.#entries.set(clientId, entry);
    this.#attempt(entry);
    return entry;
  }

  /** Sends every 'sending' entry again, with its `client_id` (call after a reconnect). */
  resendPending(): void {
    for (const entry of this.#entries.values()) if (entry.state === 'sending') this.#attempt(entry);
  }

  /** Sends a failed entry again. False when there is no such failed entry. */
  retry(clientId: string): boolean {
    const entry = this.#entries.get(clientId);
    if (!entry || entry.state !== 'failed') return false;
    entry.state = 'sending';
    entry.error = undefined;
    this.#attempt(entry);
    return true;
  }

  /** Forgets an entry (the user gave up on a failed message). */
  discard(clientId: string): boolean {
    const entry = this.#entries.get(clientId);
    if (!entry) return false;
    this.#forget(entry);
    this.#changed();
    return true;
  }

  /**
   * Entries waiting or failed, oldest first; with a conversation id, those sent to it (a new conversation's
   * sends carry the `temp-…` id they were sent with). The same frozen array until the next change, for each
   * conversation too.
   */
  entries(conversationId?: string): readonly OutboxEntry[] {
    this.#snapshot ??= Object.freeze(
      [...this.#entries.values()].map(({ clientId, payload, state, error, attempts }): OutboxEntry =>
        Object.freeze({ clientId, payload, state, error, attempts }),
      ),
    );
    if (conversationId === undefined) return this.#snapshot;
    let mine = this.#byConversation.get(conversationId);
    if (!mine) {
      mine = Object.freeze(this.#snapshot.filter((entry) => entry.payload.conversation === conversationId));
      this.#byConversation.set(conversationId, mine);
    }
    return mine;
  }

  /** Hears every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops listening to the timelines and resending. */
  dispose(): void {
    this.#unsubscribe();
    this.#listeners.clear();
    for (const entry of this.#entries.values()) clearTimeout(entry.resendTimer);
  }

  get #resendMs(): number {
    return this.#options.resendUnansweredMs ?? 5_000;
  }

  #forget(entry: MutableEntry): void {
    clearTimeout(entry.resendTimer);
    this.#entries.delete(entry.clientId);
  }

  #attempt(entry: MutableEntry): void {
    clearTimeout(entry.resendTimer);
    entry.resendTimer = undefined;
    entry.attempts += 1;
    entry.attempt += 1;
    const attempt = entry.attempt;
    this.#changed();
    const unanswered = (): void => {
      // Still waiting, and no later attempt took over: send again after a while.
      if (this.#entries.get(entry.clientId) !== entry || entry.state !== 'sending') return;
      if (attempt !== entry.attempt || this.#resendMs <= 0) return;
      const delay = entry.resendDelayMs;
      entry.resendDelayMs = Math.min(delay * 2, RESEND_MAX_MS);
      entry.resendTimer = setTimeout(() => this.#attempt(entry), delay);
    };
    let sent: Promise<ChatAck>;
    try {
      sent = this.#options.send(entry.payload);
    } catch {
      unanswered();
      return;
    }
    sent.then((ack) => {
      if (this.#entries.get(entry.clientId) !== entry) return;
      if (ack.statusCode === 200) {
        this.#forget(entry);
        this.#changed();
        if (ack.data) this.#options.sync.receive(ack.data, 'ack');
      } else if (attempt === entry.attempt) {
        clearTimeout(entry.resendTimer);
        entry.state = 'failed';
        entry.error = ack.message;
        this.#changed();
      }
    }, unanswered);
  }

  #settleStored(messages: readonly ChatMessage[]): void {
    let isChanged = false;
    for (const message of messages) {
      if (message.from !== this.#options.userId || message.client_id === undefined) continue;
      const entry = this.#entries.get(message.client_id);
      if (!entry) continue;
      this.#forget(entry);
      isChanged = true;
    }
    if (isChanged) this.#changed();
  }

  #changed(): void {
    this.#snapshot = undefined;
    this.#byConversation.clear();
    for (const listener of this.#listeners) listener();
  }
}

/** A random client id (crypto.randomUUID, in browsers and Node alike). */
function defaultClientId(): string {
  return globalThis.crypto.randomUUID();
}
