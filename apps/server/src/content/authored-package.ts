import type { AuthoredTest } from '@prova/contract/authored-test';
import { writeAuthoredTest } from '@prova/qti/author';
import { ZipFile } from 'yazl';
import type { StoredPackage } from '../repositories/content-repository';
import { packageHash, toStored } from './bundle-packages';
import { prepareQtiContent } from './qti-package';
import { PACKAGE_ZIP_LIMITS, readZip } from './zip-files';

// A test written in the console as the QTI 3 package zip the platform stores, serves and exports: the same
// test always gives the same bytes, so the same hash (one stored package however often it is saved or
// previewed, and the exported zip is the very package candidates get).

/**
 * Every entry's date: a zip's DOS date holds local fields, so a local date gives the same bytes in any time
 * zone; the extended timestamp (UTC seconds) is left out for the same reason.
 */
const ENTRY_DATE = new Date(2026, 0, 1, 0, 0, 0);

/** The package's files zipped deflated, in path order, with fixed dates and modes. */
export async function authoredPackageZip(test: AuthoredTest): Promise<Buffer> {
  const files = writeAuthoredTest(test);
  const zip = new ZipFile();
  for (const path of [...files.keys()].sort())
    zip.addBuffer(Buffer.from(files.get(path)!), path, { mtime: ENTRY_DATE, mode: 0o100644, forceDosTimestamp: true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export type AuthoredPackage =
  { ok: true; zip: Buffer; hash: string; stored: StoredPackage; maxTimeSeconds: number | null } | { ok: false; problems: string[] };

/**
 * The package made ready to store exactly as an imported QTI package is: read back from its zip, its items
 * checked and stripped, its scoring compiled. A problem there is the writer's, named as the importer names it.
 */
export async function prepareAuthoredPackage(test: AuthoredTest): Promise<AuthoredPackage> {
  const zip = await authoredPackageZip(test);
  const read = await readZip(zip, PACKAGE_ZIP_LIMITS);
  if (!read.ok) return read;
  const prepared = await prepareQtiContent(read.files);
  if (!prepared.ok) return prepared;
  const hash = packageHash(zip);
  const maxTimeSeconds = prepared.delivery.kind === 'qti' ? prepared.delivery.maxTimeSeconds : null;
  return { ok: true, zip, hash, stored: toStored(hash, zip.byteLength, prepared), maxTimeSeconds };
}
