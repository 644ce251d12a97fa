/** The stall report's attribution: a slow ack is put down to what overlapped it in flight, and only to that. */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import {
  attribute,
  describeCore,
  firstTime,
  inSpan,
  onCore,
  parseTime,
  readProbeDir,
  report,
  samplerCost,
  Spans,
} from './stall-report.ts';
import { coreDeltas, labelOf, parseCpuStat, parseStat, step } from './core-sampler.mjs';

const T = 1_800_000_000_000;

describe('Spans', () => {
  // [t, t + d): one long record from well before the question, two short ones near it, one after it.
  const long = { name: 'long', t: 0, d: 500 };
  const a = { name: 'a', t: 300, d: 100 };
  const b = { name: 'b', t: 450, d: 10 };
  const after = { name: 'after', t: 700, d: 100 };
  const names = (records: Array<{ name: string }>) => records.map(({ name }) => name);

  it("answers in the records' own order, whether or not they were given by start", () => {
    // Every record that may overlap [420, 460): the long one too, and `a`, which ends before it (a candidate).
    expect(names(new Spans([long, a, b, after]).near(420, 460))).toEqual(['long', 'a', 'b']);
    expect(names(new Spans([b, after, long, a]).near(420, 460))).toEqual(['b', 'long', 'a']);
    const spans = new Spans([b, after, long, a]);
    expect(spans.any(420, 40)).toBe(true);
    expect(spans.any(600, 50)).toBe(false);
  });

  it('sorts nothing per question when the records were given by start (a log is written in time order)', () => {
    const spans = new Spans([long, a, b, after]);
    const sort = vi.spyOn(Array.prototype, 'sort');
    const found = spans.near(420, 460);
    const sorts = sort.mock.calls.length;
    sort.mockRestore();
    expect(names(found)).toEqual(['long', 'a', 'b']);
    expect(sorts).toBe(0);
  });
});

describe('attribute', () => {
  it("tells the gateway's own threads, other processes, collections and nothing apart", () => {
    const logs = [
      {
        name: 'dist_main.js-1',
        role: 'gateway' as const,
        records: [
          // The main thread waited 80 ms while the process's other threads ran 75 ms: its own helpers.
          { k: 'win' as const, t: T, lag: 70, run: 20, wait: 80, cpu: 95 },
          // Waited 80 ms while the process ran nothing else: another process had the core.
          { k: 'win' as const, t: T + 1_000, lag: 70, run: 20, wait: 80, cpu: 21 },
          { k: 'gc' as const, t: T + 2_000, d: 40, kind: 4, flags: 0 },
          { k: 'gc' as const, t: T + 3_000, d: 200, kind: 4, flags: 4 },
        ],
      },
      {
        name: 'bench_relay.ts-2',
        role: 'generator' as const,
        records: [
          { k: 'ack' as const, t: T + 50, d: 60 },
          { k: 'ack' as const, t: T + 1_050, d: 60 },
          { k: 'ack' as const, t: T + 2_010, d: 45 },
          { k: 'ack' as const, t: T + 3_010, d: 190 },
          { k: 'ack' as const, t: T + 5_000, d: 40 },
          { k: 'ack' as const, t: T + 6_000, d: 12 },
        ],
      },
    ];
    const { causes, first, total } = attribute(logs, 'ack', 30);
    expect(total).toBe(5);
    expect(first).toEqual(causes);
    expect(Object.fromEntries(causes)).toEqual({
      "gateway main thread kept off its core by the gateway's other threads": 1,
      'gateway main thread kept off its core by other processes': 1,
      'gateway collection': 1,
      'gateway idle collection': 1,
      'nothing seen': 1,
    });
  });

  it('names what ran on the gateway core while its main thread waited: the other node apart, other cores not', () => {
    const wait = { k: 'win' as const, t: T, lag: 70, run: 10, wait: 80, cpu: 11 };
    const gateway = { name: 'dist_main.js-10', role: 'gateway' as const, records: [wait] };
    const machine = {
      name: 'machine-sampler',
      role: 'machine' as const,
      records: [
        // The gateway (pid 10) on core 0; the other node (11) and tsc there too; the generator on core 1.
        {
          k: 'ran' as const,
          t: T,
          p: [
            ['gateway', 10, 10, 0],
            ['gateway', 11, 30, 0],
            ['tsc', 12, 50, 0],
            ['generator', 13, 90, 1],
          ] as Array<[string, number, number, number]>,
        },
        // Half inside the window: half counted.
        { k: 'ran' as const, t: T + 50, p: [['tsc', 12, 20, 0]] as Array<[string, number, number, number]> },
        // After the window: not counted.
        { k: 'ran' as const, t: T + 100, p: [['tsc', 12, 90, 0]] as Array<[string, number, number, number]> },
      ],
    };
    const logs = [gateway, machine];
    expect(Object.fromEntries(onCore(logs, gateway, [wait]).held)).toEqual({
      tsc: 60,
      'the other gateway node': 30,
    });
    const generator = {
      name: 'bench_relay.ts-2',
      role: 'generator' as const,
      records: [{ k: 'ack' as const, t: T + 20, d: 60 }],
    };
    expect(Object.fromEntries(attribute([...logs, generator], 'ack', 30).causes)).toEqual({
      'gateway main thread kept off its core by other processes (most: tsc)': 1,
    });
  });
});

