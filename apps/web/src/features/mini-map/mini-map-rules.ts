// The mini-map's rules (spec 02 §2.10, §4.11): whether it shows, how it starts, and its areas as SVG shapes.
import {
  findPreference,
  isFlagOn,
  type MiniMapShape,
  type Preference,
  type Room,
} from '@showfloor/contracts';

/** The mini-map (and its Rooms list) shows when the event's mini_map preference is 'yes' or 'auto'. */
export function isMiniMapOn(preferences: readonly Preference[]): boolean {
  return isFlagOn(findPreference(preferences, 'mini_map'));
}

/** Whether the map starts open: mini_map_at_start, unless the user's choice is stored (enableMiniMap). */
export function miniMapAtStart(preferences: readonly Preference[]): boolean {
  return isFlagOn(findPreference(preferences, 'mini_map_at_start'));
}

/** An area as an SVG shape, in the image's own pixels. */
export type AreaShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number }
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'polygon'; points: string };

/** An HTML image-map area (shape and coords) as an SVG shape; undefined when its coordinates do not fit it. */
export function areaShape(shape: MiniMapShape, coords: string): AreaShape | undefined {
  const n = coords.split(',').map((c) => Number(c.trim()));
  if (n.some((c) => !Number.isFinite(c))) return undefined;
  if (shape === 'rect') {
    const [x1, y1, x2, y2] = n;
    if (n.length !== 4 || x1 === undefined || y1 === undefined || x2 === undefined || y2 === undefined)
      return undefined;
    return {
      kind: 'rect',
      x: Math.min(x1, x2),
      y: Math.min(y1, y2),
      width: Math.abs(x2 - x1),
      height: Math.abs(y2 - y1),
    };
  }
  if (shape === 'circle') {
    const [cx, cy, r] = n;
    if (n.length !== 3 || cx === undefined || cy === undefined || r === undefined) return undefined;
    return { kind: 'circle', cx, cy, r };
  }
  if (n.length < 6 || n.length % 2 !== 0) return undefined;
  const points: string[] = [];
  for (let i = 0; i < n.length; i += 2) points.push(`${n[i]},${n[i + 1]}`);
  return { kind: 'polygon', points: points.join(' ') };
}

/** Where a room's area or list entry goes: the lobby is /lobby, every other room /room/{room_id}. */
export function roomHref(room: Pick<Room, 'id' | 'type'> | { id: number; type?: undefined }): string {
  return room.type === 'lobby' ? '/lobby' : `/room/${room.id}`;
}

/** Where an area's name is written: the middle of its rect or circle, the mean of its polygon's corners. */
export function areaCentre(shape: AreaShape): { x: number; y: number } {
  if (shape.kind === 'rect') return { x: shape.x + shape.width / 2, y: shape.y + shape.height / 2 };
  if (shape.kind === 'circle') return { x: shape.cx, y: shape.cy };
  const corners = shape.points.split(' ').map((p) => p.split(',').map(Number));
  const sum = corners.reduce((acc, [x = 0, y = 0]) => ({ x: acc.x + x, y: acc.y + y }), { x: 0, y: 0 });
  return { x: sum.x / corners.length, y: sum.y / corners.length };
}

/** How wide an area is, in the image's pixels (a polygon: its corners' extent). */
export function areaWidth(shape: AreaShape): number {
  if (shape.kind === 'rect') return shape.width;
  if (shape.kind === 'circle') return shape.r * 2;
  const xs = shape.points.split(' ').map((p) => Number(p.split(',')[0]));
  return Math.max(...xs) - Math.min(...xs);
}

/** A label's average character width, as a share of its font size (bold system sans). */
const CHARACTER_WIDTH = 0.62;

/**
 * The lines a room's name is written in on its area: one line when it fits the area's width at `fontSize`, else
 * its words spread over as few lines as fit (a single word too long for the area keeps a line of its own).
 */
export function labelLines(name: string, width: number, fontSize: number): string[] {
  const fits = (text: string) => text.length * fontSize * CHARACTER_WIDTH <= width;
  const lines: string[] = [];
  for (const word of name.trim().split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && fits(`${last} ${word}`)) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}
