import { describe, expect, it } from 'vitest';
import { isNearBottom, isNearTop, keptScrollTop } from './scroll.ts';

describe('scroll thresholds', () => {
  const box = (scrollTop: number) => ({ scrollTop, scrollHeight: 1000, clientHeight: 400 });

  it('is at the bottom within 50 px of it, and not beyond', () => {
    expect(isNearBottom(box(600))).toBe(true);
    expect(isNearBottom(box(550))).toBe(true);
    expect(isNearBottom(box(549))).toBe(false);
  });

  it('is at the top within 100 px of it, and not beyond', () => {
    expect(isNearTop(box(0))).toBe(true);
    expect(isNearTop(box(100))).toBe(true);
    expect(isNearTop(box(101))).toBe(false);
  });

  it('keeps what the reader saw in place when older messages are put above', () => {
    expect(keptScrollTop(box(40), 1600)).toBe(640);
  });
});
