/**
 * Message accounting of a load run: every message sent, its ack, who should receive it, and who did. A second
 * receipt of the same message by the same recipient is a duplicate. Messages refused (400) or never acked are
 * errors, not losses. Late is not lost: when the run's drain ends (`endDrain`), what a listed recipient of a
 * 200-acked message has not received yet is missing; a receipt after that moment is **late** (counted, with by
 * how much it was late), and only what is still missing when the totals are read (after a late window) is
 * **lost**.
 */
import { Latency } from './latency.ts';

const round = (value: number): number => Math.round(value * 10) / 10;

/**
 * The stall probe's sink for slow acks and deliveries, when the process loaded it (src/bench/stall-probe.mjs
 * with STALL_PROBE_DIR set); undefined otherwise, so a plain run pays one property read per receipt.
 */
interface StallProbe {
  slow(kind: 'ack' | 'delivery', sentAt: number, ms: number): void;
}
const stallProbe = (globalThis as { __stallProbe?: StallProbe }).__stallProbe;

/** What a message is expected to reach. */
interface Entry {
  sentAt: number;
  /** Listed recipients (a handful: group members or a private partner). */
  recipients: readonly number[];
  /** Receipts per recipient, by index in `recipients` (compact: runs keep hundreds of thousands). */
  receipts: Uint8Array;
  acked: 'pending' | 'ok' | 'refused' | 'timeout';
  /** Counted in the report's window (false during warm-up). */
  isMeasured: boolean;
}

/** Totals of a run (or of its measured window). */
export interface LedgerTotals {
  sent: number;
  acked: number;
  refused: number;
  ackTimeouts: number;
  deliveries: number;
  /** Receipts never delivered (still missing when the totals were read, after the late window). */
  lost: number;
  /** Receipts delivered after the drain ended: late, not lost. */
  late: number;
  /** How late the late receipts were, ms after the drain ended. */
  lateByMs: { p50: number; max: number };
  duplicated: number;
  /** Receipts of messages this run never sent (another run's, or corrupted). */
  unexpected: number;
  /** 400 acks by message. */
  refusals: Record<string, number>;
}

export class Ledger {
  readonly #entries = new Map<string, Entry>();
  readonly ack = new Latency();
  readonly delivery = new Latency();
  #sent = 0;
  #acked = 0;
  #refused = 0;
  #ackTimeouts = 0;
  #deliveries = 0;
  #duplicated = 0;
  #unexpected = 0;
  #late = 0;
  /** When the drain ended (performance.now() ms); receipts after it are late. */
  #drainEndedAt: number | undefined;
  /** How late each late receipt came, ms after the drain ended. */
  readonly lateness = new Latency();
  readonly #refusals: Record<string, number> = {};
  /** Whether new messages count in the measured window. */
  isMeasuring = true;

