/**
 * A tiny PNG encoder and raster so the demo files (posters, banners, mini-map, thumbnails, SSO buttons) are real
 * images without a native image library: RGBA pixels, deflated with node:zlib, chunks sealed with CRC-32.
 */
import { deflateSync } from 'node:zlib';

/** An RGB(A) colour, each channel 0-255. */
export type Rgba = readonly [number, number, number, number?];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309) as PNG chunks need it. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A drawable RGBA raster. */
export class Raster {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgba = [255, 255, 255],
  ) {
    this.pixels = new Uint8Array(width * height * 4);
    this.fillRect(0, 0, width, height, background);
  }

  /** Sets one pixel, alpha-blending over what is there. */
  plot(x: number, y: number, [r, g, b, a = 255]: Rgba): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 4;
    const alpha = a / 255;
    const p = this.pixels;
    p[i] = Math.round(r * alpha + (p[i] ?? 0) * (1 - alpha));
    p[i + 1] = Math.round(g * alpha + (p[i + 1] ?? 0) * (1 - alpha));
    p[i + 2] = Math.round(b * alpha + (p[i + 2] ?? 0) * (1 - alpha));
    p[i + 3] = Math.min(255, Math.round(a + (p[i + 3] ?? 0) * (1 - alpha)));
  }

  fillRect(x: number, y: number, w: number, h: number, colour: Rgba): this {
    for (let yy = Math.max(0, y); yy < Math.min(this.height, y + h); yy += 1)
      for (let xx = Math.max(0, x); xx < Math.min(this.width, x + w); xx += 1) this.plot(xx, yy, colour);
    return this;
  }

  fillCircle(cx: number, cy: number, radius: number, colour: Rgba): this {
    for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y += 1)
      for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x += 1)
        if ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= radius ** 2) this.plot(x, y, colour);
    return this;
  }

  /** Even-odd scanline fill of a polygon given as [x0, y0, x1, y1, ...]. */
  fillPolygon(points: readonly number[], colour: Rgba): this {
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i + 1 < points.length; i += 2) {
      xs.push(points[i] ?? 0);
      ys.push(points[i + 1] ?? 0);
    }
    const n = xs.length;
    if (n < 3) return this;
    for (
      let y = Math.max(0, Math.floor(Math.min(...ys)));
      y <= Math.min(this.height - 1, Math.ceil(Math.max(...ys)));
      y += 1
    ) {
      const scan = y + 0.5;
      const crossings: number[] = [];
      for (let i = 0; i < n; i += 1) {
        const j = (i + 1) % n;
        const [y1, y2] = [ys[i] ?? 0, ys[j] ?? 0];
        if ((y1 <= scan && y2 > scan) || (y2 <= scan && y1 > scan)) {
          const [x1, x2] = [xs[i] ?? 0, xs[j] ?? 0];
          crossings.push(x1 + ((scan - y1) / (y2 - y1)) * (x2 - x1));
        }
      }
      crossings.sort((a, b) => a - b);
      for (let k = 0; k + 1 < crossings.length; k += 2)
        for (
          let x = Math.ceil((crossings[k] ?? 0) - 0.5);
          x < Math.ceil((crossings[k + 1] ?? 0) - 0.5);
          x += 1
        )
          this.plot(x, y, colour);
    }
    return this;
  }

  /** Horizontal stripes of a vertical gradient between two colours. */
  fillGradient(from: Rgba, to: Rgba): this {
    for (let y = 0; y < this.height; y += 1) {
      const t = this.height > 1 ? y / (this.height - 1) : 0;
      const mix = (a: number, b: number) => Math.round(a + (b - a) * t);
      this.fillRect(0, y, this.width, 1, [mix(from[0], to[0]), mix(from[1], to[1]), mix(from[2], to[2])]);
    }
    return this;
  }

  /** Encodes the raster as a PNG file (8-bit RGBA, filter 0 on every row). */
  toPng(): Buffer {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.writeUInt8(8, 8); // bit depth
    header.writeUInt8(6, 9); // colour type RGBA
    header.writeUInt8(0, 10); // compression
    header.writeUInt8(0, 11); // filter method
    header.writeUInt8(0, 12); // no interlace
    const stride = this.width * 4;
    const raw = Buffer.alloc((stride + 1) * this.height);
    for (let y = 0; y < this.height; y += 1) {
      raw[y * (stride + 1)] = 0;
      Buffer.from(this.pixels.buffer, this.pixels.byteOffset + y * stride, stride).copy(
        raw,
        y * (stride + 1) + 1,
      );
    }
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

/** Reads width and height from a PNG's IHDR (used by tests and the mini-map answer). */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}
