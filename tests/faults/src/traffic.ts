/**
 * The run's chat traffic: a steady total rate (messages per second over every client), each message from a
 * random visitor into its room or to its partner, half and half; and now and then a send the store must
 * refuse (into another pair's conversation), to count 200 acks for refused sends.
 */
import type { FaultClient } from './client.ts';

/** Who talks where. */
export interface TrafficPlan {
  clients: readonly FaultClient[];
  /** Room id → its conversation id. */
  roomConversation: ReadonlyMap<number, string>;
  /** User id → partner's id and their conversation id. */
  pairOf: ReadonlyMap<number, { partner: number; conversation: string }>;
  runId: string;
}

/** A small seeded generator (mulberry32), so a run's choices can be repeated. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const TICK_MS = 20;

export class Traffic {
  sent = 0;
  /** Refusable sends that were answered (a refusal, or a 200 that should not be). */
  refusableSent = 0;
  refusableAcked = 0;
  refusableUnanswered = 0;
  #rate = 0;
  #owed = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  #lastTick: number | undefined;
  #sequence = 0;
  readonly #pending = new Set<Promise<void>>();
  readonly #pairConversations: string[];

  constructor(
    private readonly plan: TrafficPlan,
    private readonly random: () => number,
    /** One send in this many is a refusable one. */
    private readonly refusableEvery = 40,
  ) {
    this.#pairConversations = [...new Set([...plan.pairOf.values()].map((pair) => pair.conversation))];
  }

  /** Sends at `perSecond` in total from now on (0 stops). */
  setRate(perSecond: number): void {
    this.#rate = perSecond;
    if (perSecond > 0 && !this.#timer) {
      this.#timer = setInterval(() => this.#tick(), TICK_MS);
    } else if (perSecond === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
      this.#lastTick = undefined;
      this.#owed = 0;
    }
  }

  get rate(): number {
    return this.#rate;
  }

  /** Waits for the refusable sends' acks. */
  async settle(): Promise<void> {
    await Promise.all([...this.#pending]);
  }

  #tick(): void {
    // By the time that passed (a busy loop fires late), at most one second's worth at once.
    const now = performance.now();
    const elapsed = Math.min(1_000, now - (this.#lastTick ?? now - TICK_MS));
    this.#lastTick = now;
    this.#owed += (this.#rate * elapsed) / 1000;
    while (this.#owed >= 1) {
      this.#owed -= 1;
      this.#sendOne();
    }
  }

  #pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)] as T;
  }

  #sendOne(): void {
    const client = this.#pick(this.plan.clients);
    const id = `${this.plan.runId}-${(this.#sequence++).toString(36)}`;
    if (this.#sequence % this.refusableEvery === 0) {
      this.#sendRefusable(client, id);
      return;
    }
    this.sent += 1;
    const pair = this.plan.pairOf.get(client.userId);
    if (this.random() < 0.5 || !pair) {
      const conversation = this.plan.roomConversation.get(client.roomId);
      client.send({
        message: `room ${id}`,
        to: [],
        room: { id: client.roomId, name: `Fault hall ${client.roomId}` },
        ...(conversation ? { conversation } : {}),
        client_id: id,
      });
    } else {
      client.send({
        message: `pair ${id}`,
        to: [pair.partner],
        conversation: pair.conversation,
        client_id: id,
      });
    }
  }

  #sendRefusable(client: FaultClient, id: string): void {
    const own = this.plan.pairOf.get(client.userId)?.conversation;
    const others = this.#pairConversations.filter((conversation) => conversation !== own);
    if (others.length === 0) return;
    const sending = client.sendRefusable(this.#pick(others), `${id}-x`).then((status) => {
      if (status === 0) {
        this.refusableUnanswered += 1;
        return;
      }
      this.refusableSent += 1;
      if (status === 200) this.refusableAcked += 1;
    });
    this.#pending.add(sending);
    void sending.finally(() => this.#pending.delete(sending));
  }
}
