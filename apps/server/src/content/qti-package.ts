import { prepareQtiPackage } from '@prova/qti/package';
import type { PackageFiles, PreparedPackage } from './package-files';

/**
 * A QTI package made ready by the QTI reader (packages/qti): its stripped items served, its delivery.json,
 * and the test's and items' XML kept as what the server scores with.
 */
export async function prepareQtiContent(files: PackageFiles): Promise<PreparedPackage> {
  const prepared = await prepareQtiPackage(files);
  if (!prepared.ok) return prepared;
  return { ok: true, kind: 'qti', served: prepared.served, delivery: prepared.delivery, scoring: prepared.sources, notes: prepared.notes };
}
