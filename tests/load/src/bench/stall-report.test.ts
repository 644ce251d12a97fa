/** The stall report's attribution: a slow ack is put down to what overlapped it in flight, and only to that. */
import { describe, expect, it } from 'vitest';
import { attribute } from './stall-report.ts';

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
    const { causes, total } = attribute(logs, 'ack', 30);
    expect(total).toBe(5);
    expect(Object.fromEntries(causes)).toEqual({
      "gateway main thread kept off its core by the gateway's other threads": 1,
      'gateway main thread kept off its core by other processes': 1,
      'gateway collection': 1,
      'gateway idle collection': 1,
      'nothing seen': 1,
    });
  });
});
