import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';
import { buildPdf } from './pdf.ts';
import { crc32, pngSize, Raster } from './png.ts';

describe('PNG encoder', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
  });

  it('writes chunks with correct CRCs and pixels that decode back', () => {
    const png = new Raster(3, 2, [10, 20, 30]).fillRect(1, 0, 1, 1, [255, 0, 0]).toPng();
    expect(pngSize(png)).toEqual({ width: 3, height: 2 });
    let offset = 8;
    const types: string[] = [];
    let idat = Buffer.alloc(0);
    while (offset < png.length) {
      const length = png.readUInt32BE(offset);
      const type = png.subarray(offset + 4, offset + 8).toString('ascii');
      const data = png.subarray(offset + 8, offset + 8 + length);
      expect(png.readUInt32BE(offset + 8 + length), type).toBe(
        crc32(png.subarray(offset + 4, offset + 8 + length)),
      );
      if (type === 'IDAT') idat = Buffer.concat([idat, data]);
      types.push(type);
      offset += 12 + length;
    }
    expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
    const raw = inflateSync(idat);
    expect(raw.length).toBe(2 * (1 + 3 * 4));
    expect([...raw.subarray(1, 9)]).toEqual([10, 20, 30, 255, 255, 0, 0, 255]);
  });

  it('fills circles and polygons inside their bounds only', () => {
    const r = new Raster(20, 20, [0, 0, 0])
      .fillCircle(10, 10, 5, [255, 255, 255])
      .fillPolygon([0, 0, 4, 0, 0, 4], [0, 255, 0]);
    const at = (x: number, y: number) => [...r.pixels.subarray((y * 20 + x) * 4, (y * 20 + x) * 4 + 3)];
    expect(at(10, 10)).toEqual([255, 255, 255]);
    expect(at(17, 10)).toEqual([0, 0, 0]);
    expect(at(0, 0)).toEqual([0, 255, 0]);
    expect(at(19, 19)).toEqual([0, 0, 0]);
  });
});

describe('PDF writer', () => {
  it('writes a cross-reference table whose offsets point at each object', () => {
    const pdf = buildPdf('Manual (v1)', [['Line one'], ['Page two']]);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const [, count] = /xref\n0 (\d+)\n/.exec(text.slice(startxref)) ?? [];
    const entries = text
      .slice(startxref)
      .split('\n')
      .slice(2, 2 + Number(count));
    expect(entries[0]).toBe('0000000000 65535 f ');
    entries.slice(1).forEach((entry, i) => {
      const at = Number(entry.slice(0, 10));
      expect(text.slice(at, at + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    expect(text).toContain('/Count 2');
    expect(text).toContain('(Manual \\(v1\\)) Tj');
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
    const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.slice(streamStart + length, streamStart + length + '\nendstream'.length)).toBe('\nendstream');
  });
});

describe('CSV reader', () => {
  it('reads quoted fields, doubled quotes and line numbers', () => {
    const records = parseCsv('a,b\r\n"x, y","say ""hi"""\n\n"multi\nline",z\n');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['multi\nline', 'z'] },
    ]);
  });

  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('a,"b\n')).toThrow('unterminated quoted field starting on line 1');
  });
});
