/** The stall report's attribution: a slow ack is put down to what overlapped it in flight, and only to that. */
import { describe, expect, it } from 'vitest';
import { attribute, holders } from './stall-report.ts';
import { labelOf, parseStat } from './core-sampler.mjs';

const T = 1_800_000_000_000;

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
    expect(Object.fromEntries(holders(logs, gateway, [wait]))).toEqual({
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
    expect(parseStat(`4242 (node (a) b) ${fields.join(' ')}`)).toEqual({ ticks: 150, core: 1 });
  });

  it('labels the bench processes and other work by command line', () => {
    expect(labelOf('node\0/w/apps/gateway/dist/main.js\0')).toBe('gateway');
    expect(labelOf('node\0/w/tests/load/src/bench/servers/instant-provider.ts\0')).toBe('provider');
    expect(labelOf('node\0/w/node_modules/tsx/dist/cli.mjs\0src/bench/relay.ts\0')).toBe('generator');
    expect(labelOf('node\0/w/node_modules/typescript/bin/tsc\0--noEmit\0')).toBe('tsc');
    expect(labelOf('redis-server 127.0.0.1:6379\0')).toBe('redis-server');
    expect(labelOf('/usr/sbin/nats-server\0-p\0')).toBe('nats-server');
  });
});
