/**
 * A minimal but valid PDF 1.4 writer for the user manual: one page per entry of `pages`, Helvetica text,
 * a cross-reference table with the exact byte offset of every object, as PDF readers require.
 */

function escapePdfText(text: string): string {
  // PDF literal strings: backslash, parentheses escaped; keep to Latin-1 printable characters.
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
}

/** Builds a PDF with a title line and body lines on each page. */
export function buildPdf(title: string, pages: readonly (readonly string[])[]): Buffer {
  const objects: string[] = [];
  const pageCount = Math.max(1, pages.length);
  // Object numbers: 1 catalog, 2 pages, 3 font, then (page, content) pairs.
  const pageIds = Array.from({ length: pageCount }, (_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  for (let i = 0; i < pageCount; i += 1) {
    const lines = pages[i] ?? [];
    const ops = [`BT /F1 20 Tf 56 780 Td (${escapePdfText(title)}) Tj ET`];
    lines.forEach((line, index) =>
      ops.push(`BT /F1 12 Tf 56 ${740 - index * 18} Td (${escapePdfText(line)}) Tj ET`),
    );
    const stream = ops.join('\n');
    const pageId = pageIds[i] ?? 4;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] =
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  }
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id] ?? ''}\nendobj\n`;
  }
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  const size = objects.length;
  body += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let id = 1; id < size; id += 1) body += `${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
