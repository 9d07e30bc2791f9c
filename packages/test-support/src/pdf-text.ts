import { execFileSync } from 'node:child_process';

/**
 * The visible text of a PDF as a reader would copy it, read by Debian's pdftotext (poppler-utils, which
 * scripts/ensure-system-deps.sh installs); `-layout` keeps each printed line on one line.
 */
export function pdfText(pdf: Buffer): string {
  if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('not a PDF');
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
}