describe('core sampler', () => {
  it("reads a process's CPU ticks and core from /proc/<pid>/stat, a command with spaces and ')' too", () => {
    const fields = Array.from({ length: 50 }, (_, i) => String(i + 3));
    // Fields from 3 (state) on: utime is field 14, stime 15, processor 39.
    fields[14 - 3] = '120';
    fields[15 - 3] = '30';
    fields[39 - 3] = '1';
    expect(parseStat(`4242 (node (a) b) ${fields.join(' ')}`)).toEqual({
      ticks: 150,
      core: 1,
      comm: 'node (a) b',
    });
  });

  it('labels the bench processes and other work by command line', () => {
    expect(labelOf('node\0/w/apps/gateway/dist/main.js\0')).toBe('gateway');
    expect(labelOf('node\0/w/tests/load/src/bench/servers/instant-provider.ts\0')).toBe('provider');
    expect(
      labelOf(
        'node\0--require\0/w/node_modules/tsx/dist/preflight.cjs\0--import\0file:///w/node_modules/tsx/dist/loader.mjs\0src/bench/relay.ts\0',
      ),
    ).toBe('generator');
    expect(labelOf('node\0/w/node_modules/tsx/dist/cli.mjs\0src/bench/relay.ts\0')).toBe('tsx');
    expect(labelOf('node\0/w/node_modules/typescript/bin/tsc\0--noEmit\0')).toBe('tsc');
    expect(labelOf('redis-server 127.0.0.1:6379\0')).toBe('redis-server');
    expect(labelOf('/usr/sbin/nats-server\0-p\0')).toBe('nats-server');
  });

  it('names a kernel thread by its name in brackets, from a real /proc/<pid>/stat line', () => {
    // A kernel thread's /proc/<pid>/cmdline is empty.
    const line =
      '14 (ksoftirqd/0) S 2 0 0 0 -1 69238848 0 0 0 0 5 3 0 0 20 0 1 0 14 0 0 18446744073709551615 0 0 0 0 0 0 0 2147483647 0 1 0 0 17 0 0 0 0 0 0 0 0 0 0 0 0 0 0';
    expect(parseStat(line)).toEqual({ ticks: 8, core: 0, comm: 'ksoftirqd/0' });
    expect(labelOf('', 'ksoftirqd/0')).toBe('[ksoftirqd/0]');
    expect(labelOf('node\0/w/apps/gateway/dist/main.js\0', 'node')).toBe('gateway');
  });

  it('counts its own CPU as sampler and a kernel worker under the work queue it served last', () => {
    const stat = (pid: number, comm: string, utime: number, core: number) =>
      `${pid} (${comm}) S 2 0 0 0 -1 69238880 0 0 0 0 ${utime} 0 0 0 20 0 1 0 14 0 0 18446744073709551615 0 0 0 0 0 0 0 2147483647 0 1 0 0 17 ${core} 0 0 0 0 0 0 0 0 0 0 0 0 0`;
    const seen = new Map();
    const self = 500;
    const cmdlines: Record<number, string> = { 11: '', 500: 'node\0src/bench/core-sampler.mjs\0/tmp/s\0' };
    const read = (pid: number, comm: string, utime: number, core: number) =>
      step(seen, pid, stat(pid, comm, utime, core), () => cmdlines[pid] ?? '?', self);
    // First sight: remembered, not counted.
    expect(read(11, 'kworker/0:1-events', 17, 0)).toBeUndefined();
    expect(read(self, 'node', 40, 1)).toBeUndefined();
    expect(read(11, 'kworker/0:1-mm_percpu_wq', 19, 0)).toEqual(['[kworker/0:1-mm_percpu_wq]', 11, 20, 0]);
    expect(read(self, 'node', 43, 0)).toEqual(['sampler', self, 30, 0]);
    expect(read(self, 'node', 43, 0)).toBeUndefined();
  });

  it("reads each core's irq, softirq, steal and idle from real /proc/stat lines, as ms between two reads", () => {
    const before = parseCpuStat(
      [
        'cpu  13175 0 7444 65087 916 0 463 1286 0 0',
        'cpu0 5602 0 2992 34741 90 0 111 582 0 0',
        'cpu1 7573 0 4452 30345 826 0 351 704 0 0',
        'intr 500970 0 0 0',
        'ctxt 1179174',
      ].join('\n'),
    );
    expect(before.get(0)).toEqual({ irq: 0, softirq: 111, steal: 582, idle: 34741 });
    expect(before.size).toBe(2);
    const after = parseCpuStat(
      [
        'cpu  13180 0 7446 65090 916 0 466 1290 0 0',
        'cpu0 5604 0 2993 34742 90 1 114 585 0 0',
        'cpu1 7576 0 4453 30347 826 0 351 705 0 0',
      ].join('\n'),
    );
    expect(coreDeltas(before, after)).toEqual([
      [0, 10, 30, 30, 10],
      [1, 0, 0, 10, 20],
    ]);
  });
});

