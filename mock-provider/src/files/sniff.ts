/** Content types recognised from a file's first bytes: uploads are stored only when they are what they claim. */

const SIGNATURES: Array<{ type: string; test: (b: Buffer) => boolean }> = [
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/gif',
    test: (b) =>
      b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
  },
  {
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { type: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

/** The content type of the bytes, or undefined when they are none of the known kinds. */
export function sniffContentType(data: Buffer): string | undefined {
  return SIGNATURES.find((s) => s.test(data))?.type;
}

export const isImageType = (type: string | undefined): boolean =>
  type !== undefined && type.startsWith('image/');
