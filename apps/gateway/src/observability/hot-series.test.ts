import { describe, expect, it } from 'vitest';
import { Counter, Histogram, Registry } from 'prom-client';
import { hotCounter, hotHistogram } from './hot-series.ts';

function metricsOf() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    counter: new Counter({ name: 'c_total', help: 'c', labelNames: ['topic'], registers }),
    histogram: new Histogram({
      name: 'h_seconds',
      help: 'h',
      labelNames: ['topic', 'status'],
      buckets: [0.001, 0.01, 0.1, 1],
      registers,
    }),
  };
}

const VALUES = [0, 0.001, 0.0005, 0.01, 0.02, 0.1, 0.5, 1, 2.5, 40];

describe('hot series', () => {
  it("reads exactly as prom-client's own inc and observe, bounds and values above every bucket included", async () => {
    const plain = metricsOf();
    const hot = metricsOf();
    const chat = hotCounter(hot.counter, { topic: 'chat' });
    const store = hotHistogram(hot.histogram, { topic: 'chat', status: '200' });
    for (const value of VALUES) {
      plain.counter.inc({ topic: 'chat' });
      plain.histogram.observe({ topic: 'chat', status: '200' }, value);
      chat.inc();
      store.observe(value);
    }
    // A label set also observed the ordinary way shares its series with the hot one.
    plain.histogram.observe({ topic: 'chat', status: '200' }, 0.3);
    hot.histogram.observe({ topic: 'chat', status: '200' }, 0.3);
    expect(await hot.registry.metrics()).toBe(await plain.registry.metrics());
    // Read again with nothing new: nothing is added twice.
    expect(await hot.registry.metrics()).toBe(await plain.registry.metrics());
    // More after a read, and after a reset (the series is made again from zero).
    chat.inc();
    store.observe(0.05);
    plain.counter.inc({ topic: 'chat' });
    plain.histogram.observe({ topic: 'chat', status: '200' }, 0.05);
    expect(await hot.registry.metrics()).toBe(await plain.registry.metrics());
    hot.registry.resetMetrics();
    plain.registry.resetMetrics();
    store.observe(0.005);
    plain.histogram.observe({ topic: 'chat', status: '200' }, 0.005);
    expect(await hot.registry.metrics()).toBe(await plain.registry.metrics());
    expect(
      (await hot.histogram.get()).values.find((value) => value.metricName === 'h_seconds_count')?.value,
    ).toBe(1);
  });

  it('refuses a value that is not a number, as prom-client does', () => {
    const { histogram } = metricsOf();
    expect(() => hotHistogram(histogram, { topic: 'chat', status: '200' }).observe(Number.NaN)).toThrow(
      TypeError,
    );
  });
});
