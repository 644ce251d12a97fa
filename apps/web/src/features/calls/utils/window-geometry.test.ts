import { describe, expect, it } from 'vitest';
import { clampRect, initialRect, moveRect, resizeRect } from './window-geometry.ts';

const viewport = { width: 1000, height: 800 };

describe('the call window geometry', () => {
  it('opens at 60 % of the window, centred', () => {
    expect(initialRect(viewport)).toEqual({ x: 200, y: 160, width: 600, height: 480 });
  });

  it('moves inside the window only', () => {
    const start = initialRect(viewport);
    expect(moveRect(start, 50, -20, viewport)).toEqual({ ...start, x: 250, y: 140 });
    expect(moveRect(start, 5000, 5000, viewport)).toEqual({ ...start, x: 400, y: 320 });
    expect(moveRect(start, -5000, -5000, viewport)).toEqual({ ...start, x: 0, y: 0 });
  });

  it('resizes from each corner, the opposite corner staying put, between 60 % and the whole window', () => {
    const start = initialRect(viewport);
    expect(resizeRect(start, 'se', 100, 50, viewport)).toEqual({ x: 200, y: 160, width: 700, height: 530 });
    expect(resizeRect(start, 'nw', -100, -60, viewport)).toEqual({ x: 100, y: 100, width: 700, height: 540 });
    expect(resizeRect(start, 'ne', 100, -60, viewport)).toEqual({ x: 200, y: 100, width: 700, height: 540 });
    expect(resizeRect(start, 'sw', -100, 60, viewport)).toEqual({ x: 100, y: 160, width: 700, height: 540 });
    // Never below the minimum, never beyond the window.
    expect(resizeRect(start, 'se', -300, -300, viewport)).toEqual(start);
    expect(resizeRect(start, 'nw', 300, 300, viewport)).toEqual(start);
    expect(resizeRect(start, 'nw', -5000, -5000, viewport)).toEqual({ x: 0, y: 0, width: 800, height: 640 });
    expect(resizeRect({ ...start, x: 0, y: 0 }, 'se', 5000, 5000, viewport)).toEqual({
      x: 0,
      y: 0,
      ...viewport,
    });
  });

  it('stays between its bounds when the browser window shrinks', () => {
    const big = { x: 300, y: 200, width: 700, height: 600 };
    expect(clampRect(big, { width: 800, height: 600 })).toEqual({ x: 100, y: 0, width: 700, height: 600 });
  });
});
