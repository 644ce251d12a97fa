import { describe, expect, it } from 'vitest';
import { prefs } from '../../testing/fixtures.ts';
import {
  areaCentre,
  areaShape,
  areaWidth,
  isMiniMapOn,
  labelLines,
  miniMapAtStart,
  roomHref,
} from './mini-map-rules.ts';

describe('mini-map rules', () => {
  it('shows with mini_map yes or auto and starts open with mini_map_at_start yes or auto', () => {
    expect(isMiniMapOn(prefs({ mini_map: 'yes' }))).toBe(true);
    expect(isMiniMapOn(prefs({ mini_map: 'auto' }))).toBe(true);
    expect(isMiniMapOn(prefs({ mini_map: 'no' }))).toBe(false);
    expect(isMiniMapOn([])).toBe(false);
    expect(miniMapAtStart(prefs({ mini_map_at_start: 'yes' }))).toBe(true);
    expect(miniMapAtStart(prefs({ mini_map_at_start: 'no' }))).toBe(false);
  });

  it('turns image-map rect, circle and poly coordinates into SVG shapes', () => {
    expect(areaShape('rect', '225,150,306,228')).toEqual({
      kind: 'rect',
      x: 225,
      y: 150,
      width: 81,
      height: 78,
    });
    expect(areaShape('rect', '306, 228, 225, 150')).toEqual({
      kind: 'rect',
      x: 225,
      y: 150,
      width: 81,
      height: 78,
    });
    expect(areaShape('circle', '252,62,48')).toEqual({ kind: 'circle', cx: 252, cy: 62, r: 48 });
    expect(areaShape('poly', '14,14,150,14,160,104')).toEqual({
      kind: 'polygon',
      points: '14,14 150,14 160,104',
    });
  });

  it('drops coordinates that do not fit their shape', () => {
    expect(areaShape('rect', '1,2,3')).toBeUndefined();
    expect(areaShape('circle', '1,2,3,4')).toBeUndefined();
    expect(areaShape('poly', '1,2,3,4')).toBeUndefined();
    expect(areaShape('poly', '1,2,3,4,5,6,7')).toBeUndefined();
    expect(areaShape('rect', '1,2,x,4')).toBeUndefined();
  });

  it("writes an area's name in its middle", () => {
    expect(areaCentre({ kind: 'rect', x: 10, y: 20, width: 40, height: 10 })).toEqual({ x: 30, y: 25 });
    expect(areaCentre({ kind: 'circle', cx: 5, cy: 6, r: 3 })).toEqual({ x: 5, y: 6 });
    expect(areaCentre({ kind: 'polygon', points: '0,0 6,0 6,3 0,3' })).toEqual({ x: 3, y: 1.5 });
  });

  it("writes a room's name on one line when it fits its area, else word by word over as few lines as fit", () => {
    expect(areaWidth({ kind: 'rect', x: 10, y: 20, width: 80, height: 10 })).toBe(80);
    expect(areaWidth({ kind: 'circle', cx: 5, cy: 6, r: 45 })).toBe(90);
    expect(areaWidth({ kind: 'polygon', points: '10,0 90,5 60,30' })).toBe(80);
    // 15 px bold: about 9.3 px a character.
    expect(labelLines('Lobby', 80, 15)).toEqual(['Lobby']);
    expect(labelLines('Meeting Room', 80, 15)).toEqual(['Meeting', 'Room']);
    expect(labelLines('Meeting Room', 200, 15)).toEqual(['Meeting Room']);
    expect(labelLines('A very long room name', 120, 15)).toEqual(['A very long', 'room name']);
    expect(labelLines('Supercalifragilistic', 40, 15)).toEqual(['Supercalifragilistic']);
  });

  it('links the lobby to /lobby and every other room to /room/{room_id}', () => {
    expect(roomHref({ id: 1, type: 'lobby' })).toBe('/lobby');
    expect(roomHref({ id: 8, type: 'external' })).toBe('/room/8');
  });
});
