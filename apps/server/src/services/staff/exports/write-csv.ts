import type { Cell, ExportTable } from './export-rows';

/** A text a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180: comma separated, CRLF, quoted where needed; UTF-8 with a BOM so spreadsheets read accents right. */
export function writeCsv(table: ExportTable): Buffer {
  const lines = [table.header, ...table.rows].map((row) => row.map(field).join(','));
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}
