/** A small RFC 4180 CSV reader: quoted fields, doubled quotes, CRLF or LF line ends; records keep their line. */

export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number;
  fields: string[];
}

/** Parses CSV text; throws on an unterminated quoted field. */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let atFieldStart = true;
  const src = text.startsWith('\ufeff') ? text.slice(1) : text;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    atFieldStart = true;
  };
  for (let i = 0; i < src.length; i += 1) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (c === '\n') line += 1;
        field += c;
      }
      continue;
    }
    if (c === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      atFieldStart = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += c;
      atFieldStart = false;
    }
  }
  if (quoted) throw new Error(`unterminated quoted field starting on line ${recordLine}`);
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
