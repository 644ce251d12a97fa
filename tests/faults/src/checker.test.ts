import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@showfloor/contracts';
import { check, percentile, type CheckInput, type ClientOutcome } from './checker.ts';

const message = (seq: number, from: number, conversation = 'room-1'): ChatMessage => ({
  id: `${conversation}-m${seq}`,
  type: 'text',
  action: 'message',
  message: `text ${seq}`,
  from,
  to: [],
  timestamp: String(seq),
  conversation,
  client_id: `${conversation}-k${seq}`,
  seq,
});

const stored = [message(1, 1), message(2, 2), message(3, 1)];
const pair = [message(1, 2, 'conv-9')];

function client(userId: number, room: readonly ChatMessage[] = stored): ClientOutcome {
  const timelines = new Map<string, readonly ChatMessage[]>([['room-1', room]]);
  if (userId === 2 || userId === 3) timelines.set('conv-9', pair);
  const acks = new Map<
    string,
    { status: number; stored: { id: string; conversation: string } | undefined }
  >();
  for (const m of [...stored, ...pair])
    if (m.from === userId)
      acks.set(m.client_id ?? '', { status: 200, stored: { id: m.id, conversation: m.conversation } });
  return { userId, timelines, acks, duplicateDeliveries: 0 };
}

function world(overrides: Partial<CheckInput> = {}): CheckInput {
  return {
    conversations: [
      { id: 'room-1', members: [1, 2, 3], stored },
      { id: 'conv-9', members: [2, 3], stored: pair },
    ],
    clients: [client(1), client(2), client(3)],
    refusable: { sent: 5, acked: 0 },
    reconnectMs: [400, 800, 1_200],
    trpcDuringOutage: { ok: 100, total: 100 },
    fanoutBackMs: [900, 1_500],
    unsettledClients: 0,
    ...overrides,
  };
}

describe('the fault run checker', () => {
  it('passes a run where every client shows every stored message once and in order', () => {
    const result = check(world());
    expect(result.failures).toEqual([]);
    expect(result.checks).toHaveLength(14);
    expect(result.checks.every((item) => item.isMet)).toBe(true);
    expect(result.figures).toMatchObject({ acked: 4, due: 7, undelivered: 0, reorderings: 0 });
    expect(result.lines).toContain(
      'stored but never delivered to a present recipient: 0 (of 7 deliveries due)',
    );
  });

  it('counts a stored message a member never showed as undelivered', () => {
    const result = check(world({ clients: [client(1), client(2), client(3, [stored[0]!, stored[2]!])] }));
    expect(result.figures.undelivered).toBe(1);
    expect(result.failures).toContain('stored but never delivered');
  });

  it('counts a message shown twice, by id or by sender and client id', () => {
    const again = { ...stored[1]!, id: 'another-id' };
    const result = check(
      world({ clients: [client(1, [...stored, stored[2]!]), client(2, [...stored, again]), client(3)] }),
    );
    expect(result.figures.duplicatesShown).toBe(2);
    expect(result.failures).toContain('duplicates shown');
  });

  it('counts messages shown out of their stored order', () => {
    const result = check(
      world({ clients: [client(1), client(2, [stored[1]!, stored[0]!, stored[2]!]), client(3)] }),
    );
    expect(result.figures.reorderings).toBe(1);
    expect(result.failures).toEqual(['reorderings']);
  });

  it('counts a 200 ack whose message is not in the store, by id or else by client id', () => {
    const liar = client(1);
    const acks = new Map(liar.acks);
    acks.set('lost', { status: 200, stored: { id: 'never-stored', conversation: 'room-1' } });
    acks.set('empty', { status: 200, stored: undefined });
    acks.set('refused', { status: 400, stored: undefined });
    // A 200 without the stored message whose client id the store holds (user 1's room-1-k3) is fine.
    acks.set('room-1-k3', { status: 200, stored: undefined });
    const result = check(world({ clients: [{ ...liar, acks }, client(2), client(3)] }));
    expect(result.figures.ackedNotStored).toBe(2);
    expect(result.failures).toEqual(['acked but not stored']);
  });

  it('counts messages shown that the store does not hold', () => {
    const result = check(world({ clients: [client(1, [...stored, message(4, 2)]), client(2), client(3)] }));
    expect(result.figures.shownNotStored).toBe(1);
  });

  it('fails on a 200 for a send the store refused', () => {
    expect(check(world({ refusable: { sent: 5, acked: 1 } })).failures).toEqual(['acks for refused sends']);
    expect(check(world({ refusable: { sent: 0, acked: 0 } })).failures).toEqual([
      'a refusable send was answered',
    ]);
  });

  it('holds the timings to the issue’s goals', () => {
    const slow = check(world({ reconnectMs: [...Array.from({ length: 98 }, () => 500), 5_001, 5_001] }));
    expect(slow.failures).toEqual(['reconnect-to-caught-up p99']);
    expect(check(world({ reconnectMs: [500, Number.POSITIVE_INFINITY] })).failures).toEqual([
      'reconnect-to-caught-up p99',
    ]);
    expect(check(world({ trpcDuringOutage: { ok: 98, total: 100 } })).failures).toEqual([
      'tRPC during the Redis outage',
    ]);
    expect(check(world({ fanoutBackMs: [900, Number.POSITIVE_INFINITY] })).failures).toEqual([
      'fan-out back after Redis',
    ]);
    expect(check(world({ fanoutBackMs: [] })).failures).toEqual([
      'fan-out back was measured',
      'fan-out back after Redis',
    ]);
    expect(check(world({ reconnectMs: [] })).failures).toEqual([
      'reconnects happened',
      'reconnect-to-caught-up p99',
    ]);
  });

  it('prints but does not judge the timing goals on a machine other work keeps busy', () => {
    const busy = check(
      world({
        reconnectMs: [9_000, 9_000],
        trpcDuringOutage: { ok: 50, total: 100 },
        fanoutBackMs: [9_000],
        busyMachine: { othersShare: 0.8, cores: 2 },
      }),
    );
    expect(busy.failures).toEqual([]);
    expect(busy.lines.at(-1)).toContain('not judged, other work took 80 % of the 2 cores');
    // Correctness is judged all the same.
    const lossy = check(
      world({ busyMachine: { othersShare: 0.8, cores: 2 }, refusable: { sent: 5, acked: 2 } }),
    );
    expect(lossy.failures).toEqual(['acks for refused sends']);
  });

  it('fails a run whose drain ended with clients still catching up', () => {
    expect(check(world({ unsettledClients: 3 })).failures).toEqual(['the drain settled every client']);
  });

  it('takes nearest-rank percentiles', () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        99,
      ),
    ).toBe(99);
    expect(percentile([], 50)).toBeNaN();
  });
});