describe('what held the core', () => {
  const ran = (t: number, p: Array<[string, number, number, number]>, d = 100) => ({
    k: 'ran' as const,
    t,
    d,
    p,
  });
  const cores = (t: number, c: Array<[number, number, number, number, number]>, d = 100) => ({
    k: 'cores' as const,
    t,
    d,
    c,
  });

  it('names kernel threads, the sampler, softirq and steal on the gateway core while its main thread waited', () => {
    // The main thread waited 60 ms; its own other threads ran 4 ms; the sampler saw nothing else but the kernel.
    const wait = { k: 'win' as const, t: T, d: 100, lag: 50, run: 20, wait: 60, cpu: 24 };
    const gateway = { name: 'dist_main.js-10', role: 'gateway' as const, records: [wait] };
    const machine = {
      name: 'machine-sampler',
      role: 'machine' as const,
      records: [
        ran(T, [
          ['gateway', 10, 20, 0],
          ['[ksoftirqd/0]', 14, 20, 0],
          ['sampler', 99, 10, 0],
          ['[ksoftirqd/1]', 22, 30, 1],
        ]),
        cores(T, [
          [0, 0, 40, 30, 0],
          [1, 0, 90, 0, 10],
        ]),
      ],
    };
    const generator = {
      name: 'bench_relay.ts-2',
      role: 'generator' as const,
      records: [{ k: 'ack' as const, t: T + 10, d: 70 }],
    };
    const logs = [gateway, machine, generator];
    const { held, core } = onCore(logs, gateway, [wait]);
    expect(Object.fromEntries(held)).toEqual({ '[ksoftirqd/0]': 20, sampler: 10 });
    expect(core).toEqual({ irq: 0, softirq: 40, steal: 30, idle: 0 });
    expect(describeCore(held, core)).toBe(
      '[ksoftirqd/0] 20 ms, sampler 10 ms; the core: irq 0 ms, softirq 40 ms, steal 30 ms, idle 0 ms',
    );
    const { causes, offCore } = attribute(logs, 'ack', 30);
    // softirq (ksoftirqd's time included) is the most of what held core 0.
    expect(Object.fromEntries(causes)).toEqual({
      'gateway main thread kept off its core by other processes (most: softirq)': 1,
    });
    expect(offCore).toEqual([
      {
        name: 'dist_main.js-10',
        windows: 1,
        wait: 60,
        ownThreads: 4,
        held: new Map([
          ['[ksoftirqd/0]', 20],
          ['sampler', 10],
        ]),
        core: { irq: 0, softirq: 40, steal: 30, idle: 0 },
      },
    ]);
    expect(samplerCost(logs)).toEqual({ byCore: new Map([[0, 10]]), seconds: 0.1 });
  });

  it('lines windows up by their own length: a late reading covers the lag before it', () => {
    // The probe's reading came 80 ms late: its window is [T, T + 180), where the wait was.
    const wait = { k: 'win' as const, t: T, d: 180, lag: 80, run: 10, wait: 90, cpu: 11 };
    const gateway = { name: 'dist_main.js-10', role: 'gateway' as const, records: [wait] };
    const machine = {
      name: 'machine-sampler',
      role: 'machine' as const,
      // The sampler's window after [T, T + 100) was 160 ms long: half of it falls in the probe's window.
      records: [
        ran(T, [
          ['gateway', 10, 10, 0],
          ['tsc', 12, 40, 0],
        ]),
        ran(T + 100, [['vitest', 13, 100, 0]], 160),
      ],
    };
    expect(Object.fromEntries(onCore([gateway, machine], gateway, [wait]).held)).toEqual({
      tsc: 40,
      vitest: 50,
    });
    // An ack sent 150 ms after the window's start overlaps it only because of its length.
    const generator = {
      name: 'bench_relay.ts-2',
      role: 'generator' as const,
      records: [{ k: 'ack' as const, t: T + 150, d: 40 }],
    };
    expect(Object.fromEntries(attribute([gateway, machine, generator], 'ack', 30).causes)).toEqual({
      'gateway main thread kept off its core by other processes (most: vitest)': 1,
    });
  });
});

