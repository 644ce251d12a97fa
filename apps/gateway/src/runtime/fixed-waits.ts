/**
 * Waits with a budget for answers that come over a socket (Redis's, here): each wait gives its answer, or
 * undefined when the answer did not come within the budget. This is the one place the budget's rule lives:
 *
 * The budget ends only after the loop has read its sockets once more (a `setImmediate` behind the timer, which
 * runs after the poll phase): after a stall of this process's own loop (a long collection, a busy host) the
 * timer is due and the answer may be waiting unread in the socket, and the timers phase runs before the poll
 * phase that would read it. Without this, a node whose own loop stalled would take a prompt answer for a
 * stalled peer.
 *
 * Every wait of one `FixedWaits` is `ms` long, so the first to end is the oldest still open: one timer serves
 * them all (set for the oldest; left to run when that one is answered, since setting and clearing a timer per
 * wait is what this saves; when it fires it ends what is due and is set for the next), with no timer, race or
 * extra async frame per wait (issue 17: per-message CPU on `DeliveredMessages`' path). The timer is unref'd: a
 * wait's answer comes over a socket, which holds the process while it is open.
 */

/** One open wait. */
interface Waiting {
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
  /** When its wait ends (`performance.now()`, ms). */
  due: number;
  isDone: boolean;
}

export interface FixedWaitsOptions {
  /**
   * A rejected answer ends its wait with undefined (as one not given in time) instead of passing the rejection
   * on. Lets a caller that treats both alike skip a handler per wait.
   */
  rejectionIsNoAnswer?: boolean;
}

export class FixedWaits {
  /** The open waits, oldest first, from `#head` (ended ones at the front are dropped as they end). */
  #waits: Waiting[] = [];
  #head = 0;
  /** The timer (or the poll after it) that ends the oldest wait is set. */
  #isTimed = false;
  readonly #rejectionIsNoAnswer: boolean;

  constructor(
    /** Every wait's budget (ms). */
    readonly ms: number,
    options: FixedWaitsOptions = {},
  ) {
    this.#rejectionIsNoAnswer = options.rejectionIsNoAnswer ?? false;
  }

  /** The answer, or undefined when it did not come within `ms` (see the file's header). */
  wait<T>(answer: PromiseLike<T>): Promise<T | undefined> {
    return new Promise<T | undefined>((resolve, reject) => {
      const wait: Waiting = {
        resolve: resolve as (answer: unknown) => void,
        reject,
        due: performance.now() + this.ms,
        isDone: false,
      };
      this.#waits.push(wait);
      answer.then(
        (value) => this.#end(wait, value),
        this.#rejectionIsNoAnswer
          ? () => this.#end(wait, undefined)
          : (error: unknown) => this.#end(wait, error, true),
      );
      if (!this.#isTimed) this.#timeOldest();
    });
  }

  /** A wait ends: with its answer (or rejection), or undefined (not answered in time). A later end is ignored. */
  #end(wait: Waiting, outcome: unknown, isRejection = false): void {
    if (wait.isDone) return;
    wait.isDone = true;
    if (isRejection) wait.reject(outcome);
    else wait.resolve(outcome);
    // The ended waits at the front go (answers usually come in order: then all of them).
    const waits = this.#waits;
    let head = this.#head;
    while (head < waits.length && (waits[head] as Waiting).isDone) head += 1;
    if (head === waits.length) {
      waits.length = 0;
      head = 0;
    } else if (head >= 1024 && head * 2 >= waits.length) {
      this.#waits = waits.slice(head);
      head = 0;
    }
    this.#head = head;
  }

  /** Sets the timer of the oldest wait still open, if any. */
  #timeOldest(): void {
    const oldest = this.#waits[this.#head];
    if (!oldest) {
      this.#isTimed = false;
      return;
    }
    this.#isTimed = true;
    const timer = setTimeout(
      () => {
        const firedAt = performance.now();
        // The last poll: the poll phase runs before this, so an answer already in the socket is read first.
        setImmediate(() => this.#endDue(firedAt));
      },
      Math.max(0, oldest.due - performance.now()),
    );
    timer.unref();
  }

  /** Ends the waits due when the timer fired (a timer may fire up to a millisecond before the clock says). */
  #endDue(firedAt: number): void {
    for (;;) {
      const oldest = this.#waits[this.#head];
      if (!oldest || oldest.due > firedAt + 1) break;
      this.#end(oldest, undefined);
    }
    this.#timeOldest();
  }
}
