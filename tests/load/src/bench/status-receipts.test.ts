import { describe, expect, it } from 'vitest';
import { statusKey } from './capacity-rules.ts';
import { BatchedStatusReceipts } from './status-receipts.ts';

// User 1 changes; users 2 and 3 watch (a one-second batch interval).
const AWAY = statusKey(1, 'away') as number;
const BUSY = statusKey(1, 'busy') as number;
const everyone = (): boolean => true;

describe('batched status receipts, counted per latest state', () => {
  it('does not expect a change superseded within the interval, nor count it lost', () => {
    const receipts = new BatchedStatusReceipts(3, 1_000);
    receipts.sent(1, AWAY, 0);
    receipts.sent(1, BUSY, 300);
    // Watcher 3's batch was written between the two changes; watcher 2's after both: only the newer one.
    expect(receipts.heard(3, 1, AWAY, 200)).toBe(true);
    expect(receipts.heard(3, 1, BUSY, 1_200)).toBe(true);
    expect(receipts.heard(2, 1, BUSY, 900)).toBe(true);
    expect(receipts.totals(everyone)).toEqual({
      expected: 2,
      received: 2,
      lost: 0,
      supersededChanges: 1,
      supersededReceipts: 1,
      stale: 0,
      duplicated: 0,
    });
  });

  it("counts a watcher that never heard a user's latest status lost", () => {
    const receipts = new BatchedStatusReceipts(3, 1_000);
    receipts.sent(1, AWAY, 0);
    receipts.sent(1, BUSY, 300);
    receipts.heard(2, 1, AWAY, 200);
    receipts.heard(3, 1, BUSY, 900);
    expect(receipts.totals(everyone)).toMatchObject({ expected: 2, received: 1, lost: 1 });
  });

  it('counts a change not superseded (the next came after the interval) lost when a watcher missed it', () => {
    const receipts = new BatchedStatusReceipts(3, 1_000);
    receipts.sent(1, AWAY, 0);
    receipts.sent(1, BUSY, 1_200);
    receipts.heard(2, 1, AWAY, 800);
    receipts.heard(2, 1, BUSY, 2_000);
    receipts.heard(3, 1, BUSY, 2_000);
    expect(receipts.totals(everyone)).toMatchObject({
      expected: 4,
      received: 3,
      lost: 1,
      supersededChanges: 0,
    });
  });

  it('counts a watcher whose last batch of a user is an older status stale, and a repeat duplicated', () => {
    const receipts = new BatchedStatusReceipts(3, 1_000);
    receipts.sent(1, AWAY, 0);
    receipts.sent(1, BUSY, 2_000);
    for (const watcher of [2, 3]) {
      receipts.heard(watcher, 1, AWAY, 500);
      receipts.heard(watcher, 1, BUSY, 2_500);
    }
    receipts.heard(3, 1, AWAY, 2_600);
    expect(receipts.totals(everyone)).toMatchObject({
      expected: 4,
      received: 4,
      lost: 0,
      stale: 1,
      duplicated: 1,
    });
  });

  it('expects nothing of a disconnected watcher, nor of the sender, and ignores changes from before the window', () => {
    const receipts = new BatchedStatusReceipts(3, 1_000);
    receipts.sent(1, BUSY, 0);
    expect(receipts.heard(2, 1, AWAY, 100)).toBe(false);
    receipts.heard(2, 1, BUSY, 900);
    expect(receipts.totals((userId) => userId !== 3)).toMatchObject({ expected: 1, received: 1, lost: 0 });
  });
});
