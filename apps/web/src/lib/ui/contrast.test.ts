import { describe, expect, it } from 'vitest';
import { contrastRatio, parseCssColour, readableBackground } from './contrast.ts';

const ratio = (a: string, b: string) => contrastRatio(parseCssColour(a)!, parseCssColour(b)!);

describe('contrast', () => {
  it('computes the WCAG ratio', () => {
    expect(ratio('#ffffff', '#000000')).toBeCloseTo(21, 0);
    expect(ratio('#1c7ed6', '#ffffff')).toBeLessThan(4.5);
  });

  it('darkens a background just enough for light text, and leaves readable ones alone', () => {
    const fixed = readableBackground('#1c7ed6', '#ffffff');
    expect(ratio(fixed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(fixed, '#ffffff')).toBeLessThan(6);
    expect(readableBackground('#1864ab', '#ffffff')).toBe('#1864ab');
    expect(readableBackground('not-a-colour', '#fff')).toBe('not-a-colour');
  });

  it('reads rgb() colours too (SSO buttons may be styled with them)', () => {
    const fixed = readableBackground('rgb(28, 126, 214)', '#ffffff');
    expect(fixed).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastRatio(parseCssColour(fixed)!, parseCssColour('#ffffff')!)).toBeGreaterThanOrEqual(4.5);
  });

  it('lightens a background for dark text', () => {
    const fixed = readableBackground('#555555', '#000000');
    expect(ratio(fixed, '#000000')).toBeGreaterThanOrEqual(4.5);
  });
});
