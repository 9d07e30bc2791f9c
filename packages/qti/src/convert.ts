import type { Document } from '@xmldom/xmldom';
import type { QtiVersion } from './manifest';

// QTI 2.1 and 2.2 files become QTI 3 with @citolab/qti-convert (the 1EdTech upgrade stylesheet run by
// Saxon-JS). Its Node entry loads Saxon-JS when imported, so it is imported only for a package that needs it.

export const QTI3_NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';

const NAMESPACES: Record<string, QtiVersion> = {
  'http://www.imsglobal.org/xsd/imsqti_v2p1': '2.1',
  'http://www.imsglobal.org/xsd/imsqti_v2p2': '2.2',
  [QTI3_NS]: '3.0',
};

/** The QTI version of a file, told by its root element's namespace; null: not QTI 2.1, 2.2 or 3. */
export function qtiVersionOf(doc: Document): QtiVersion | null {
  return NAMESPACES[doc.documentElement?.namespaceURI ?? ''] ?? null;
}

export const ACCEPTED_NAMESPACES = Object.keys(NAMESPACES).join(', ');

export async function convertToQti3(path: string, xml: string): Promise<{ ok: true; xml: string } | { ok: false; problem: string }> {
  const { convertQti2toQti3 } = await import('@citolab/qti-convert/qti-convert-node');
  try {
    return { ok: true, xml: await convertQti2toQti3(xml) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `${path}: the QTI 2 to QTI 3 conversion failed (${reason})` };
  }
}
