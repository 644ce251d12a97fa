/**
 * Series of the per-message hot path (issue 17) held as plain numbers in our code and added to their
 * prom-client metric when it is read (its `collect`, which every `/metrics` scrape and `metric.get()` run
 * first): same metric names, labels, buckets and values as `counter.inc(labels)` / `histogram.observe(labels, v)`,
 * without prom-client's per-call work (a labels object, a closure, the label check and the labels' hash, every
 * call, even through a `labels()` child).
 */
import type { Counter, Histogram, LabelValues } from 'prom-client';

/** A counter series of the hot path. */
export interface HotCounter {
  inc(): void;
}

/** A histogram series of the hot path. */
export interface HotHistogram {
  observe(value: number): void;
}

interface Foldable {
  fold(): void;
}

/** The metric's hot series, folded in by a `collect` set on the metric (chained to one it had). */
const hotSeries = new WeakMap<object, Foldable[]>();

function register(metric: object, series: Foldable): void {
  let list = hotSeries.get(metric);
  if (!list) {
    list = [];
    hotSeries.set(metric, list);
    const target = metric as { collect?: () => unknown };
    const previous = target.collect;
    const folded = list;
    target.collect = function collect(this: unknown) {
      for (const each of folded) each.fold();
      return previous?.call(this);
    };
  }
  list.push(series);
}

class CounterSeries<L extends string> implements HotCounter, Foldable {
  #pending = 0;

  constructor(
    private readonly counter: Counter<L>,
    private readonly labels: LabelValues<L>,
  ) {}

  inc(): void {
    this.#pending += 1;
  }

  fold(): void {
    if (this.#pending === 0) return;
    const pending = this.#pending;
    this.#pending = 0;
    this.counter.inc(this.labels, pending);
  }
}

/** A `counter.labels(labels)` whose `inc()` is one addition; the counter has it when it is read. */
export function hotCounter<L extends string>(counter: Counter<L>, labels: LabelValues<L>): HotCounter {
  const series = new CounterSeries(counter, labels);
  register(counter, series);
  return series;
}

/** prom-client's per-label-set histogram values (`hashMap` entries): what `observe` adds to. */
interface HistogramEntry {
  labels: object;
  bucketValues: Record<string, number>;
  sum: number;
  count: number;
}

interface HistogramInternals {
  upperBounds: readonly number[];
  hashMap: Record<string, HistogramEntry>;
  zero(labels: object): void;
}

class HistogramSeries implements HotHistogram, Foldable {
  readonly #bounds: readonly number[];
  /** Observations per bucket (not cumulative, as prom-client keeps them); the last: above every bound. */
  readonly #counts: Float64Array;
  #sum = 0;
  #count = 0;

  constructor(
    private readonly histogram: HistogramInternals,
    private readonly labels: object,
  ) {
    this.#bounds = histogram.upperBounds;
    this.#counts = new Float64Array(this.#bounds.length + 1);
  }

  observe(value: number): void {
    if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
    const bounds = this.#bounds;
    let index = 0;
    while (index < bounds.length && value > (bounds[index] as number)) index += 1;
    this.#counts[index] = (this.#counts[index] as number) + 1;
    this.#sum += value;
    this.#count += 1;
  }

  fold(): void {
    if (this.#count === 0) return;
    const entry = this.#entry();
    entry.sum += this.#sum;
    entry.count += this.#count;
    const bounds = this.#bounds;
    for (let index = 0; index < bounds.length; index += 1) {
      const key = String(bounds[index]);
      entry.bucketValues[key] = (entry.bucketValues[key] ?? 0) + (this.#counts[index] as number);
    }
    this.#counts.fill(0);
    this.#sum = 0;
    this.#count = 0;
  }

  /** This label set's values in the histogram, made (at zero) as `observe` would make them. */
  #entry(): HistogramEntry {
    const find = (): HistogramEntry | undefined => {
      for (const entry of Object.values(this.histogram.hashMap))
        if (labelsEqual(entry.labels, this.labels)) return entry;
      return undefined;
    };
    let entry = find();
    if (!entry) {
      this.histogram.zero(this.labels);
      entry = find();
      if (!entry) throw new Error('prom-client histogram keeps no values for a zeroed label set');
    }
    return entry;
  }
}

function labelsEqual(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => String(left[key]) === String(right[key]));
}

/** A `histogram.labels(labels)` whose `observe(v)` is a bucket search and three additions; folded in when read. */
export function hotHistogram<L extends string>(
  histogram: Histogram<L>,
  labels: LabelValues<L>,
): HotHistogram {
  const internals = histogram as unknown as HistogramInternals;
  if (!Array.isArray(internals.upperBounds) || typeof internals.zero !== 'function') {
    // Not the prom-client this was written against: its own series (slower, same values).
    const child = histogram.labels(labels);
    return { observe: (value) => child.observe(value) };
  }
  const series = new HistogramSeries(internals, labels);
  register(histogram, series);
  return series;
}
