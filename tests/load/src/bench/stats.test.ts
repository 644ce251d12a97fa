import { describe, expect, it } from 'vitest';
import { againstBudget, formatBudget, median } from './stats.ts';

describe('median', () => {
  it('takes the middle value of an odd count, in any order', () => {
    expect(median([900, 100, 300])).toBe(300);
  });

  it('takes the mean of the middle two of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('is NaN for no values', () => {
    expect(median([])).toBeNaN();
  });
});

describe('budget verdicts', () => {
  it('meets a budget only strictly under it', () => {
    expect(againstBudget('LCP', 999, 1_000, 'ms').isMet).toBe(true);
    expect(againstBudget('LCP', 1_000, 1_000, 'ms').isMet).toBe(false);
  });

  it('says by how much a budget is missed', () => {
    const line = formatBudget(againstBudget('login route JS (gzip)', 192.1, 150, 'KB'));
    expect(line).toContain('MISSED');
    expect(line).toContain('over by 42.1 KB (28.1 %)');
  });

  it('misses a budget that was not measured', () => {
    const line = againstBudget('LCP', Number.NaN, 1_000, 'ms');
    expect(line.isMet).toBe(false);
    expect(formatBudget(line)).toContain('not measured');
  });
});
