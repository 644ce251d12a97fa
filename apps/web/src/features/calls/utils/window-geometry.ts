// The call window's size and place (spec 02 §4.4): 60 % of the browser window at first, centred; resized from its
// four corners between that and the whole window; moved anywhere inside the window.
import { SIZES } from '@showfloor/contracts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export type Corner = 'nw' | 'ne' | 'sw' | 'se';
export const CORNERS: readonly Corner[] = ['nw', 'ne', 'sw', 'se'];

/** The smallest size: 60 % of the window each way. */
export function minimumSize(viewport: Viewport): Viewport {
  return {
    width: Math.round(viewport.width * SIZES.CALL_WINDOW_SHARE),
    height: Math.round(viewport.height * SIZES.CALL_WINDOW_SHARE),
  };
}

/** The first place: the minimum size, centred. */
export function initialRect(viewport: Viewport): Rect {
  const size = minimumSize(viewport);
  return {
    ...size,
    x: Math.round((viewport.width - size.width) / 2),
    y: Math.round((viewport.height - size.height) / 2),
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The rect kept between the minimum size and the window, and inside the window. */
export function clampRect(rect: Rect, viewport: Viewport): Rect {
  const min = minimumSize(viewport);
  const width = clamp(rect.width, min.width, viewport.width);
  const height = clamp(rect.height, min.height, viewport.height);
  return {
    width,
    height,
    x: clamp(rect.x, 0, viewport.width - width),
    y: clamp(rect.y, 0, viewport.height - height),
  };
}

/** Moved by (dx, dy), staying inside the window. */
export function moveRect(rect: Rect, dx: number, dy: number, viewport: Viewport): Rect {
  return clampRect({ ...rect, x: rect.x + dx, y: rect.y + dy }, viewport);
}

/**
 * One axis of a resize: the edge at `start` moves by `delta` when `fromStart` (the far edge stays), else the far
 * edge does; the length stays between `min` and what fits before `limit`.
 */
function resizeAxis(
  start: number,
  length: number,
  delta: number,
  fromStart: boolean,
  min: number,
  limit: number,
): { start: number; length: number } {
  if (!fromStart) return { start, length: clamp(length + delta, min, limit - start) };
  const end = start + length;
  const moved = clamp(start + delta, 0, end - min);
  return { start: moved, length: end - moved };
}

/** Resized by dragging `corner` by (dx, dy); the opposite corner stays where it was. */
export function resizeRect(rect: Rect, corner: Corner, dx: number, dy: number, viewport: Viewport): Rect {
  const min = minimumSize(viewport);
  const isWest = corner === 'nw' || corner === 'sw';
  const isNorth = corner === 'nw' || corner === 'ne';
  const across = resizeAxis(rect.x, rect.width, dx, isWest, min.width, viewport.width);
  const down = resizeAxis(rect.y, rect.height, dy, isNorth, min.height, viewport.height);
  return { x: across.start, y: down.start, width: across.length, height: down.length };
}

/** The whole window. */
export function fullRect(viewport: Viewport): Rect {
  return { x: 0, y: 0, width: viewport.width, height: viewport.height };
}
