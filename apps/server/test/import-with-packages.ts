import { contentFixture, filesOf, zipOf } from '@prova/test-support/content-files';
import { prepareBundlePackages } from '../src/content/bundle-packages';
import { readBundleZip } from '../src/content/bundle-source';
import type { DatabaseHandle } from '../src/db/database';
import { importBundle } from '../src/import/import-bundle';

/** A hand-written content package of packages/test-support/content, zipped as an authoring tool exports it. */
export const fixtureZip = (name: string): Promise<Uint8Array> => zipOf(filesOf(contentFixture(name)));

/**
 * Imports a bundle with the packages its tests name (`tests[].package.file` -> the zip's bytes) the way an upload or the
 * CLI takes them, from one bundle zip. Answers the packages read, by file. Throws on any problem: the callers mean a
 * valid bundle.
 */
export async function importWithPackages(database: DatabaseHandle, bundle: object, packages: Record<string, Uint8Array>) {
  const zip = await zipOf(new Map<string, Uint8Array>([['bundle.json', Buffer.from(JSON.stringify(bundle))], ...Object.entries(packages)]));
  const source = await readBundleZip(zip, 'bundle.zip');
  if (!source.ok) throw new Error(source.problems.join('\n'));
  const prepared = await prepareBundlePackages(source.bundle, source.files);
  const result = await importBundle(database, source.bundle, { packages: prepared });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return prepared;
}