describe('the report', () => {
  const fixture = new URL('./fixtures/stalls/', import.meta.url).pathname;

  // A second of a probed bench:relay run's C step (two gateway nodes on one core, the core sampler, the
  // generator's slow acks and deliveries), and what the report said of it before its overlaps were looked up by
  // binary search (the scan's output, byte for byte).
  it('says of a real run what the scan of every record said', () => {
    const expected = readFileSync(new URL('./fixtures/stalls.expected.txt', import.meta.url), 'utf8');
    expect(`${report(readProbeDir(fixture), 30, 8).join('\n')}\n`).toBe(expected);
    expect(`${report(readProbeDir(fixture), 10, 3).join('\n')}\n`).toBe(
      readFileSync(new URL('./fixtures/stalls.slow10.expected.txt', import.meta.url), 'utf8'),
    );
  });

  it('reads one span of a run by UTC time of day or epoch ms: the records that start in it', () => {
    const logs = readProbeDir(fixture);
    const first = firstTime(logs);
    const day = Date.parse(`${new Date(first).toISOString().slice(0, 10)}T00:00:00Z`);
    expect(parseTime('05:05:00', first)).toBe(day + (5 * 3600 + 5 * 60) * 1000);
    expect(parseTime('05:05:00.25', first)).toBe(day + (5 * 3600 + 5 * 60) * 1000 + 250);
    expect(parseTime('5:05', first)).toBe(day + (5 * 3600 + 5 * 60) * 1000);
    expect(parseTime(String(first), first)).toBe(first);
    for (const bad of ['25:00:00', '05:61', 'noon', '05:05:00Z', '123'])
      expect(parseTime(bad, first)).toBeUndefined();

    const from = first + 300;
    const to = first + 600;
    const span = inSpan(logs, from, to);
    for (const log of span) {
      expect(log.records.length).toBeGreaterThan(0);
      for (const r of log.records) expect(r.t >= from && r.t <= to).toBe(true);
      const all = logs.find((l) => l.name === log.name)?.records ?? [];
      expect(log.records).toEqual(all.filter((r) => r.t >= from && r.t <= to));
    }
    // Each log with a record there is kept; the span's acks are fewer than the second's.
    expect(span.map((l) => l.name)).toEqual(
      logs.filter((l) => l.records.some((r) => r.t >= from && r.t <= to)).map((l) => l.name),
    );
    const acks = (of: typeof logs) => attribute(of, 'ack', 0).total;
    expect(acks(span)).toBeGreaterThan(0);
    expect(acks(span)).toBeLessThan(acks(logs));
    // Open ends: from the start, to the end.
    expect(inSpan(logs)).toEqual(logs.filter((l) => l.records.length > 0));
    expect(
      inSpan(logs, undefined, to)
        .flatMap((l) => l.records)
        .every((r) => r.t <= to),
    ).toBe(true);
  });
});
