/**
 * Message accounting of a load run: every message sent, its ack, who should receive it, and who did. A message
 * acknowledged with 200 that a listed recipient never received is lost; a second receipt of the same message
 * by the same recipient is a duplicate. Messages refused (400) or never acked are errors, not losses.
 */
import { Latency } from './latency.ts';

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
  lost: number;
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

  /** Its ack arrived at `at`: 200, or 400 with `message`. */
  acked(id: string, statusCode: number, message: string | undefined, at: number): void {
    const entry = this.#entries.get(id);
    if (!entry || entry.acked !== 'pending') return;
    if (statusCode === 200) {
      entry.acked = 'ok';
      if (entry.isMeasured) {
        this.#acked += 1;
        this.ack.record(at - entry.sentAt);
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
    }
  }

  /** Totals; `lost` counts pending recipients of 200-acked measured messages (call after draining). */
  totals(): LedgerTotals {
    let lost = 0;
    for (const entry of this.#entries.values()) {
      if (entry.isMeasured && entry.acked === 'ok')
        for (const count of entry.receipts) if (count === 0) lost += 1;
    }
    return {
      sent: this.#sent,
      acked: this.#acked,
      refused: this.#refused,
      ackTimeouts: this.#ackTimeouts,
      deliveries: this.#deliveries,
      lost,
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
