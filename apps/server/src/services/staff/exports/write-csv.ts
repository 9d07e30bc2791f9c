import type { Cell, ExportTable } from './export-rows';
import { type ExportTexts, wallClock } from './export-texts';

/** A text a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: Cell, texts: ExportTexts, timeZone: string): string {
  if (value === null) return '';
  if (typeof value === 'number') return texts.decimal === ',' ? String(value).replace('.', ',') : String(value);
  if (typeof value === 'object') return texts.dateTime(wallClock(value.at, timeZone));
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  const quoteWhen = texts.separator === ';' ? /[";\r\n]/ : /[",\r\n]/;
  return quoteWhen.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * RFC 4180 as the staff member's spreadsheet reads it: their language's separator and decimal mark, dates on the
 * company's clock, CRLF, quoted where needed; UTF-8 with a BOM so spreadsheets read accents right.
 */
export function writeCsv(table: ExportTable, texts: ExportTexts, timeZone: string): Buffer {
  const lines = [table.header, ...table.rows].map((row) => row.map((cell) => field(cell, texts, timeZone)).join(texts.separator));
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}
