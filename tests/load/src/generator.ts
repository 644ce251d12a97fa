/**
 * The generator's own health: event-loop delay (p99) and CPU share of one core. A step where the generator is
 * itself the bottleneck (loop p99 ≥ 10 ms or CPU ≥ 80 %) says nothing about the server and is void.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** Limits past which a measurement is the generator's, not the server's. */
export const GENERATOR_LIMITS = { loopP99Ms: 10, cpuShare: 0.8 } as const;

export interface GeneratorHealth {
  /** Event-loop delay p99, ms. */
  loopP99Ms: number;
  /** CPU time over wall time (1 = one full core). */
  cpuShare: number;
  /** True when either limit was reached. */
  isSaturated: boolean;
}

/** Watches the generator between `start` and `stop`. */
/** Sampling interval of the loop monitor: its samples include it, so it is subtracted. */
const RESOLUTION_MS = 2;

export class GeneratorWatch {
  #loop: IntervalHistogram | undefined;
  #cpu = process.cpuUsage();
  #wall = performance.now();

  start(): void {
    this.#loop?.disable();
    this.#loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    this.#loop.enable();
    this.#cpu = process.cpuUsage();
    this.#wall = performance.now();
  }

  /** Health since `start`. */
  read(): GeneratorHealth {
    const cpu = process.cpuUsage(this.#cpu);
    const wallMs = Math.max(1, performance.now() - this.#wall);
    const cpuShare = (cpu.user + cpu.system) / 1000 / wallMs;
    const loopP99Ms = this.#loop ? Math.max(0, this.#loop.percentile(99) / 1e6 - RESOLUTION_MS) : 0;
    return {
      loopP99Ms: Math.round(loopP99Ms * 100) / 100,
      cpuShare: Math.round(cpuShare * 1000) / 1000,
      isSaturated: loopP99Ms >= GENERATOR_LIMITS.loopP99Ms || cpuShare >= GENERATOR_LIMITS.cpuShare,
    };
  }

  stop(): GeneratorHealth {
    const health = this.read();
    this.#loop?.disable();
    this.#loop = undefined;
    return health;
  }
}