  /** A message left the generator at `at` (performance.now() ms), expected at `recipients`. */
  sent(id: string, recipients: readonly number[], at: number): void {
    this.#entries.set(id, {
      sentAt: at,
      recipients,
      receipts: new Uint8Array(recipients.length),
      acked: 'pending',
      isMeasured: this.isMeasuring,
    });
    if (this.isMeasuring) this.#sent += 1;
  }

  /**
   * Sends message `id` through `emit` (a socket's emit with an ack callback; false when not connected) and books
   * it: sent now, then its ack or refusal when it comes, or a timeout after `ackTimeoutMs`.
   */
  send(
    id: string,
    recipients: readonly number[],
    emit: (onAck: (answer: unknown) => void) => boolean,
    ackTimeoutMs = 10_000,
  ): void {
    this.sent(id, recipients, performance.now());
    const timer = setTimeout(() => this.ackTimedOut(id), ackTimeoutMs);
    const isSent = emit((answer) => {
      clearTimeout(timer);
      const ack = answer as { statusCode?: number; message?: string };
      this.acked(id, ack.statusCode ?? 0, ack.message, performance.now());
    });
    if (!isSent) {
      clearTimeout(timer);
      this.acked(id, 0, 'not connected', performance.now());
    }
  }

  /** Its ack arrived at `at`: 200, or 400 with `message`. */
  acked(id: string, statusCode: number, message: string | undefined, at: number): void {
    const entry = this.#entries.get(id);
    if (!entry || entry.acked !== 'pending') return;
    if (statusCode === 200) {
      entry.acked = 'ok';
      if (entry.isMeasured) {
        this.#acked += 1;
        this.ack.record(at - entry.sentAt);
        stallProbe?.slow('ack', entry.sentAt, at - entry.sentAt);
      }
      return;
    }
    entry.acked = 'refused';
    if (entry.isMeasured) {
      this.#refused += 1;
      const key = message ?? `status ${statusCode}`;
      this.#refusals[key] = (this.#refusals[key] ?? 0) + 1;
    }
  }

  /** No ack came within the time limit. */
  ackTimedOut(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry || entry.acked !== 'pending') return;
    entry.acked = 'timeout';
    if (entry.isMeasured) this.#ackTimeouts += 1;
  }

  /** `recipient` received message `id` at `at`. */
  received(id: string, recipient: number, at: number): void {
    const entry = this.#entries.get(id);
    if (!entry) {
      this.#unexpected += 1;
      return;
    }
    const index = entry.recipients.indexOf(recipient);
    if (index < 0) {
      // Not a listed recipient: a message reaching someone it should not.
      this.#unexpected += 1;
      return;
    }
    const count = entry.receipts[index] ?? 0;
    entry.receipts[index] = Math.min(255, count + 1);
    if (count > 0) {
      if (entry.isMeasured) this.#duplicated += 1;
      return;
    }
    if (entry.isMeasured) {
      this.#deliveries += 1;
      this.delivery.record(at - entry.sentAt);
      stallProbe?.slow('delivery', entry.sentAt, at - entry.sentAt);
      if (this.#drainEndedAt !== undefined && at > this.#drainEndedAt) {
        this.#late += 1;
        this.lateness.record(at - this.#drainEndedAt);
      }
    }
  }

  /** The drain ended at `at`: what is missing now and arrives later is late; answers how much is missing. */
  endDrain(at: number): number {
    this.#drainEndedAt = at;
    return this.missing();
  }

  /** Receipts still missing of 200-acked measured messages. */
  missing(): number {
    let missing = 0;
    for (const entry of this.#entries.values()) {
      if (entry.isMeasured && entry.acked === 'ok')
        for (const count of entry.receipts) if (count === 0) missing += 1;
    }
    return missing;
  }

  /**
   * Ends the drain now and waits (at most `windowMs`, checking every 100 ms) for the missing receipts:
   * those that come are late, the rest lost. Answers what was missing when the drain ended.
   */
  async settle(windowMs: number): Promise<number> {
    const missingAtDrain = this.endDrain(performance.now());
    const deadline = performance.now() + windowMs;
    while (this.missing() > 0 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return missingAtDrain;
  }

  /**
   * Totals; `lost` counts receipts still missing of 200-acked measured messages (read after draining), `late`
   * the receipts that came after the drain ended.
   */
  totals(): LedgerTotals {
    const lost = this.missing();
    return {
      sent: this.#sent,
      acked: this.#acked,
      refused: this.#refused,
      ackTimeouts: this.#ackTimeouts,
      deliveries: this.#deliveries,
      lost,
      late: this.#late,
      lateByMs: { p50: round(this.lateness.percentile(50)), max: round(this.lateness.percentile(100)) },
      duplicated: this.#duplicated,
      unexpected: this.#unexpected,
      refusals: { ...this.#refusals },
    };
  }

  /** Messages still awaiting an ack. */
  get pendingAcks(): number {
    let count = 0;
    for (const entry of this.#entries.values()) if (entry.acked === 'pending') count += 1;
    return count;
  }
}
