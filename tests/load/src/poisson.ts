/**
 * An open-loop Poisson arrival clock: exponential gaps at a mean rate, fired on time whatever the server does
 * (a slow server does not slow the senders down, so its latency shows instead of hiding).
 */

/** Draws an exponential gap (ms) for `perSecond` arrivals per second. */
export function exponentialGapMs(perSecond: number, random: () => number = Math.random): number {
  return (-Math.log(1 - random()) * 1000) / perSecond;
}

export class PoissonClock {
  #timer: NodeJS.Timeout | undefined;
  #next = 0;
  #isRunning = false;
  /** Arrivals fired so far. */
  fired = 0;

  constructor(
    private readonly perSecond: number,
    private readonly onArrival: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  start(): void {
    if (this.perSecond <= 0) return;
    this.#isRunning = true;
    this.#next = this.now() + exponentialGapMs(this.perSecond);
    this.#schedule();
  }

  #schedule(): void {
    if (!this.#isRunning) return;
    const wait = Math.max(0, this.#next - this.now());
    this.#timer = setTimeout(() => this.#tick(), wait);
  }

  #tick(): void {
    const now = this.now();
    // Every arrival that is due fires now: a late timer never drops load.
    while (this.#isRunning && this.#next <= now) {
      this.fired += 1;
      this.onArrival();
      this.#next += exponentialGapMs(this.perSecond);
    }
    this.#schedule();
  }

  stop(): void {
    this.#isRunning = false;
    if (this.#timer) clearTimeout(this.#timer);
  }
}
