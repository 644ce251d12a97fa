// The chat of one signed-in tab: the contracts' ChatSync (each open conversation's stored messages, complete and
// without copies: catch-up after a reconnect, a gap or the relay's resync) and ChatOutbox (sends with a client
// id: 'sending' until the ack, resent after a reconnect, 'failed' with the relay's reason), bound to the tab's
// socket. Written once in packages/contracts (README "Chat on the client"); this file only wires it.
import { useCallback, useSyncExternalStore } from 'react';
import {
  ChatOutbox,
  ChatSync,
  chatTopic,
  type CatchUpAck,
  type CatchUpRequest,
  type ChatAck,
  type ChatMessage,
  type ChatSendInput,
  type OutboxEntry,
} from '@showfloor/contracts';
import { createExternalStore } from '../../../lib/external-store.ts';
import { ACK_TIMEOUT_MS, emitWithAck } from '../../../lib/socket/registry.ts';

/** What the client emits with: the tab's socket (lib/socket), or a test's stand-in. */
export interface ChatTransport {
  send(eventCode: string, payload: ChatSendInput): Promise<ChatAck | undefined>;
  catchUp(request: CatchUpRequest): Promise<CatchUpAck | undefined>;
}

/**
 * The tab's socket: an emit without a connection, or without an answer within ACK_TIMEOUT_MS (then it counts as
 * lost), resolves undefined.
 */
export const socketTransport: ChatTransport = {
  send: (eventCode, payload) => emitWithAck(chatTopic(eventCode), payload, ACK_TIMEOUT_MS),
  catchUp: (request) => emitWithAck('catch_up', request, ACK_TIMEOUT_MS),
};

/** Where a conversation's older history continues: the `page_state` of the last page read (null: no more). */
export type HistoryCursors = ReadonlyMap<string, string | null>;

export interface ChatClientOptions {
  userId: number;
  eventCode: string;
  transport?: ChatTransport;
  /** ChatSync's gap grace, shorter in tests. @default 1000 */
  gapGraceMs?: number;
}

const EMPTY_MESSAGES: readonly ChatMessage[] = Object.freeze([]);
const EMPTY_ENTRIES: readonly OutboxEntry[] = Object.freeze([]);

export class ChatClient {
  readonly userId: number;
  readonly eventCode: string;
  readonly sync: ChatSync;
  readonly outbox: ChatOutbox;
  readonly #cursors = createExternalStore<HistoryCursors>(new Map());

  constructor({ userId, eventCode, transport = socketTransport, gapGraceMs }: ChatClientOptions) {
    this.userId = userId;
    this.eventCode = eventCode;
    this.sync = new ChatSync({
      // A read sent before the socket is back in its rooms would let messages stored in between vanish:
      // emitWithAck answers undefined (no queueing) while disconnected, and ChatSync tries again later.
      requestCatchUp: async (request) => {
        const ack = await transport.catchUp(request);
        if (!ack) throw new Error('no catch-up answer');
        return ack;
      },
      // Conversations are tracked when a view reads their latest page; a live message of another one only
      // updates the chat list (a timeline started from it would hide the history before it).
      autoTrack: false,
      ...(gapGraceMs === undefined ? {} : { gapGraceMs }),
    });
    this.outbox = new ChatOutbox({
      userId,
      sync: this.sync,
      send: async (payload) => {
        const ack = await transport.send(eventCode, payload);
        if (!ack) throw new Error('no acknowledgement');
        // A first message creates its conversation: track it from this message, so the stored copy stays in
        // view while the page of the real conversation loads.
        if (
          ack.statusCode === 200 &&
          ack.data?.seq !== undefined &&
          !this.sync.timeline(ack.data.conversation)
        )
          this.sync.track(ack.data.conversation, { afterSeq: ack.data.seq - 1 });
        return ack;
      },
    });
  }

