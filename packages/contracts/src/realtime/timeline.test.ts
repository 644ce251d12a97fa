import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../entities/chat-message.ts';
import { stored } from '../../test/fixtures/chat-messages.ts';
import { ConversationTimeline } from './timeline.ts';

const seqs = (timeline: ConversationTimeline) => timeline.messages.map((m) => m.seq);

describe('ConversationTimeline', () => {
  it('keeps messages in seq order whatever order they arrive in', () => {
    const timeline = new ConversationTimeline('c1');
    timeline.add([stored(3), stored(1)]);
    timeline.add([stored(2)]);
    expect(seqs(timeline)).toEqual([1, 2, 3]);
    expect(timeline.syncedSeq).toBe(3);
    expect(timeline.hasGap).toBe(false);
  });

  it('drops a second copy by id, by seq and by sender + client_id', () => {
    const timeline = new ConversationTimeline('c1');
    expect(timeline.add([stored(1)])).toHaveLength(1);
    expect(timeline.add([stored(1)])).toEqual([]);
    // A resend stored twice by a faulty store: another id and seq, same sender and client_id.
    expect(timeline.add([stored(2, { id: 'other', client_id: 'k1' })])).toEqual([]);
    // Another sender may use the same client_id.
    expect(timeline.add([stored(2, { id: 'm2b', from: 2, client_id: 'k1' })])).toHaveLength(1);
    expect(timeline.hasClientId(1, 'k1')).toBe(true);
    expect(timeline.hasClientId(3, 'k1')).toBe(false);
    expect(timeline.size).toBe(2);
  });

  it('ignores messages without seq and messages of other conversations', () => {
    const timeline = new ConversationTimeline('c1');
    const { seq: _seq, ...callSignal } = stored(1);
    expect(timeline.add([callSignal, stored(2, { conversation: 'c2' })])).toEqual([]);
    expect(timeline.size).toBe(0);
  });

  it('reports a gap until the missing seq arrives', () => {
    const timeline = new ConversationTimeline('c1');
    timeline.add([stored(1), stored(3)]);
    expect(timeline.syncedSeq).toBe(1);
    expect(timeline.highestSeq).toBe(3);
    expect(timeline.hasGap).toBe(true);
    timeline.add([stored(2)]);
    expect(timeline.syncedSeq).toBe(3);
    expect(timeline.hasGap).toBe(false);
  });

  it('closes a gap a catch-up read confirmed (the missing seq was deleted)', () => {
    const timeline = new ConversationTimeline('c1');
    timeline.add([stored(1), stored(3), stored(5)]);
    timeline.confirmThrough(3);
    expect(timeline.syncedSeq).toBe(3);
    expect(timeline.hasGap).toBe(true);
    timeline.confirmThrough(4);
    expect(timeline.syncedSeq).toBe(5);
    expect(timeline.hasGap).toBe(false);
    timeline.confirmThrough(2);
    expect(timeline.syncedSeq).toBe(5);
  });

  it('starts after a given seq: older history is no gap, and may still be paged in', () => {
    const timeline = new ConversationTimeline('c1', { afterSeq: 10 });
    timeline.add([stored(11)]);
    expect(timeline.hasGap).toBe(false);
    timeline.add([stored(9), stored(10)]);
    expect(seqs(timeline)).toEqual([9, 10, 11]);
    expect(timeline.syncedSeq).toBe(11);
  });

  it('removes a deleted message for good without opening a gap', () => {
    const timeline = new ConversationTimeline('c1');
    timeline.add([stored(1), stored(2), stored(3)]);
    expect(timeline.remove('m2')).toBe(true);
    expect(timeline.remove('m2')).toBe(false);
    expect(seqs(timeline)).toEqual([1, 3]);
    expect(timeline.hasGap).toBe(false);
    // A catch-up page read before the delete brings no copy back.
    expect(timeline.add([stored(2)])).toEqual([]);
    expect(seqs(timeline)).toEqual([1, 3]);
  });

  it('hands out the same frozen array until something changes', () => {
    const timeline = new ConversationTimeline('c1');
    timeline.add([stored(1)]);
    const first = timeline.messages;
    expect(Object.isFrozen(first)).toBe(true);
    expect(timeline.messages).toBe(first);
    timeline.add([stored(1)]);
    expect(timeline.messages).toBe(first);
    timeline.add([stored(2)]);
    expect(timeline.messages).not.toBe(first);
  });

  it('holds every message once, in order, from any arrival order with repeats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 120 }),
        (count, picks) => {
          const all = Array.from({ length: count }, (_, index) => stored(index + 1));
          // Arrival: random picks (with repeats) and then everything once, in a shuffled-by-picks order.
          const arrivals = [...picks.map((pick) => all[pick % count] as ChatMessage), ...all.reverse()];
          const timeline = new ConversationTimeline('c1');
          for (const message of arrivals) timeline.add([message]);
          expect(seqs(timeline)).toEqual(Array.from({ length: count }, (_, index) => index + 1));
          expect(timeline.syncedSeq).toBe(count);
          expect(timeline.hasGap).toBe(false);
        },
      ),
    );
  });
});
