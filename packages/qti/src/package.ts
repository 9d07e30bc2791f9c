import type { QtiDelivery } from '@prova/contract/content';

/** The test XML and item XMLs that the scoring model is compiled from (see scoring). */
export interface QtiScoringSources {
  test: { href: string; xml: string };
  items: Array<{ identifier: string; href: string; xml: string }>;
}

export type PreparedQti =
  | { ok: true; served: Map<string, Uint8Array>; delivery: QtiDelivery; sources: QtiScoringSources; notes: string[] }
  | { ok: false; problems: string[] };

/**
 * Reads an IMS content package holding a QTI 3 test (QTI 2.1/2.2 converted first) and makes it ready to
 * deliver: checked, its items stripped of what scores them, its delivery.json. Written in issue 49.
 */
export async function prepareQtiPackage(_files: ReadonlyMap<string, Uint8Array>): Promise<PreparedQti> {
  return { ok: false, problems: ['imsmanifest.xml: QTI packages cannot be read yet'] };
}
