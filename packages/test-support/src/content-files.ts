import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ZipFile } from 'yazl';

/**
 * The content packages that tests import, written by hand as folders in `packages/test-support/content/`:
 * read as a package's files (path relative to the folder, `/` separators) or zipped as an authoring tool
 * would export them.
 */
export const contentFixture = (name: string) => join(import.meta.dirname, '..', 'content', name);

export function filesOf(dir: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path).split(sep).join('/'), readFileSync(path));
  }
  return files;
}

/** A zip of the files (deflated, in path order, fixed dates: the same folder gives the same bytes). */
export async function zipOf(files: ReadonlyMap<string, Uint8Array>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const path of [...files.keys()].sort()) {
    zip.addBuffer(Buffer.from(files.get(path) as Uint8Array), path, { mtime: new Date('2026-01-01T00:00:00Z') });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
