import { prepareQtiPackage } from '@prova/qti/package';
import { compileScoring } from '@prova/qti/scoring';
import type { PackageFiles, PreparedPackage } from './package-files';

/**
 * A QTI package made ready by the QTI reader (packages/qti): its stripped items served, its delivery.json,
 * and its scoring model (compiled once here from the test's and items' XML, so scoring never parses XML).
 * A rule the server could not run is refused now, not found when a candidate hands in.
 */
export async function prepareQtiContent(files: PackageFiles): Promise<PreparedPackage> {
  const prepared = await prepareQtiPackage(files);
  if (!prepared.ok) return prepared;
  const scoring = compileScoring(prepared.sources);
  if (!scoring.ok) return scoring;
  return { ok: true, kind: 'qti', served: prepared.served, delivery: prepared.delivery, scoring: scoring.model, notes: prepared.notes };
}
