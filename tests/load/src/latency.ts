/**
 * Latency recording with HDR histograms (hdr-histogram-js): values in microseconds, 3 significant digits,
 * read back as milliseconds at the percentiles a report shows.
 */
import { build, type Histogram } from 'hdr-histogram-js';

/** Percentiles of one latency, in milliseconds. */
export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  mean: number;
}

/** One latency histogram (1 µs .. 10 min). */
export class Latency {
  readonly #histogram: Histogram = build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 600_000_000,
    numberOfSignificantValueDigits: 3,
    autoResize: true,
  });

  /** Records one latency given in milliseconds (fractions kept to the microsecond). */
  record(ms: number): void {
    this.#histogram.recordValue(Math.max(1, Math.round(ms * 1000)));
  }

  get count(): number {
    return this.#histogram.totalCount;
  }

  /** A percentile (0–100) in milliseconds; 0 when nothing was recorded. */
  percentile(p: number): number {
    return this.count === 0 ? 0 : this.#histogram.getValueAtPercentile(p) / 1000;
  }

  summary(): LatencySummary {
    const round = (value: number): number => Math.round(value * 1000) / 1000;
    return {
      count: this.count,
      p50: round(this.percentile(50)),
      p90: round(this.percentile(90)),
      p99: round(this.percentile(99)),
      p999: round(this.percentile(99.9)),
      max: round(this.count === 0 ? 0 : this.#histogram.maxValue / 1000),
      mean: round(this.count === 0 ? 0 : this.#histogram.mean / 1000),
    };
  }

  reset(): void {
    this.#histogram.reset();
  }
}