  /** Starts a conversation's timeline from the latest page read through tRPC, then closes what it missed. */
  loadLatestPage(
    conversationId: string,
    page: { messages: readonly ChatMessage[]; page_state: string | null },
  ) {
    const first = page.messages.reduce((lowest, m) => Math.min(lowest, m.seq ?? lowest), Infinity);
    this.sync.track(conversationId, { afterSeq: Number.isFinite(first) ? first - 1 : 0 });
    this.sync.receiveMany(page.messages, 'page');
    this.#setCursor(conversationId, page.page_state);
    // What was stored while the page was on its way: one read after the last seq held.
    void this.sync.catchUp(conversationId);
  }

  /** Puts an older page above what is held. */
  loadOlderPage(
    conversationId: string,
    page: { messages: readonly ChatMessage[]; page_state: string | null },
  ) {
    this.sync.receiveMany(page.messages, 'page');
    this.#setCursor(conversationId, page.page_state);
  }

  /** True once the latest page of a conversation was read in this tab. */
  isLoaded(conversationId: string): boolean {
    return this.#cursors.get().has(conversationId);
  }

  /** The cursor of a conversation's next older page (null: nothing older; undefined: not loaded). */
  cursor(conversationId: string): string | null | undefined {
    return this.#cursors.get().get(conversationId);
  }

  /** Hears every change of the cursors; returns the unsubscribe function. */
  subscribeCursors(listener: () => void): () => void {
    return this.#cursors.subscribe(listener);
  }

  /** Drops a conversation's timeline and cursor: its view reads it again from the latest page. */
  forget(conversationId: string): void {
    this.sync.untrack(conversationId);
    const next = new Map(this.#cursors.get());
    if (next.delete(conversationId)) this.#cursors.set(next);
  }

  /** Sends a text (or a call signal, a card message) with a client id; see ChatOutbox. */
  send(payload: ChatSendInput): OutboxEntry {
    return this.outbox.send(payload);
  }

  dispose(): void {
    this.outbox.dispose();
    this.sync.dispose();
  }

  #setCursor(conversationId: string, pageState: string | null) {
    const next = new Map(this.#cursors.get());
    next.set(conversationId, pageState);
    this.#cursors.set(next);
  }
}

const clientStore = createExternalStore<ChatClient | null>(null);

/** The tab's chat client (null before the socket opens and after sign-out). */
export function getChatClient(): ChatClient | null {
  return clientStore.get();
}

export function setChatClient(client: ChatClient | null): void {
  const previous = clientStore.get();
  if (previous && previous !== client) previous.dispose();
  clientStore.set(client);
}

export function useChatClient(): ChatClient | null {
  return clientStore.useValue();
}

const noop = () => () => undefined;

/** A conversation's stored messages in seq order, each once; re-renders when they change. */
export function useTimeline(
  client: ChatClient | null,
  conversationId: string | undefined,
): readonly ChatMessage[] {
  const subscribe = useCallback(
    (listener: () => void) => (client ? client.sync.subscribe(listener) : noop()),
    [client],
  );
  return useSyncExternalStore(
    subscribe,
    () => (conversationId && client?.sync.timeline(conversationId)?.messages) || EMPTY_MESSAGES,
  );
}

/** A conversation's history cursor (see {@link ChatClient.cursor}); re-renders when it changes. */
export function useHistoryCursor(
  client: ChatClient | null,
  conversationId: string | undefined,
): string | null | undefined {
  const subscribe = useCallback(
    (listener: () => void) => (client ? client.subscribeCursors(listener) : noop()),
    [client],
  );
  return useSyncExternalStore(subscribe, () =>
    client && conversationId ? client.cursor(conversationId) : undefined,
  );
}

/** The sends of a conversation still waiting for their ack, or failed. */
export function useOutboxEntries(
  client: ChatClient | null,
  conversationId: string | undefined,
): readonly OutboxEntry[] {
  const subscribe = useCallback(
    (listener: () => void) => (client ? client.outbox.subscribe(listener) : noop()),
    [client],
  );
  return useSyncExternalStore(subscribe, () =>
    conversationId && client ? client.outbox.entries(conversationId) : EMPTY_ENTRIES,
  );
}
