import { execFileSync } from 'node:child_process';

/**
 * The visible text of a PDF as a reader would copy it, read by Debian's pdftotext (poppler-utils, which
 * scripts/ensure-system-deps.sh installs); `-layout` keeps each printed line on one line.
 */
export function pdfText(pdf: Buffer): string {
  if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('not a PDF');
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
}

/**
 * What a screen reader is given of a PDF: whether it is tagged, and its structure tree with each element's text
 * (pdfinfo, from poppler-utils too), as `Document / H1 "…" / P "…"` lines.
 */
export function pdfStructure(pdf: Buffer): { tagged: boolean; tree: string } {
  if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('not a PDF');
  const info = execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' });
  const tree = execFileSync('pdfinfo', ['-struct-text', '-'], { input: pdf, encoding: 'utf8' });
  return { tagged: /^Tagged:\s+yes$/m.test(info), tree };
}
